"""A worker killed half-way through a confirmed import leaves nothing half-saved (SQLite and
PostgreSQL: the suite runs on both), and its job is reported failed, not lost."""

from __future__ import annotations

import base64
import signal
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from cards.models import Deck, Place
from jobs import runner
from jobs.models import Job, Status

pytestmark = pytest.mark.servers

ROWS = 400
HEADER = "id,name,kind,country,latitude,longitude,population\n"


def test_killing_the_worker_half_way_through_an_import_saves_no_row(
    editor, task_worker, tmp_path, settings
):
    before = Place.objects.create(name="Alt", country="DE", latitude=51, longitude=9)
    csv = HEADER + f"{before.pk},Neu,city,DE,51.5,9.5,6\n"
    csv += "".join(f",Ort {i},city,DE,{50 + i / 10_000:.4f},8.5,{100 + i}\n" for i in range(ROWS))
    marker = tmp_path / "half-way"
    params = {
        "model": "cards.place",
        "format": 0,
        "file_name": "places.csv",
        "data": base64.b64encode(csv.encode()).decode(),
        "stop_after": ROWS // 2,
        "marker": str(marker),
    }
    job, _ = runner.start(editor, "kill", "Import", "tests.jobs.slow_import.run", params)
    deadline = time.monotonic() + 120
    while not marker.exists():
        assert time.monotonic() < deadline, Job.objects.get(pk=job.pk).status
        assert task_worker.poll() is None, "the worker ended"
        time.sleep(0.1)
    assert marker.read_text() == str(ROWS // 2)  # half the rows written, not committed

    task_worker.send_signal(signal.SIGKILL)
    task_worker.wait(timeout=30)

    assert list(Place.objects.all()) == [before]
    before.refresh_from_db()
    assert before.name == "Alt"
    assert Place.history.count() == 1
    assert Deck.objects.count() == 0
    # Nothing answers for the job any more: after the stale time it is reported failed.
    Job.objects.filter(pk=job.pk).update(beat_at=timezone.now() - timedelta(hours=1))
    runner.reap()
    job.refresh_from_db()
    assert job.status == Status.FAILED
    assert "worker stopped" in job.message
