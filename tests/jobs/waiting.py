"""Waiting for a job that a real task worker runs."""

from __future__ import annotations

import time

from jobs.models import Job


def wait_for_job(job_id: int, timeout: float = 90) -> Job:
    """The job once it is no longer open (done, failed or cancelled); a generous timeout only
    bounds a worker that never answers."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = Job.objects.get(pk=job_id)
        if not job.is_open:
            return job
        time.sleep(0.2)
    raise AssertionError(f"job still {job.status} after {timeout} s")
