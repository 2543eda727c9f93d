"""Small helpers for edition fragments: look up a seat by its index, break long names well."""

from __future__ import annotations

from typing import Any

from django import template

from cards import hyphenation
from play.core.presentation import game_url as _game_url

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


@register.simple_tag
def game_url(name: str, code: str) -> str:
    """``{% game_url 'play:undo' game.code %}``: ``{% url %}`` for a game's own URLs, remembered
    (the teacher's bar is drawn again after every move)."""
    return _game_url(name, code)


@register.filter
def soft_hyphens(text: Any, language: str = "de") -> str:
    """``{{ place.name|soft_hyphens }}``: long words with soft hyphens between their syllables,
    as printed cards have them (``cards.hyphenation``)."""
    return hyphenation.soft_hyphens(str(text), language)
