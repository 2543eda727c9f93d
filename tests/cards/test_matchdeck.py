"""Match decks as plain data: choice of cards, roles, and the shape play and printing read."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from cards.symbols.decks import (
    DeckError,
    MatchCardData,
    MatchDeckData,
    SymbolData,
    build_cards,
)
from cards.symbols.planes import PlaneError


def test_it_makes_the_island_edition_from_the_full_plane_of_order_eight():
    cards = build_cards(8, seed=1)
    assert len(cards) == 76
    roles = Counter((c.role, c.colour) for c in cards)
    assert roles == {
        ("island", ""): 19,
        ("team", "blue"): 16,
        ("team", "orange"): 16,
        ("team", "red"): 16,
        ("port", ""): 6,
        ("score", "blue"): 1,
        ("score", "orange"): 1,
        ("score", "red"): 1,
    }
    symbol_cards = [c for c in cards if c.role != "score"]
    assert all(len(c.symbols) == 9 for c in symbol_cards)
    assert all(c.symbols == () for c in cards if c.role == "score")
    assert [c.number for c in cards] == list(range(1, 77))
    assert {s for c in symbol_cards for s in c.symbols} == set(range(73))


@pytest.mark.parametrize(("order", "count"), [(7, None), (7, 30), (8, 50), (16, 100), (2, 2)])
def test_every_two_cards_of_a_deck_share_exactly_one_symbol(order, count):
    cards = build_cards(order, seed=5, cards=count)
    assert len(cards) == (count or order * order + order + 1)
    for a, b in combinations(cards, 2):
        assert len(set(a.symbols) & set(b.symbols)) == 1
    assert {c.role for c in cards} == {"symbol"}


def test_the_same_seed_gives_the_same_deck_and_another_seed_another():
    assert build_cards(7, seed=3) == build_cards(7, seed=3)
    assert build_cards(7, seed=3) != build_cards(7, seed=4)


@pytest.mark.parametrize("count", [0, 1, 58])
def test_it_refuses_impossible_card_counts(count):
    with pytest.raises(DeckError, match="between 2 and 57 cards"):
        build_cards(7, seed=1, cards=count)


def test_it_refuses_orders_without_a_plane():
    with pytest.raises(PlaneError, match="not a prime power"):
        build_cards(10, seed=1)


def test_it_gives_play_and_printing_a_plain_json_shape():
    deck = MatchDeckData(
        slug="mini",
        name="Mini",
        language="en",
        order=2,
        seed=1,
        symbol_set="test",
        credit="",
        symbols=(
            SymbolData(0, "Anker", "Anchor", icon="M0 0L1 1Z"),
            SymbolData(1, "Berlin", ""),
        ),
        cards=(MatchCardData(1, "symbol", "", (1, 0)),),
    )
    data = deck.as_json()
    assert data["cards"] == [{"number": 1, "role": "symbol", "colour": "", "symbols": [1, 0]}]
    assert data["symbols"][0]["kind"] == "icon" and data["symbols"][1]["kind"] == "text"
    assert deck.symbol(1).label("en") == "Berlin"  # no English name: the German one
    assert deck.symbol(0).display_name("de") == "Anker"
