"""Small helpers for edition fragments: look up a seat by its index, break long names well."""

from __future__ import annotations

import functools
import re
from typing import Any

import pyphen
from django import template

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


SOFT_HYPHEN = "\u00ad"
# Words this long may not fit a narrow card at the projector's type size.
HYPHENATE_FROM = 9


@functools.cache
def _dictionary(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=language, left=3, right=3)


@functools.lru_cache(maxsize=8192)
def _hyphenated(word: str, language: str) -> str:
    if len(word) < HYPHENATE_FROM or not word.isalpha():
        return word
    return _dictionary(language).inserted(word, hyphen=SOFT_HYPHEN)


@register.filter
def soft_hyphens(text: Any, language: str = "de") -> str:
    """``{{ place.name|soft_hyphens }}``: long words with soft hyphens between their syllables,
    so that a narrow card breaks "Recklinghausen" as "Reckling-/hausen", never as
    "Recklinghaus/en" (browsers hyphenate by themselves only where the system has a dictionary,
    and the cards' last resort is to break a word anywhere)."""
    parts = re.split(r"([\s-]+)", str(text))
    return "".join(_hyphenated(part, language) for part in parts)
