"""Making a match deck in the admin: the form (symbol set or a deck's place names, order, card
count) and a preview of the cards it would make, as small SVG discs. Nothing is stored until
the editor confirms: the preview is worked out inside a transaction that is rolled back."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django import forms
from django.db import transaction
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from cards.models import Deck, Edition
from cards.symbols.decks import DeckError, build_cards
from cards.symbols.making import ISLAND_SLUG, PLACES_PREFIX, default_seed, symbol_set_for
from cards.symbols.models import Symbol, SymbolSet
from cards.symbols.planes import MAX_ORDER, plane_size, prime_power

PREVIEW_CARDS = 8
ORDERS = [n for n in range(2, MAX_ORDER + 1) if prime_power(n)]


def symbol_choices() -> list[tuple[str, str]]:
    sets = [(ISLAND_SLUG, _("Island (Game Icons)"))]
    sets += [(s.slug, s.name) for s in SymbolSet.objects.exclude(slug=ISLAND_SLUG).order_by("name")]
    decks = Deck.objects.exclude(edition=Edition.MATCH).order_by("name")
    sets += [(f"{PLACES_PREFIX}{d.slug}", _("Place names of “%(deck)s”") % {"deck": d.name})
             for d in decks]  # fmt: skip
    return sets


class MatchDeckForm(forms.Form):
    slug = forms.SlugField(label=_("slug"), max_length=50)
    name = forms.CharField(label=_("name"), max_length=100, required=False)
    symbols = forms.ChoiceField(label=_("symbols"))
    order = forms.TypedChoiceField(
        label=_("order"),
        coerce=int,
        choices=[(n, f"{n}: {plane_size(n)} × {n + 1}") for n in ORDERS],
        initial=8,
        help_text=_("Cards × symbols per card of the full plane."),
    )
    cards = forms.IntegerField(
        label=_("cards"), min_value=2, required=False, help_text=_("Empty: the whole plane.")
    )
    language = forms.ChoiceField(
        label=_("language"), choices=[("de", "Deutsch"), ("en", "English")], initial="de"
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["symbols"].choices = symbol_choices()

    def clean(self) -> dict:
        data = super().clean()
        slug, order, cards = data.get("slug"), data.get("order"), data.get("cards")
        deck = Deck.objects.filter(slug=slug).first() if slug else None
        if deck is not None and deck.edition != Edition.MATCH:
            self.add_error("slug", _("This slug belongs to a deck of another edition."))
        if order and cards and cards > plane_size(order):
            self.add_error("cards", _("The plane of this order has %(n)d cards.")
                           % {"n": plane_size(order)})  # fmt: skip
        return data


@dataclass(frozen=True)
class PreviewCard:
    number: int
    role: str
    colour: str
    symbols: tuple[Symbol, ...]


def preview(data: dict) -> tuple[int, list[PreviewCard]]:
    """(number of cards, the first few cards) of the deck ``data`` would make; DeckError when
    it cannot be made (too few symbols)."""
    with transaction.atomic():
        symbol_set = symbol_set_for(data["symbols"])  # a place-name set is renewed on the way
        needed = plane_size(data["order"])
        symbols = list(symbol_set.symbols.order_by("position")[:needed])
        transaction.set_rollback(True)
    if len(symbols) < needed:
        raise DeckError(f"order {data['order']} needs {needed} symbols; the set has {len(symbols)}")
    specs = build_cards(data["order"], seed=default_seed(data["slug"]), cards=data["cards"])
    cards = [
        PreviewCard(s.number, s.role, s.colour, tuple(symbols[i] for i in s.symbols))
        for s in specs[:PREVIEW_CARDS]
    ]
    return len(specs), cards


def card_svg(card: PreviewCard, size: int = 150) -> SafeString:
    """One card as a disc with its symbols round a ring (and one in the middle)."""
    r = size / 2
    items = []
    count = len(card.symbols)
    centre = count > 5  # one symbol in the middle, the others round a ring
    for k, symbol in enumerate(card.symbols):
        if k == 0 and centre:
            x, y = r, r
        else:
            a = 2 * math.pi * (k - centre) / max(1, count - centre) - math.pi / 2
            x, y = r + 0.58 * r * math.cos(a), r + 0.58 * r * math.sin(a)
        s = size * 0.2
        if symbol.icon:
            items.append(format_html(
                '<svg x="{}" y="{}" width="{}" height="{}" viewBox="{}"><path fill="{}" d="{}"/>'
                "</svg>", f"{x - s / 2:.1f}", f"{y - s / 2:.1f}", f"{s:.1f}", f"{s:.1f}",
                symbol.view_box, symbol.colour, symbol.icon))  # fmt: skip
        else:
            label = symbol.text or symbol.name
            font = min(size * 0.075, size * 0.85 / max(1, len(label)))  # long names smaller
            items.append(format_html(
                '<text x="{}" y="{}" text-anchor="middle" font-family="sans-serif" '
                'font-weight="bold" font-size="{}" fill="{}">{}</text>',
                f"{x:.1f}", f"{y + font / 3:.1f}", f"{font:.1f}", symbol.colour,
                label))  # fmt: skip
    body = format_html_join("", "{}", ((i,) for i in items))
    return format_html(
        '<svg viewBox="0 0 {0} {0}" width="{0}" height="{0}" role="img" aria-label="{1}">'
        '<circle cx="{2}" cy="{2}" r="{3}" fill="#fff" stroke="#5d6d7e" stroke-width="4"/>'
        "{4}</svg>",
        size, f"{card.number}", r, r - 3, body,
    )  # fmt: skip
