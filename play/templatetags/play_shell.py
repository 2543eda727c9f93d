"""Small helpers for edition fragments: look up a seat by its index, break long names well, mark
the parts of a stage."""

from __future__ import annotations

import itertools
from typing import Any

from django import template
from django.utils import translation

from cards import hyphenation
from play.core import parts
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


class PartNode(template.Node):
    def __init__(self, nodelist: template.NodeList, keys: list[Any]) -> None:
        self.nodelist = nodelist
        self.keys = keys
        self.number = next(_part_numbers)  # never reused, unlike id() of a dropped template

    def render(self, context: template.Context) -> str:
        if not self.keys:
            return parts.mark(self.nodelist.render(context))
        # What the part shows is a function of its keys, the language and the CSRF token.
        values = [key.resolve(context) for key in self.keys]
        key = (
            self.number,
            translation.get_language(),
            str(context.get("csrf_token", "")),
            repr(values),
        )
        return parts.drawn_parts.get(key, lambda: parts.mark(self.nodelist.render(context)))


_part_numbers = itertools.count()


@register.tag
def part(parser: template.base.Parser, token: template.base.Token) -> PartNode:
    """``{% part %}…{% endpart %}``: a piece of a stage that a socket sends again only when it
    changed (``play.core.parts``). Around whole elements, never inside an attribute.

    ``{% part place round.revealed tip_form %}``: the piece is also drawn once per process for
    those values (and the language and CSRF token) and then reused, in every screen and
    version: name every variable it reads (tests/play/core/test_part_keys.py draws every
    edition's screens with and without the reuse, along whole games, and compares)."""
    keys = [parser.compile_filter(bit) for bit in token.split_contents()[1:]]
    nodelist = parser.parse(("endpart",))
    parser.delete_first_token()
    return PartNode(nodelist, keys)
