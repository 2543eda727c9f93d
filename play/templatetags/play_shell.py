"""Small helpers for edition fragments: look up a seat by its index, break long names well, mark
the parts of a stage."""

from __future__ import annotations

from typing import Any

from django import template

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
    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        return parts.mark(self.nodelist.render(context))


@register.tag
def part(parser: template.base.Parser, token: template.base.Token) -> PartNode:
    """``{% part %}…{% endpart %}``: a piece of a stage that a socket sends again only when it
    changed (``play.core.parts``). Around whole elements, never inside an attribute."""
    nodelist = parser.parse(("endpart",))
    parser.delete_first_token()
    return PartNode(nodelist)
