"""Spreadsheet-safe, language-independent export formats and number widgets for places.

Numbers are written and read the same way whatever the UI language: a point for decimals and
no thousands separators, so a file exported from the German admin ("50.01", not "50,01")
imports into the English one. Text that a spreadsheet would run as a formula is neutralised
(see cards.imports.spreadsheet). JSON is written exactly: no spreadsheet reads it, and it is the
lossless format.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from import_export import widgets
from import_export.formats.base_formats import CSV, XLSX

from cards.imports.spreadsheet import neutralise_formula, strip_xlsx_illegal

_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
_WHOLE = re.compile(r"[+-]?\d{1,18}")
_NON_FINITE = {"nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"}


def _map_cells(dataset: Any, convert) -> Any:
    """A copy of the tablib ``dataset`` with ``convert`` applied to every cell."""
    copy = dataset.__class__(headers=dataset.headers, title=dataset.title)
    for row in dataset:
        copy.append([convert(cell) for cell in row])
    return copy


class SafeCSV(CSV):
    def export_data(self, dataset, **kwargs):
        return super().export_data(_map_cells(dataset, neutralise_formula), **kwargs)


class SafeXLSX(XLSX):
    def export_data(self, dataset, **kwargs):
        def convert(cell: Any) -> Any:
            return neutralise_formula(strip_xlsx_illegal(cell))

        return super().export_data(_map_cells(dataset, convert), **kwargs)


class PlainFloatWidget(widgets.FloatWidget):
    """Decimal point, no grouping, in both directions."""

    def render(self, value, obj=None, **kwargs):
        if not self.coerce_to_string or kwargs.get("force_native_type"):
            return value
        return "" if value is None else repr(float(value))

    def clean(self, value, row=None, **kwargs):
        if self.is_empty(value):
            return None
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        text = str(value).strip()
        if text.lower() in _NON_FINITE:
            return float(text)  # refused by the model's validation, with its message
        if not _DECIMAL.fullmatch(text):
            raise ValueError(
                _("“%(value)s” is not a number: write it with a decimal point, e.g. 50.01.")
                % {"value": text}
            )
        return float(text)


class PlainIntegerWidget(widgets.IntegerWidget):
    """Digits only, no thousands separators, in both directions."""

    def render(self, value, obj=None, **kwargs):
        if not self.coerce_to_string or kwargs.get("force_native_type"):
            return value
        return "" if value is None else str(int(value))

    def clean(self, value, row=None, **kwargs):
        if self.is_empty(value):
            return None
        if isinstance(value, float) and value.is_integer():
            return int(value)  # spreadsheets store every number as a float
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        text = str(value).strip()
        if not _WHOLE.fullmatch(text):
            raise ValueError(
                _("“%(value)s” is not a whole number: write digits only, e.g. 72765.")
                % {"value": text}
            )
        return int(text)


PLAIN_NUMBER_WIDGETS = {
    "FloatField": PlainFloatWidget,
    "IntegerField": PlainIntegerWidget,
    "PositiveIntegerField": PlainIntegerWidget,
    "BigIntegerField": PlainIntegerWidget,
    "PositiveBigIntegerField": PlainIntegerWidget,
    "PositiveSmallIntegerField": PlainIntegerWidget,
    "SmallIntegerField": PlainIntegerWidget,
    "AutoField": PlainIntegerWidget,
    "BigAutoField": PlainIntegerWidget,
}
