from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def percent(value: float | None) -> str:
    """A share (0–1) as a whole percentage, "–" for none."""
    if value is None or value == "":
        return "–"
    return f"{round(float(value) * 100)} %"
