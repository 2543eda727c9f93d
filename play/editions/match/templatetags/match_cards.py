"""Round cards as HTML, built in Python: a projector shows 25 cards of 9 symbols, redrawn after
every claim in 30 classrooms at once, and a template include per symbol costs ten times more."""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.safestring import SafeString, mark_safe

from play.core.parts import mark

register = template.Library()


def card_html(
    card: dict[str, Any], extra: str = "", claim: bool = False, language: str = "de"
) -> SafeString:
    """A card's circle with its symbols; with ``claim``, each symbol submits the enclosing form.
    Symbols are named in the game's language (English names when the game is in English)."""
    face = card.get("face") or ()
    name = "name_en" if language == "en" else "name"
    # A card looks the same on every screen of a game until it is covered: draw it once.
    key = (
        card.get("ref", ""),
        card.get("role") or "team",
        card.get("height") or 0,
        extra,
        claim,
        tuple(
            (slot["symbol"], slot.get(name) or slot["name"], slot["x"], slot["y"], slot["r"])
            for slot in face
        ),
    )
    return _drawn(*key)


@lru_cache(maxsize=1)
def _sprite_url() -> str:
    return escape(static("play/match/symbols.svg"))


@lru_cache(maxsize=8192)
def _drawn(ref: str, role: str, height: int, extra: str, claim: bool, slots: tuple) -> SafeString:
    classes = f"mcard role-{escape(role)}" + (f" {escape(extra)}" if extra else "")
    parts = [
        f'<div class="{classes}" data-ref="{escape(ref)}"'
        + (f' data-height="{int(height)}"' if height > 1 else "")
        + ">"
    ]
    sprite = _sprite_url()
    for symbol, name, x, y, r in slots:
        place = f"--x:{float(x)};--y:{float(y)};--r:{float(r)}"
        name, symbol = escape(str(name)), int(symbol)
        # The icon for the eye, the name for screen readers (and as the symbol's tooltip).
        inner = (
            f'<svg class="micon" aria-hidden="true"><use href="{sprite}#s{symbol}"/></svg>'
            f'<span class="sr">{name}</span>'
        )
        if claim:
            parts.append(
                f'<button type="submit" name="symbol" value="{symbol}" class="msym" '
                f'title="{name}" style="{place}">{inner}</button>'
            )
        else:
            parts.append(
                f'<span class="msym" data-symbol="{symbol}" title="{name}" style="{place}">'
                f"{inner}</span>"
            )
    parts.append("</div>")
    return mark_safe("".join(parts))  # every value above is escaped or a number


def _language(context: template.Context) -> str:
    game = context.get("game")
    return getattr(game, "language", "de") or "de"


@register.simple_tag(takes_context=True)
def match_card(
    context: template.Context, card: dict[str, Any] | None, extra: str = ""
) -> SafeString:
    if not card:
        return mark_safe('<div class="mcard empty"></div>')
    return card_html(card, extra, language=_language(context))


@register.simple_tag(takes_context=True)
def match_target(
    context: template.Context, card: dict[str, Any], own: dict[str, Any]
) -> SafeString:
    """A card this device may claim: its own form naming the target and the device's card."""
    # The context's lazy token: one CSRF mask per page, not one per card (each costs 32 draws).
    token = context.get("csrf_token", "")
    url = escape(context.get("move_url", ""))
    language = _language(context)
    return mark_safe(_target(card, escape(own["ref"]), url, escape(str(token)), language))


def _target(card: dict[str, Any], own_ref: str, url: str, token: str, language: str) -> str:
    """A claimable card in its form (every value passed in is escaped already)."""
    ref = escape(card["ref"])
    return (
        f'<form id="claim-{ref}" class="move-form mclaim" method="post" action="{url}" '
        f'hx-post="{url}"><input type="hidden" name="csrfmiddlewaretoken" value="{token}">'
        f'<input type="hidden" name="move" value="claim">'
        f'<input type="hidden" name="card" value="{own_ref}">'
        f'<input type="hidden" name="target" value="{ref}">'
        f"{card_html(card, 'target', claim=True, language=language)}</form>"
    )


@register.simple_tag(takes_context=True)
def match_island(context: template.Context, island: list, you: dict[str, Any] | None) -> str:
    """The island's positions: cards this device may claim as forms, the others faded.
    Without ``you`` (the projector) every card is shown as it is."""
    parts = []
    language = _language(context)
    if you:
        targets = set(you.get("targets") or ())
        url = escape(context.get("move_url", ""))
        token = escape(str(context.get("csrf_token", "")))
        own_ref = escape((you.get("card") or {}).get("ref", ""))
    for spot in island:
        card = spot["card"]
        if card is None and you:
            continue
        style = f"--x:{float(spot['x'])};--y:{float(spot['y'])}"
        if card is None:
            inner = '<div class="mcard empty"></div>'
        elif not you:
            inner = card_html(card, language=language)
        elif card["ref"] in targets:
            inner = _target(card, own_ref, url, token, language)
        else:
            inner = card_html(card, "off", language=language)
        # Each spot a part of the stage: a claim changes one spot, the screens get only it.
        parts.append(mark(f'<div class="mspot" style="{style}">{inner}</div>'))
    return mark_safe("".join(parts))  # built from escaped values and numbers
