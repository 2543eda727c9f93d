"""Start, run, watch and clean up jobs.

``start`` makes a job (or returns the open or finished one of an identical request) and puts
its task on the queue. The worker runs ``run_job``, which calls the job's handler with a
``Progress``: every step it reports is saved (throttled), is the worker's sign of life and
is where a cancel takes effect. A job whose worker died is found by ``reap`` — its task
failed, or no sign of life for ``JOBS_STALE_SECONDS`` — and reported as failed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.files import File
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext_noop
from django_tasks import TaskResultStatus, task
from django_tasks.exceptions import TaskResultDoesNotExist

from jobs.models import OPEN, Job, Status, files

logger = logging.getLogger(__name__)
SAVE_EVERY_SECONDS = 0.5


class Cancelled(Exception):
    """Raised inside a handler at its next step after the user cancelled the job."""


class JobFailed(Exception):
    """A handler's refusal with a message for the user (a bad option, an empty deck, rows
    that failed); ``details`` go to the job's page."""

    def __init__(self, message: str, details: dict | None = None) -> None:
        super().__init__(message)
        self.details = details or {}


def request_key(*parts: Any) -> str:
    raw = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()


def start(owner, key: str, title: str, handler: str, params: dict) -> tuple[Job, bool]:
    """(the job, whether it is new). An open job of the same request is joined, and a done
    one whose file is still kept is given again."""
    reap()
    same = Job.objects.filter(owner=owner, key=key)
    existing = same.filter(status__in=OPEN).first() or next(
        (j for j in same.filter(status=Status.DONE) if j.has_file), None
    )
    if existing is not None:
        return existing, False
    job = Job.objects.create(owner=owner, key=key, title=title, handler=handler, params=params)
    result = run_job.enqueue(str(job.id))
    Job.objects.filter(pk=job.pk).update(task_id=str(result.id))
    job.task_id = str(result.id)
    return job, True


class Progress:
    """What a handler reports: ``total`` once, then ``step(n)``; each may raise Cancelled."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self._saved = 0.0
        # Quiet: inside a long transaction, progress is counted but not saved (the job's row
        # would stay locked until the commit); a cancel is still seen.
        self.quiet = False

    def set_total(self, total: int) -> None:
        self.job.total = total
        self._save(force=True)

    def advance(self, n: int = 1) -> None:
        self.job.done += n
        self._save()

    def _save(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._saved < SAVE_EVERY_SECONDS:
            return
        self._saved = now
        if not self.quiet:
            Job.objects.filter(pk=self.job.pk).update(
                done=self.job.done, total=self.job.total, beat_at=timezone.now()
            )
        if Job.objects.filter(pk=self.job.pk, cancel_requested=True).exists():
            raise Cancelled


def _finish(job: Job, status: str, message: str = "", **extra: Any) -> None:
    now = timezone.now()
    fields = {"status": status, "message": message, "finished_at": now, "beat_at": now, **extra}
    if status == Status.DONE:
        fields["expires_at"] = job.keep_until()
    Job.objects.filter(pk=job.pk).update(**fields)
    shutil.rmtree(job.folder, ignore_errors=True)


@task()
def run_job(job_id: str) -> str:
    """The one task: run a job's handler and record how it ended."""
    job = Job.objects.filter(pk=job_id).first()
    if job is None or job.status != Status.QUEUED:
        return "skipped"
    if job.cancel_requested:
        _finish(job, Status.CANCELLED)
        return Status.CANCELLED
    now = timezone.now()
    Job.objects.filter(pk=job.pk).update(status=Status.RUNNING, started_at=now, beat_at=now)
    job.started_at = now
    job.folder.mkdir(parents=True, exist_ok=True)
    progress = Progress(job)
    try:
        outcome = import_string(job.handler)(job, progress) or {}
    except Cancelled:
        _finish(job, Status.CANCELLED)
        return Status.CANCELLED
    except JobFailed as error:
        _finish(job, Status.FAILED, str(error), details=error.details)
        return Status.FAILED
    except Exception as error:
        logger.exception("job %s failed", job.pk)
        _finish(job, Status.FAILED, f"{type(error).__name__}: {error}")
        raise
    filename = outcome.get("filename", "")
    if filename:  # into the storage every app server reads, then off the worker's disk
        job.filename = filename
        with open(job.folder / filename, "rb") as written:
            files().save(job.stored_name, File(written))
    _finish(
        job,
        Status.DONE,
        outcome.get("message", ""),
        done=job.total or job.done,
        filename=filename,
        details=outcome.get("details", {}),
    )
    return Status.DONE


def cancel(job: Job) -> None:
    """Ask for a stop; a job still waiting stops at once, a running one at its next step."""
    with transaction.atomic():
        Job.objects.filter(pk=job.pk, status__in=OPEN).update(cancel_requested=True)
        if Job.objects.filter(pk=job.pk, status=Status.QUEUED).exists():
            _finish(job, Status.CANCELLED)


# Stored in English and translated when shown (Job.shown_message): the reaper runs in whichever
# request or worker notices first, not in the language of the person who reads it.
WORKER_STOPPED = gettext_noop("The worker stopped while running this job; start it again.")


def reap(jobs=None) -> None:
    """Report lost jobs as failed (their task failed, or their worker stopped answering) and
    delete finished jobs past their keeping time with their files."""
    stale = timezone.now() - timedelta(seconds=settings.JOBS_STALE_SECONDS)
    candidates = Job.objects.filter(status__in=OPEN) if jobs is None else jobs
    for job in candidates:
        if job.status not in OPEN:
            continue
        lost = job.status == Status.RUNNING and job.beat_at is not None and job.beat_at < stale
        if not lost and job.task_id:
            lost = _task_failed(job.task_id)
        if lost:
            _finish(job, Status.FAILED, WORKER_STOPPED)
    for job in Job.objects.filter(expires_at__lt=timezone.now()):
        shutil.rmtree(job.folder, ignore_errors=True)
        if job.filename:
            files().delete(job.stored_name)
        job.delete()


def _task_failed(task_id: str) -> bool:
    try:
        result = run_job.get_backend().get_result(task_id)
    except TaskResultDoesNotExist:  # the task's row is gone: nothing will ever run the job
        return True
    except DatabaseError:  # a busy database (SQLite's lock) is no lost job: ask again later
        logger.warning("could not read task %s; not reaping its job now", task_id)
        return False
    return result.status == TaskResultStatus.FAILED
