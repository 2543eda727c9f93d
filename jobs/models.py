"""A long piece of work for one user, run by the task worker: its progress, its result file.

The queue itself is the ``django-tasks`` database backend (``django_tasks_db``); a ``Job`` is
what a user sees of it: done/total, the time left, cancel, a file to download until it expires.
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.files.storage import Storage, storages
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


def files() -> Storage:
    return storages["jobs"]


class Status(models.TextChoices):
    QUEUED = "queued", _("Waiting")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")
    CANCELLED = "cancelled", _("Cancelled")


OPEN = (Status.QUEUED, Status.RUNNING)


class Job(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    # Identical requests of one owner have the same key: a second click joins the first job.
    key = models.CharField(max_length=64, db_index=True)
    title = models.CharField(max_length=200)
    handler = models.CharField(max_length=200)  # dotted path of ``handler(job, progress)``
    params = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    message = models.TextField(blank=True)  # why it failed, or what the result says
    details = models.JSONField(default=dict, blank=True)  # e.g. an import's failed rows
    filename = models.CharField(max_length=200, blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    cancel_requested = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    beat_at = models.DateTimeField(null=True, blank=True)  # the worker's last sign of life
    finished_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.title} ({self.status})"

    @property
    def shown_message(self) -> str:
        """The message in the reader's language where it is one of the fixed messages kept in
        English (such as the worker having stopped); a handler's own message as it is."""
        return gettext(self.message) if self.message else ""

    @property
    def is_open(self) -> bool:
        return self.status in OPEN

    @property
    def percent(self) -> int:
        if self.status == Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def seconds_left(self) -> int | None:
        """From the pace so far; None before the first step is done."""
        if self.status != Status.RUNNING or not self.started_at or not self.done or not self.total:
            return None
        spent = (timezone.now() - self.started_at).total_seconds()
        return max(0, round(spent / self.done * (self.total - self.done)))

    @property
    def folder(self) -> Path:
        """Where the worker writes the job's file while it runs (its own disk)."""
        return Path(settings.JOBS_ROOT) / "work" / str(self.id)

    @property
    def path(self) -> Path | None:
        return self.folder / self.filename if self.filename else None

    @property
    def stored_name(self) -> str:
        """The finished file's name in the jobs storage, which every app server reads."""
        return f"{self.id}/{self.filename}"

    @property
    def has_file(self) -> bool:
        return (
            self.status == Status.DONE and bool(self.filename) and files().exists(self.stored_name)
        )

    def open_file(self):
        return files().open(self.stored_name, "rb")

    def keep_until(self) -> timezone.datetime:
        return timezone.now() + timedelta(hours=settings.JOBS_KEEP_HOURS)
