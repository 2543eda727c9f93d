"""Play fixtures: a Germany deck big enough for whole games, with easy-to-spot secret backs."""

from __future__ import annotations

import pytest

from cards.models import Deck, DeckCard, Edition, Place
from play.services import create_game


def secret_place(i: int) -> Place:
    # Spread over Germany; every back value is distinctive so a leak scan can find it.
    return Place.objects.create(
        name=f"Ort{i:02d}",
        country="DE",
        state=f"Geheimland{i:02d}",
        description=f"Geheimbeschreibung {i:02d}",
        population=1_000_003 + i * 7_919,
        latitude=47.6 + (i * 0.37) % 6.8,
        longitude=6.3 + (i * 0.71) % 8.4,
    )


@pytest.fixture
def big_deck(db) -> Deck:
    deck = Deck.objects.create(slug="de-big", name="Groß", edition=Edition.GERMANY)
    for i in range(45):
        DeckCard.objects.create(deck=deck, place=secret_place(i))
    return deck


@pytest.fixture
def game2(teacher, big_deck):
    return create_game(user=teacher, edition="germany", deck=big_deck, team_names=["Rot", "Blau"])


@pytest.fixture
def game3(teacher, big_deck):
    return create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        team_names=["A", "B", "C"],
        starting_team=1,
    )
