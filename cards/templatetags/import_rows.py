"""Template filters of the import pages."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django import template

register = template.Library()


@register.filter
def filled_cells(values: Sequence, headers: Iterable[str]) -> list[tuple[str, object]]:
    """A row's non-empty cells as (column, value) pairs: an error table lists them in one cell
    that wraps, rather than in a column each (twenty columns, 2,347 px for a place)."""
    return [
        (header, value)
        for header, value in zip(headers, values, strict=False)
        if value not in (None, "")
    ]
