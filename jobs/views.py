"""My print jobs: the list, one job's progress (polled with htmx), cancel and download."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from jobs import runner
from jobs.models import Job


def _own(request: HttpRequest, job_id) -> Job:
    job = get_object_or_404(Job, pk=job_id, owner=request.user)
    if job.is_open:
        runner.reap(Job.objects.filter(pk=job.pk))
        job.refresh_from_db()
    return job


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    runner.reap(Job.objects.filter(owner=request.user))
    jobs = Job.objects.filter(owner=request.user).defer("params")
    template = "jobs/_list.html" if request.htmx else "jobs/index.html"
    return render(request, template, {"jobs": jobs, "polling": any(j.is_open for j in jobs)})


@login_required
@require_GET
def detail(request: HttpRequest, job_id) -> HttpResponse:
    job = _own(request, job_id)
    template = "jobs/_job.html" if request.htmx else "jobs/detail.html"
    return render(request, template, {"job": job})


@login_required
@require_POST
def cancel(request: HttpRequest, job_id) -> HttpResponse:
    job = _own(request, job_id)
    runner.cancel(job)
    return redirect("jobs:detail", job_id=job.pk)


@login_required
@require_GET
def download(request: HttpRequest, job_id) -> FileResponse:
    job = _own(request, job_id)
    if not job.has_file:
        raise Http404("this job has no file (not done, or no longer kept)")
    return FileResponse(job.open_file(), as_attachment=True, filename=job.filename)
