"""The one adapter from the card database to printable data: everything else in printing is
plain data and needs no database.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from functools import cache

import numpy as np

from cards.grids.models import GridEdition
from cards.models import PLACE_FIELDS, PROVENANCE_FIELDS, Deck, DeckCard, Edition, Place
from geo.boards import BOARDS, describe_solution
from geo.grid import germany_grid_array
from printing.core.data import CardData, edition_mark
from printing.core.deck import DeckInfo

FALLBACK_BOARD_COLOUR = "#555555"
# Every place field a card shows or derives from, plus updated_at for edits made elsewhere.
PRINTED_FIELDS = (*(f for f in PLACE_FIELDS if f not in PROVENANCE_FIELDS), "updated_at")


def card_data(
    place: Place,
    number: int,
    *,
    edition: str,
    language: str,
    deck_name: str = "",
    colour: str = "",
    quantity: int = 1,
    grid: tuple[int, int] | None = None,
    grid_name: str = "",
) -> CardData:
    """A place as printed on a card of ``edition`` (``grid`` saves recomputing the numbers).
    A grid edition's card (``Edition.GRID``) is Germany's with its edition's numbers (``grid``,
    blank for a place it does not hold) and its name (``grid_name``) in the marks."""
    common = dict(
        number=number,
        name=place.display_name(language),
        language=language,
        description=place.display_description(language),
        population=place.population,
        place_kind=place.kind,
        quantity=quantity,
        edition_mark=edition_mark(edition, language, deck_name, number, grid_name),
    )
    if edition == Edition.GRID:
        ns, we = grid or (None, None)
        return CardData(
            "germany", state=place.state, ns=ns, we=we, edition_name=grid_name, **common
        )
    if edition == Edition.GERMANY:
        if grid is None:
            numbers = place.germany_grid()
            grid = (numbers.ns, numbers.we) if numbers else (None, None)
        return CardData("germany", state=place.state, ns=grid[0], we=grid[1], **common)
    location = place.world_location()
    board_code = location.board if location else ""
    solutions = tuple(location.solutions) if location else ()
    board = BOARDS.get(board_code)
    return CardData(
        "world",
        colour=colour or "yellow",
        board=board_code,
        board_name=board.name(language) if board else "",
        board_colour=board.colour if board else FALLBACK_BOARD_COLOUR,
        solutions=solutions,
        solution_texts=tuple(describe_solution(code, language) for code in solutions),
        **common,
    )


def _germany_grids(places: Sequence[Place]) -> list[tuple[int, int]]:
    if not places:
        return []
    ns, we = germany_grid_array(
        np.array([p.latitude for p in places]), np.array([p.longitude for p in places])
    )
    return [(int(a), int(b)) for a, b in zip(ns, we, strict=True)]


# What a card is built from: the printed fields but the time of the last edit (only the
# fingerprint reads it), which would cost a conversion per card.
CARD_FIELDS = tuple(f for f in PRINTED_FIELDS if f != "updated_at")


def deck_rows(deck: Deck) -> list[tuple[Place, str, int]]:
    """A deck's places in deck order, each with its card's colour and print quantity, in one
    query: the places hold the printed fields, as the ORM would load them."""
    # The places with their cards' colour and quantity alongside: no DeckCard is built (half
    # the objects), and only what is printed is read (an image field costs more than the rest).
    # Each place is made from its row as the ORM would (``from_db``), but told its loaded
    # fields as a set: the ORM's list made that look-up a third of a 2,687-card deck's load.
    columns = _card_columns()
    rows = (
        Place.objects.filter(deck_cards__deck=deck)
        .order_by("deck_cards__position", "name", "deck_cards__id")
        .values_list(*columns, "deck_cards__colour", "deck_cards__quantity")
    )
    db, n, loaded = rows.db, len(columns), frozenset(columns)
    return [(Place.from_db(db, loaded, row[:n]), row[n], row[n + 1]) for row in rows]


@cache
def _card_columns() -> tuple[str, ...]:
    """The printed fields in the model's order: the order ``from_db`` takes values in."""
    return tuple(f.attname for f in Place._meta.concrete_fields if f.attname in CARD_FIELDS)


def deck_cards(deck: Deck, language: str | None = None) -> list[CardData]:
    """Every card of ``deck`` in deck order, with its print quantity."""
    return _build(
        deck_rows(deck), deck.edition, language or deck.language, deck.name, _grid_of(deck)
    )


def places_cards(places: Iterable[Place], edition: str, language: str) -> list[CardData]:
    """Loose places (the admin's selection), one card each."""
    return _build([(p, "", 1) for p in places], edition, language, "")


def _grid_of(deck: Deck) -> GridEdition | None:
    """A grid-edition deck's edition (None for Germany's, whose numbers are the rule book's)."""
    return deck.grid_edition() if deck.edition == Edition.GRID else None


def _build(
    rows: list[tuple[Place, str, int]],
    edition: str,
    language: str,
    deck_name: str,
    grid_edition: GridEdition | None = None,
) -> list[CardData]:
    grids: list = [None] * len(rows)
    grid_name = ""
    if edition == Edition.GERMANY:
        grids = _germany_grids([place for place, _, _ in rows])
    elif edition == Edition.GRID and grid_edition is not None:
        grids = grid_edition.numbers_for([place for place, _, _ in rows])
        grid_name = grid_edition.display_name(language)
    return [
        card_data(
            place,
            i,
            edition=edition,
            language=language,
            deck_name=deck_name,
            colour=colour,
            quantity=quantity,
            grid=grid,
            grid_name=grid_name,
        )
        for i, ((place, colour, quantity), grid) in enumerate(zip(rows, grids, strict=True), 1)
    ]


def deck_fingerprint(deck: Deck) -> str:
    """A hash of everything printed from ``deck``: editing a place or a card changes it."""
    digest = hashlib.sha256()
    digest.update(
        json.dumps(
            [
                deck.pk,
                deck.slug,
                deck.name,
                deck.edition,
                deck.language,
                deck.updated_at.isoformat(),
            ]
        ).encode()
    )
    rows = (
        DeckCard.objects.filter(deck=deck)
        .order_by("id")
        .values_list(
            "id", "colour", "quantity", "position", *(f"place__{f}" for f in PRINTED_FIELDS)
        )
    )
    for row in rows:
        digest.update(repr(row).encode())
    return digest.hexdigest()


def deck_info(deck: Deck, language: str | None = None) -> DeckInfo:
    """Everything ``printing.core.deck`` needs to print ``deck``."""
    language = language or deck.language
    rows = deck_rows(deck)  # one query for the cards and the map's dots
    grid_edition = _grid_of(deck)
    cards = _build(rows, deck.edition, language, deck.name, grid_edition)
    dots = [
        (card.name, place.latitude, place.longitude, place.population or 0)
        for card, (place, _, _) in zip(cards, rows, strict=True)
    ]
    grid = grid_edition.map_edition() if grid_edition is not None else None
    return DeckInfo(deck.name, deck.edition, language, cards, dots, grid)
