"""Bounded imports, all-or-nothing, run as a background job.

An import is bounded (``MAX_IMPORT_ROWS``, ``MAX_IMPORT_BYTES``) and goes in two steps:

1. Every row is validated (``full_clean``) without writing anything and without a transaction:
   reads do not take SQLite's write lock. One bad row and nothing is written; the preview is
   this step alone.
2. The confirmed import is one transaction: every row is saved, or none. A database error, a
   cancel, or a worker killed half-way (its connection dies, the transaction with it) leaves
   the places as they were. The confirmation runs on the task worker (``cards.imports.jobs``),
   not in the web request, and its job's page says which rows failed and why. On SQLite the
   transaction holds the write lock while it runs (a 5,000-row import takes a few seconds,
   within the 20 s a waiting game write waits).
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django import forms
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.http import HttpResponseNotAllowed
from django.shortcuts import redirect
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from import_export.forms import ImportForm
from import_export.results import Error, Result
from tablib import Dataset

from cards.imports import jobs as import_jobs
from jobs.runner import Cancelled

MAX_IMPORT_ROWS = 5_000
MAX_IMPORT_BYTES = 2 * 1024 * 1024


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
        progress: Any = None,
        **kwargs: Any,
    ) -> Result:
        if len(dataset) > MAX_IMPORT_ROWS:
            return self._failed(
                _("The file has %(rows)s rows; import at most %(max)s at a time.")
                % {"rows": grouped(len(dataset)), "max": grouped(MAX_IMPORT_ROWS)},
                total_rows=len(dataset),
            )
        self._progress = progress
        self._matched: dict | None = None if dry_run else {}
        self._writing = False
        if progress is not None:
            progress.set_total(len(dataset) if dry_run else 2 * len(dataset))
        try:
            checked = self.import_data_inner(
                dataset, True, raise_errors, False, collect_failed_rows, **kwargs
            )
            if dry_run or checked.has_errors() or checked.has_validation_errors():
                return checked
            self._stop_if_cancelled()
            return self._write_all(dataset, checked, **kwargs)
        finally:
            self._progress = None
            self._matched = None

    def get_or_init_instance(self, instance_loader: Any, row: Any) -> tuple[Any, bool]:
        """The validation pass finds the place each row describes (by id, gazetteer id, or
        name nearby: a query per row); the write pass reuses what it found."""
        matched = getattr(self, "_matched", None)
        key = tuple(str(v) for v in (row.values() if hasattr(row, "values") else row))
        if matched is None or not getattr(self, "_writing", False):
            instance, new = super().get_or_init_instance(instance_loader, row)
            if matched is not None:
                matched[key] = None if new else instance.pk
            return instance, new
        if key in matched:
            pk = matched[key]
            if pk is None:
                return self.init_instance(row), True
            found = self._meta.model._default_manager.filter(pk=pk).first()
            if found is not None:
                return found, False
        return super().get_or_init_instance(instance_loader, row)

    def after_import_row(self, row: Any, row_result: Any, **kwargs: Any) -> None:
        super().after_import_row(row, row_result, **kwargs)
        if getattr(self, "_progress", None) is not None:
            self._progress.advance()

    def _stop_if_cancelled(self) -> None:
        if getattr(self._progress, "cancelled", False):
            raise Cancelled

    def _write_all(self, dataset: Dataset, checked: Result, **kwargs: Any) -> Result:
        """Every row in one transaction; any failure (or a cancel) undoes them all."""
        if self._progress is not None:
            # Inside the transaction progress is only counted (its row would stay locked
            # until the commit); a cancel is still seen, and undoes every row.
            self._progress.quiet = True
        self._writing = True
        try:
            with transaction.atomic(using=self.get_db_connection_name()):
                result = self.import_data_inner(dataset, False, True, True, False, **kwargs)
                self._stop_if_cancelled()
        except Cancelled:
            raise
        except Exception as error:
            message = _("The rows could not be saved, nothing was imported: ")
            return self._failed(message + str(error), total_rows=len(dataset))
        result.diff_headers = checked.diff_headers
        return result

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
        ) % {"rows": grouped(MAX_IMPORT_ROWS), "mb": MAX_IMPORT_BYTES // 2**20}

    def clean_import_file(self) -> Any:
        upload = self.cleaned_data["import_file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                _("The file is %(size).1f MB; import at most %(mb)d MB at a time.")
                % {"size": upload.size / 2**20, "mb": MAX_IMPORT_BYTES // 2**20}
            )
        checked = as_utf8(upload)
        if checked is not upload:
            readable(checked.name, checked.read().decode("utf-8"))
            checked.seek(0)
        return checked


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
    elif b"\x00" in raw:
        text = _utf16_without_mark(raw)
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")  # every byte is some character
    return SimpleUploadedFile(upload.name, text.encode("utf-8"), upload.content_type)


def grouped(number: int) -> str:
    """A number with the active language's thousands separator: 5,000 in English, 5.000 in
    German."""
    return number_format(number, force_grouping=True)


def _utf16_without_mark(raw: bytes) -> str:
    """Text with NUL bytes: UTF-16 saved without its byte-order mark (every other byte of
    Latin text is 0), read as such; any other such file is refused, since no text file holds a
    NUL and UTF-8 would read the NULs as characters, so that no header matched and every row
    was "skipped" without a word."""
    evens, odds = raw[0::2], raw[1::2]
    encoding = None
    if odds.count(0) > len(odds) * 0.3 > evens.count(0):
        encoding = "utf-16-le"
    elif evens.count(0) > len(evens) * 0.3 > odds.count(0):
        encoding = "utf-16-be"
    if encoding is not None and len(raw) % 2 == 0:
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            pass
        else:
            if "\x00" not in text:
                return text
    raise forms.ValidationError(
        _(
            "The file holds NUL bytes, so it is no UTF-8 text: it may be UTF-16 or UTF-32 saved "
            "without its byte-order mark. Save it as “CSV UTF-8” and try again."
        )
    )


def readable(name: str, text: str) -> None:
    """Refuse with a row and a reason what the import's readers would fail on with no more
    than "'Error' occurred": a CSV cell over the CSV reader's limit, a JSON string that is
    no text (a lone surrogate, which no database stores)."""
    if name.lower().endswith(".json"):
        try:
            data = json.loads(text)
        except ValueError:
            return  # the import reports malformed JSON itself
        for number, row in enumerate(data if isinstance(data, list) else [], start=1):
            for key, value in row.items() if isinstance(row, dict) else ():
                if isinstance(value, str) and not _is_text(value):
                    raise forms.ValidationError(
                        _("Row %(row)s: “%(field)s” holds a character that is not text.")
                        % {"row": number, "field": key}
                    )
        return
    reader = csv.reader(io.StringIO(text), delimiter="\t" if name.lower().endswith(".tsv") else ",")
    try:
        for _row in reader:
            pass
    except csv.Error:
        raise forms.ValidationError(
            _(
                "Line %(line)s has a cell longer than %(limit)s characters (a large geometry?): "
                "simplify it, or give the place its geometry in the admin or through the API."
            )
            % {"line": reader.line_num, "limit": grouped(csv.field_size_limit())}
        ) from None


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in value


class BatchedImportAdminMixin:
    """For the admin of a model whose resource uses :class:`BatchedImportMixin`: the
    confirmed import becomes a background job (``cards.imports.jobs``); the editor follows it
    on its job page, which lists any rows that failed and why."""

    import_form_class = BoundedImportForm

    def process_import(self, request: Any, **kwargs: Any) -> Any:
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_import_permission(request):
            raise PermissionDenied
        confirm_form = self.create_confirm_form(request)
        if not confirm_form.is_valid():
            return super().process_import(request, **kwargs)
        fmt = int(confirm_form.cleaned_data["format"])
        input_format = self.get_import_formats()[fmt](encoding=self.from_encoding)
        tmp_storage = self.get_tmp_storage_class()(
            name=confirm_form.cleaned_data["import_file_name"],
            encoding=None if input_format.is_binary() else self.from_encoding,
            read_mode=input_format.get_read_mode(),
            **self.get_tmp_storage_class_kwargs(),
        )
        data = tmp_storage.read()
        name = confirm_form.cleaned_data.get("original_file_name") or ""
        job = import_jobs.start(self, request, fmt, data, name)
        tmp_storage.remove()
        return redirect("jobs:detail", job_id=job.pk)
