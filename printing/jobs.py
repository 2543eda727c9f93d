"""Prints as background jobs: a kit's PDF or PNG zip, written to the job's folder.

The request's options are checked by the view before the job starts; the worker checks them
again (the deck may have changed since) and refuses with the same one-line message. The job
holds the request as the print page sent it (``printing.requests``).
"""

from __future__ import annotations

from django.conf import settings
from django.http import QueryDict

from jobs.runner import JobFailed
from printing.core.kit import KitError
from printing.core.png import pool_size
from printing.requests import PrintRequest


def make_print(job, progress) -> dict:
    params = job.params
    kind = params["kind"]
    try:
        req = PrintRequest.of(
            params.get("kit"), params.get("slug"), QueryDict(params.get("query", ""))
        )
        if not req.valid:
            raise JobFailed(req.errors)
        filename = req.filename(kind)
        path = job.folder / filename
        if kind == "zip":
            req.render(
                kind, out=path, progress=progress, processes=pool_size(settings.PNG_PROCESSES)
            )
        else:
            path.write_bytes(req.render(kind, progress=progress))
    except KitError as error:
        raise JobFailed(str(error)) from None
    return {"filename": filename}
