"""The API's list endpoints on the starter decks (the database ``make run`` serves), on SQLite
as on PostgreSQL: a deck of hundreds of cards must not turn into a query the database refuses."""

from __future__ import annotations

import pytest

from cards.models import Deck, DeckCard
from tests.conftest import api_client_for

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("starter_decks"),
    pytest.mark.exhaustive,
]


def _all_pages(client, url: str) -> list[dict]:
    results = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, response.content[:300]
        body = response.json()
        results += body["results"]
        url = body["next"]
    return results


def test_the_deck_list_carries_every_card_of_the_starter_decks(teacher):
    decks = _all_pages(api_client_for(teacher), "/api/decks/")
    assert {deck["slug"] for deck in decks} >= {"germany", "world", "austria", "switzerland"}
    cards = sum(len(deck["cards"]) for deck in decks)
    assert cards == DeckCard.objects.count() > 1000
    germany = next(deck for deck in decks if deck["slug"] == "germany")
    names = {card["name"] for card in germany["cards"]}
    assert {"Berlin", "München"} <= names


def test_a_starter_deck_and_its_places_are_listed(teacher):
    client = api_client_for(teacher)
    body = client.get("/api/decks/world/").json()
    assert len(body["cards"]) == Deck.objects.get(slug="world").cards.count() == 224
    places = client.get("/api/places/?deck=germany").json()
    assert places["count"] == Deck.objects.get(slug="germany").cards.count()
    assert len(places["results"]) == 100  # a page
    assert all("germany" in place["decks"] for place in places["results"])
    assert client.get("/api/places/").json()["count"] > 1000
