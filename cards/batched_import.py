"""Bounded imports written in short transactions, so that games keep answering meanwhile.

django-import-export runs a whole import (and even its preview) in one transaction. On SQLite
that holds the database's single write lock for as long as the import takes: a 20,000-row
file kept a teacher's "new game" waiting until it failed with "database is locked".

Here an import is bounded (``MAX_IMPORT_ROWS``, ``MAX_IMPORT_BYTES``) and goes in two steps:

1. Every row is validated (``full_clean``) without writing anything and without a transaction:
   reads do not take the write lock. One bad row and nothing is written; the preview is this
   step alone.
2. The rows are written in batches of ``WRITE_BATCH_ROWS``, each in its own short transaction,
   with a pause between batches longer than SQLite's busy-wait step, so a waiting game write
   gets the lock. If a batch fails for a database reason (a concurrent edit, a constraint), the
   batches already written are undone: places created are deleted and places updated get
   their previous values back. Undoing by compensation rather than one long transaction is the
   price of not blocking games; the history keeps both the import and its undoing.
"""

from __future__ import annotations

import time
from typing import Any

from django import forms
from django.contrib import messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connections, transaction
from django.utils.translation import gettext as _
from import_export.forms import ImportForm
from import_export.results import Error, Result, RowResult
from tablib import Dataset

MAX_IMPORT_ROWS = 5_000
MAX_IMPORT_BYTES = 2 * 1024 * 1024
WRITE_BATCH_ROWS = 200
# SQLite's busy handler retries at most every 100 ms; a longer gap lets a waiting writer in.
SQLITE_PAUSE_SECONDS = 0.11


class BatchedImportMixin:
    """For a ``ModelResource`` whose rows are matched by their primary key."""

    def import_data(
        self,
        dataset: Dataset,
        dry_run: bool = False,
        raise_errors: bool = False,
        use_transactions: bool | None = None,
        collect_failed_rows: bool = False,
        rollback_on_validation_errors: bool = False,
        **kwargs: Any,
    ) -> Result:
        if len(dataset) > MAX_IMPORT_ROWS:
            return self._failed(
                _("The file has %(rows)d rows; import at most %(max)d at a time.")
                % {"rows": len(dataset), "max": MAX_IMPORT_ROWS},
                total_rows=len(dataset),
            )
        checked = self.import_data_inner(
            dataset, True, raise_errors, False, collect_failed_rows, **kwargs
        )
        if dry_run or checked.has_errors() or checked.has_validation_errors():
            return checked
        return self._write_in_batches(dataset, checked, **kwargs)

    def _write_in_batches(self, dataset: Dataset, checked: Result, **kwargs: Any) -> Result:
        result = self.get_result_class()()
        result.diff_headers = checked.diff_headers
        result.total_rows = len(dataset)
        created: list[Any] = []
        previous: dict[Any, dict[str, Any]] = {}
        for start in range(0, len(dataset), WRITE_BATCH_ROWS):
            chunk = Dataset(*dataset[start : start + WRITE_BATCH_ROWS], headers=dataset.headers)
            previous.update(self._current_values(chunk, exclude=previous))
            try:
                part = self._write_batch(chunk, **kwargs)
            except Exception as error:  # any failure: undo, then report it like the library
                self._undo(created, previous)
                message = _("Rows %(first)d–%(last)d could not be saved, nothing was imported: ")
                span = {"first": start + 1, "last": start + len(chunk)}
                return self._failed(message % span + str(error), total_rows=len(dataset))
            for row in part.rows:
                result.append_row_result(row)
                result.increment_row_result_total(row)
                if row.import_type == RowResult.IMPORT_TYPE_NEW:
                    created.append(row.object_id)
            self._pause()
        return result

    def _write_batch(self, chunk: Dataset, **kwargs: Any) -> Result:
        """Write one batch in its own transaction; any row error undoes the batch."""
        with transaction.atomic(using=self.get_db_connection_name()):
            return self.import_data_inner(chunk, False, True, True, False, **kwargs)

    def _current_values(self, chunk: Dataset, exclude: dict) -> dict[Any, dict[str, Any]]:
        """The stored values of the rows ``chunk`` will update, to restore on failure."""
        model = self._meta.model
        if "id" not in (chunk.headers or []):
            return {}
        ids = {value for value in chunk["id"] if value not in (None, "")}
        names = [f.attname for f in model._meta.concrete_fields]
        rows = model._default_manager.filter(pk__in=ids).values(*names)
        return {row["id"]: row for row in rows if row["id"] not in exclude}

    def _undo(self, created: list[Any], previous: dict[Any, dict[str, Any]]) -> None:
        model = self._meta.model
        with transaction.atomic(using=self.get_db_connection_name()):
            for obj in model._default_manager.filter(pk__in=created):
                obj.delete()  # one by one, so that the history records each
            for values in previous.values():
                model(**values).save()

    def _pause(self) -> None:
        if connections[self.get_db_connection_name()].vendor == "sqlite":
            time.sleep(SQLITE_PAUSE_SECONDS)

    def _failed(self, message: str, total_rows: int) -> Result:
        result = self.get_result_class()()
        result.total_rows = total_rows
        result.append_base_error(Error(ValueError(message)))
        return result


class BoundedImportForm(ImportForm):
    """The admin's import form, stating and enforcing the size limits."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["import_file"].help_text = _(
            "At most %(rows)s rows and %(mb)d MB per file."
        ) % {"rows": f"{MAX_IMPORT_ROWS:,}", "mb": MAX_IMPORT_BYTES // 2**20}

    def clean_import_file(self) -> Any:
        upload = self.cleaned_data["import_file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                _("The file is %(size).1f MB; import at most %(mb)d MB at a time.")
                % {"size": upload.size / 2**20, "mb": MAX_IMPORT_BYTES // 2**20}
            )
        return as_utf8(upload)


TEXT_FORMATS = (".csv", ".tsv", ".json", ".txt")


def as_utf8(upload: Any) -> Any:
    """A text file as UTF-8, whatever Excel saved it as: UTF-8 (with or without its mark),
    UTF-16 with its byte-order mark ("Unicode text"), else Windows-1252/Latin-1 (Excel's CSV on
    German Windows). Spreadsheets (XLSX) are left alone."""
    if not upload.name.lower().endswith(TEXT_FORMATS):
        return upload
    raw = b"".join(upload.chunks())
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = raw.decode("utf-16")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                _("The file says it is UTF-16 but is not. Save it as CSV UTF-8 and try again.")
            ) from None
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")  # every byte is some character
    return SimpleUploadedFile(upload.name, text.encode("utf-8"), upload.content_type)


class BatchedImportAdminMixin:
    """For the admin of a model whose resource uses :class:`BatchedImportMixin`."""

    import_form_class = BoundedImportForm

    def add_success_message(self, result: Result, request: Any) -> None:
        # The library reports "Import finished: 0 new…" even when the write failed.
        if result.base_errors:
            for error in result.base_errors:
                messages.error(request, str(error.error))
            return
        if result.has_validation_errors() or result.has_errors():
            # Valid in the preview, no longer at the confirmation (someone edited meanwhile).
            rows = [str(row.number) for row in result.invalid_rows]
            rows += [str(row.number) for row in result.error_rows]
            messages.error(
                request,
                _("Nothing was imported: rows %(rows)s are no longer valid. Import again.")
                % {"rows": ", ".join(rows)},
            )
            return
        super().add_success_message(result, request)
