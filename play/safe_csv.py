"""Spreadsheet-safe CSV cells: a text starting with = + - @ or a tab/CR is a formula to Excel
and LibreOffice, so such cells get a leading apostrophe (OWASP's advice for CSV injection)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list[Any]:
    return [safe_cell(value) for value in row]
