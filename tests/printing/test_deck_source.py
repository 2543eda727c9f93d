"""A deck's cards come from the database in one query, with only the fields that are printed."""

from __future__ import annotations

import pytest

from cards.grids.decks import deck_for, edition_for_country, fill_deck
from cards.models import Deck
from printing.core.deck_source import deck_info

pytestmark = pytest.mark.django_db


def test_it_loads_a_germany_or_world_deck_in_one_query(
    germany_deck, world_deck, django_assert_num_queries
):
    for slug in (germany_deck.slug, world_deck.slug):
        deck = Deck.objects.get(slug=slug)
        with django_assert_num_queries(1):
            info = deck_info(deck)
        assert [c.name for c in info.cards] == [
            card.place.name for card in deck.cards.order_by("position", "place__name", "id")
        ]
        assert all(c.state or c.board for c in info.cards)  # the backs' data came along


def test_it_loads_a_grid_deck_with_its_edition(django_assert_num_queries):
    made = deck_for("austria", edition_for_country("AT"), name="Österreich", language="de")
    fill_deck(made, 50_000)
    deck = Deck.objects.get(slug="austria")
    with django_assert_num_queries(2):  # the grid edition, then the cards
        info = deck_info(deck)
    assert info.cards and all(c.ns is not None for c in info.cards)


def test_a_deck_s_places_are_read_as_the_orm_reads_them(germany_deck, world_deck):
    from printing.core.deck_source import CARD_FIELDS, deck_rows

    for deck in (germany_deck, world_deck):
        cards = {card.place_id: card for card in deck.cards.select_related("place")}
        rows = deck_rows(deck)
        assert len(rows) == len(cards)
        for place, colour, quantity in rows:
            card = cards[place.pk]
            for field in CARD_FIELDS:
                assert getattr(place, field) == getattr(card.place, field), field
            assert (colour, quantity) == (card.colour, card.quantity)
            assert not place._state.adding
