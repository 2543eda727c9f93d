"""A confirmed admin import as a background job: validated again, then saved in one
transaction on the task worker (``cards.imports.batched``); its job page lists the rows that
failed and why."""

from __future__ import annotations

import base64
from types import SimpleNamespace
from typing import Any

from django.apps import apps
from django.utils.translation import gettext as _

from jobs import runner


class _Steps:
    """The job's progress for an import: a cancel is remembered rather than raised inside
    django-import-export's row loop (which would report it as a row error)."""

    def __init__(self, progress: Any) -> None:
        self.progress = progress
        self.cancelled = False

    @property
    def quiet(self) -> bool:
        return self.progress.quiet

    @quiet.setter
    def quiet(self, value: bool) -> None:
        self.progress.quiet = value

    def set_total(self, total: int) -> None:
        self._call(self.progress.set_total, total)

    def advance(self, n: int = 1) -> None:
        self._call(self.progress.advance, n)

    def _call(self, step, *args) -> None:
        try:
            step(*args)
        except runner.Cancelled:
            self.cancelled = True


def start(model_admin, request, fmt: int, data: bytes | str, file_name: str):
    """Queue the import of ``data`` (the uploaded file) for ``request.user``."""
    raw = data.encode() if isinstance(data, str) else data
    opts = model_admin.model._meta
    key = runner.request_key("import", opts.label_lower, fmt, raw.hex())
    params = {
        "model": opts.label_lower,
        "format": fmt,
        "file_name": file_name,
        "data": base64.b64encode(raw).decode(),
    }
    title = _("Import of %(file)s") % {"file": file_name or opts.verbose_name_plural}
    job, _new = runner.start(request.user, key, title, "cards.imports.jobs.run", params)
    return job


def _model_admin(label: str):
    from importlib import import_module

    from django.conf import settings
    from django.contrib import admin

    import_module(settings.ROOT_URLCONF)  # the admin registers its models with the URLs
    return admin.site._registry[apps.get_model(label)]


def failed_rows(result) -> list[dict]:
    rows = []
    for row in result.invalid_rows:
        reasons = "; ".join(
            f"{field}: {' '.join(str(m) for m in messages)}" if field != "__all__"
            else " ".join(str(m) for m in messages)
            for field, messages in row.error_dict.items()
        )  # fmt: skip
        rows.append({"row": row.number, "error": reasons})
    for number, errors in result.row_errors():
        rows.append({"row": number, "error": "; ".join(str(e.error) for e in errors)})
    return sorted(rows, key=lambda r: r["row"])


def run(job, progress) -> dict:
    model_admin = _model_admin(job.params["model"])
    request = SimpleNamespace(user=job.owner)
    input_format = model_admin.get_import_formats()[job.params["format"]](
        encoding=model_admin.from_encoding
    )
    raw = base64.b64decode(job.params["data"])
    data = raw if input_format.is_binary() else raw.decode(model_admin.from_encoding or "utf-8")
    dataset = input_format.create_dataset(data)
    resource = model_admin.get_import_resource_classes(request)[0]()
    steps = _Steps(progress)
    result = resource.import_data(
        dataset,
        dry_run=False,
        file_name=job.params["file_name"],
        user=job.owner,
        progress=steps,
        retain_instance_in_row_result=True,
    )
    rows = failed_rows(result)
    if result.base_errors:
        raise runner.JobFailed(" ".join(str(e.error) for e in result.base_errors))
    if rows:
        message = _("Nothing was imported: rows %(rows)s failed (the reasons are below).")
        numbers = ", ".join(str(r["row"]) for r in rows)
        raise runner.JobFailed(message % {"rows": numbers}, {"failed_rows": rows})
    model_admin.generate_log_entries(result, request)
    totals = result.totals
    message = _("Import finished: %(new)d new, %(update)d updated, %(skip)d unchanged.") % {
        "new": totals.get("new", 0),
        "update": totals.get("update", 0),
        "skip": totals.get("skip", 0),
    }
    return {"message": message}
