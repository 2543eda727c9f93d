"""Making match decks in the database: the built-in island set, place-name sets, and decks."""

from __future__ import annotations

import hashlib
import json

from django.db import transaction
from django.db.models import F

from cards.models import Deck, Edition
from cards.symbols.decks import ISLAND_DATA, DeckError, build_cards
from cards.symbols.models import MatchCard, MatchCardSymbol, MatchDeck, Symbol, SymbolSet
from cards.symbols.planes import check_order, plane_size

ISLAND_SLUG = "island"
PLACES_PREFIX = "places:"


def load_island_set() -> SymbolSet:
    """The built-in ``island`` set from the committed icon data; symbols an editor has already
    changed are left alone, missing ones are added."""
    data = json.loads(ISLAND_DATA.read_text(encoding="utf-8"))
    symbol_set, _ = SymbolSet.objects.get_or_create(
        slug=ISLAND_SLUG,
        defaults={
            "name": "Insel",
            "name_en": "Island",
            "description": "The 73 symbols of the island edition of Spot the Match.",
            "source": f"{data['source']} {data['version']}",
            "licence": data["licence"],
        },
    )
    have = set(symbol_set.symbols.values_list("position", flat=True))
    Symbol.objects.bulk_create(
        Symbol(
            symbol_set=symbol_set,
            position=i,
            name=row["name_de"],
            name_en=row["name_en"],
            icon=row["d"],
            view_box=data["view_box"],
            source=f"{data['source']} ({row['icon']})",
            licence=data["licence"],
        )
        for i, row in enumerate(data["symbols"])
        if i not in have
    )
    return symbol_set


def places_set(deck_slug: str) -> SymbolSet:
    """A text symbol set of the place names of a deck (``places:DECK``), renewed each time."""
    try:
        deck = Deck.objects.get(slug=deck_slug)
    except Deck.DoesNotExist:
        raise DeckError(f"no deck with slug {deck_slug!r} to take place names from") from None
    names: dict[str, str] = {}
    # Largest first: a deck needing fewer symbols than the deck has places takes the best known.
    places = deck.places.order_by(F("population").desc(nulls_last=True), "name", "id")
    for place in places.only("name", "name_en"):
        names.setdefault(place.name, place.name_en)  # equal names would be one symbol
    symbol_set, _ = SymbolSet.objects.update_or_create(
        slug=f"places-{deck.slug}"[:50],
        defaults={
            "name": f"Orte: {deck.name}",
            "name_en": f"Places: {deck.name}",
            "source": f"place names of the deck “{deck.name}” in the card database",
        },
    )
    symbol_set.symbols.exclude(name__in=names).filter(slots__isnull=True).delete()
    existing = {s.name: s for s in symbol_set.symbols.all()}
    # Park the kept symbols on free positions first, so renumbering never collides.
    top = max([s.position for s in existing.values()] + [0]) + len(names) + 1
    for offset, symbol in enumerate(existing.values()):
        symbol.position = top + offset
    Symbol.objects.bulk_update(existing.values(), ["position"])
    for position, (name, name_en) in enumerate(names.items()):
        symbol = existing.get(name) or Symbol(symbol_set=symbol_set, name=name)
        symbol.position, symbol.name_en, symbol.icon, symbol.text = position, name_en, "", ""
        symbol.save()
    return symbol_set


def symbol_set_for(spec: str) -> SymbolSet:
    """``island``, ``places:DECK`` or the slug of a symbol set in the database."""
    if spec == ISLAND_SLUG:
        return load_island_set()
    if spec.startswith(PLACES_PREFIX):
        return places_set(spec.removeprefix(PLACES_PREFIX))
    try:
        return SymbolSet.objects.get(slug=spec)
    except SymbolSet.DoesNotExist:
        known = ", ".join(SymbolSet.objects.order_by("slug").values_list("slug", flat=True))
        raise DeckError(
            f"no symbol set {spec!r}: use island, places:DECK or one of: {known or 'none'}"
        ) from None


def default_seed(slug: str) -> int:
    """A seed from the slug: rebuilding a deck of the same name gives the same deck."""
    # 31 bits: the seed column is a (positive) integer on every database, PostgreSQL included.
    return int.from_bytes(hashlib.sha256(slug.encode()).digest()[:4], "big") & 0x7FFFFFFF


@transaction.atomic
def make_match_deck(
    slug: str,
    *,
    order: int,
    symbols: str,
    cards: int | None = None,
    name: str = "",
    language: str | None = None,
    seed: int | None = None,
) -> MatchDeck:
    """Create or rebuild the match deck ``slug``; raise DeckError with a message when it cannot
    be made (bad order, too few symbols, a deck of another edition with that slug)."""
    order = check_order(order)
    deck = Deck.objects.filter(slug=slug).first()
    if deck is not None and deck.edition != Edition.MATCH:
        raise DeckError(f"deck {slug!r} is a {deck.edition} deck, not a match deck")
    old = MatchDeck.objects.filter(deck=deck).first() if deck else None
    if old is not None:
        old.delete()  # its cards go too, so that a places set may drop their symbols
    symbol_set = symbol_set_for(symbols)
    needed = plane_size(order)
    available = list(symbol_set.symbols.order_by("position")[:needed])
    if len(available) < needed:
        raise DeckError(
            f"order {order} needs {needed} symbols; the set {symbol_set.slug!r} has "
            f"{len(available)}"
        )
    if seed is None:
        seed = old.seed if old is not None else default_seed(slug)
    specs = build_cards(order, seed=seed, cards=cards)
    if deck is None:
        deck = Deck(slug=slug, edition=Edition.MATCH)
    deck.name = name or deck.name or symbol_set.name
    deck.language = language or deck.language or "de"
    deck.full_clean()
    deck.save()
    match = MatchDeck.objects.create(deck=deck, symbol_set=symbol_set, order=order, seed=seed)
    made = MatchCard.objects.bulk_create(
        MatchCard(match_deck=match, number=s.number, role=s.role, colour=s.colour) for s in specs
    )
    MatchCardSymbol.objects.bulk_create(
        MatchCardSymbol(card=card, symbol=available[point], slot=slot)
        for card, spec in zip(made, specs, strict=True)
        for slot, point in enumerate(spec.symbols)
    )
    return match
