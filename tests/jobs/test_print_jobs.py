"""Prints as background jobs, run by a real task worker process (``task_worker``); the tests
about joining, cancelling and lost jobs need no worker (nothing may run meanwhile)."""

from __future__ import annotations

import io
import zipfile
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from jobs import runner
from jobs.models import Job, Status
from tests.jobs.waiting import wait_for_job

pytestmark = pytest.mark.servers


def _start(client, deck, kind="zip", query="dpi=72"):
    url = reverse("printing:job", args=[deck.slug, kind]) + f"?{query}"
    response = client.post(url)
    assert response.status_code == 302, response.content
    return Job.objects.get(pk=response["Location"].rstrip("/").split("/")[-1])


def test_a_png_zip_job_runs_on_the_worker_and_is_downloaded(
    client, teacher, germany_deck, task_worker
):
    client.force_login(teacher)
    job = wait_for_job(_start(client, germany_deck).pk)
    assert job.status == Status.DONE, job.message
    assert job.done == job.total == 6  # 3 cards, front and back
    assert job.expires_at > timezone.now() + timedelta(hours=23)
    page = client.get(reverse("jobs:detail", args=[job.pk])).content.decode()
    assert "Download" in page or "Herunterladen" in page
    response = client.get(reverse("jobs:download", args=[job.pk]))
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    names = archive.namelist()
    assert len(names) == 6 and all(n.endswith(".png") for n in names)
    # Done and kept: the same request again is the same job, its file given at once.
    assert _start(client, germany_deck).pk == job.pk


def test_a_pdf_job_runs_on_the_worker(client, teacher, germany_deck, task_worker):
    client.force_login(teacher)
    job = wait_for_job(_start(client, germany_deck, "pdf", "what=cards").pk)
    assert job.status == Status.DONE, job.message
    with job.open_file() as stored:
        assert stored.read().startswith(b"%PDF")
    assert not job.folder.exists()  # off the worker's disk once in the jobs storage


def test_a_second_click_joins_the_first_job(client, teacher, germany_deck, worker_env):
    client.force_login(teacher)
    first = _start(client, germany_deck)
    assert _start(client, germany_deck).pk == first.pk
    assert _start(client, germany_deck, query="dpi=100").pk != first.pk
    assert Job.objects.count() == 2


def test_another_user_neither_joins_nor_sees_a_job(
    client, teacher, editor, germany_deck, queued_tasks
):
    client.force_login(teacher)
    job = _start(client, germany_deck)
    client.force_login(editor)
    assert _start(client, germany_deck).pk != job.pk
    assert client.get(reverse("jobs:detail", args=[job.pk])).status_code == 404


def test_a_waiting_job_is_cancelled(client, teacher, germany_deck, queued_tasks):
    client.force_login(teacher)
    job = _start(client, germany_deck)
    client.post(reverse("jobs:cancel", args=[job.pk]))
    job.refresh_from_db()
    assert job.status == Status.CANCELLED
    # A worker that picks its task up later does nothing.
    assert runner.run_job.call(str(job.pk)) == "skipped"


def test_a_running_job_stops_at_its_next_step_when_cancelled(
    teacher, germany_deck, settings, tmp_path
):
    settings.JOBS_ROOT = tmp_path
    job = Job.objects.create(owner=teacher, key="k", title="t", handler="x")
    progress = runner.Progress(job)
    progress.set_total(10)
    Job.objects.filter(pk=job.pk).update(cancel_requested=True)
    with pytest.raises(runner.Cancelled):
        progress.set_total(10)


def test_a_job_whose_worker_died_is_reported_failed(client, teacher, germany_deck, queued_tasks):
    client.force_login(teacher)
    job = _start(client, germany_deck)
    long_ago = timezone.now() - timedelta(hours=1)
    Job.objects.filter(pk=job.pk).update(
        status=Status.RUNNING, started_at=long_ago, beat_at=long_ago
    )
    page = client.get(reverse("jobs:index"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    job.refresh_from_db()
    assert job.status == Status.FAILED
    assert "worker stopped" in job.message and "worker stopped" in page
    german = client.get(reverse("jobs:index"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Hintergrunddienst wurde während dieses Auftrags beendet" in german
    assert "worker stopped" not in german


def test_a_job_whose_task_failed_is_reported_failed(teacher, germany_deck, queued_tasks):
    job, _ = runner.start(teacher, "k", "t", "jobs.no_such_module.handler", {})
    from django_tasks_db.models import DBTaskResult

    task = DBTaskResult.objects.get(pk=job.task_id)
    with pytest.raises(ImportError):
        runner.run_job.call(str(job.pk))
    task.set_failed(ImportError("no such module"))
    job.refresh_from_db()
    assert job.status == Status.FAILED
    runner.reap()
    job.refresh_from_db()
    assert job.status == Status.FAILED


def test_finished_jobs_are_deleted_with_their_files_after_the_keeping_time(
    teacher, db, settings, tmp_path
):
    from django.core.files.base import ContentFile

    from jobs.models import files

    job = Job.objects.create(owner=teacher, key="k", title="t", handler="x", filename="a.zip")
    files().save(job.stored_name, ContentFile(b"zip"))
    Job.objects.filter(pk=job.pk).update(
        status=Status.DONE, expires_at=timezone.now() - timedelta(seconds=1)
    )
    runner.reap()
    assert not Job.objects.exists()
    assert not files().exists(job.stored_name)


def test_the_jobs_pages_need_a_log_in(client, db):
    assert client.get(reverse("jobs:index")).status_code == 302
