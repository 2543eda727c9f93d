"""A job handler for the kill test, run by the real worker: the admin's import, which stops
for good half-way through its transaction (and says so in a file) until it is killed."""

from __future__ import annotations

import time
from pathlib import Path

from cards.imports import jobs as import_jobs
from cards.imports.resources import PlaceResource


def run(job, progress):
    original = PlaceResource.save_instance
    saved = [0]

    def save_instance(self, instance, is_create, row, **kwargs):
        result = original(self, instance, is_create, row, **kwargs)
        saved[0] += 1
        if saved[0] == job.params["stop_after"]:
            Path(job.params["marker"]).write_text(str(saved[0]))
            time.sleep(600)
        return result

    PlaceResource.save_instance = save_instance
    return import_jobs.run(job, progress)
