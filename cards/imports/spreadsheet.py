"""Making exported cells safe to open in a spreadsheet.

A cell starting with = + - @ (or a tab or carriage return, which some spreadsheets skip
before reading a formula) is run as a formula by Excel and LibreOffice when the file is
opened: ``=HYPERLINK(…)`` in a place name becomes a live link. Such text gets a leading
apostrophe, the spreadsheets' own "this is text" mark. Plain numbers (``-12.5``) are left as
they are: they are numbers, not formulas, and must re-import as numbers.
"""

from __future__ import annotations

import re
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
# What openpyxl refuses to write (it raises IllegalCharacterError on the whole export).
_XLSX_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def neutralise_formula(value: Any) -> Any:
    """``value`` with a leading apostrophe if a spreadsheet would read it as a formula."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    if _PLAIN_NUMBER.fullmatch(value):
        return value
    return "'" + value


def restore_formula_text(value: Any) -> Any:
    """Undo :func:`neutralise_formula` on import, so an export re-imports unchanged."""
    if isinstance(value, str) and value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


def strip_xlsx_illegal(value: Any) -> Any:
    """Drop the control characters XLSX cannot hold (old data from before they were refused)."""
    return _XLSX_ILLEGAL.sub("", value) if isinstance(value, str) else value
