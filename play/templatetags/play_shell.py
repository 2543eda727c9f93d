"""Small helpers for edition fragments: look up a seat by its index."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def seat(seats: list[dict[str, Any]], index: Any) -> dict[str, Any] | None:
    """``{{ seats|seat:entry.team }}``: the seat dict with that index."""
    return next((s for s in seats if s["index"] == index), None)


@register.filter
def item(mapping: Any, key: Any) -> Any:
    """``{{ points|item:seat.index }}``: a dict's value or a list's element."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None
