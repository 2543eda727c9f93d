"""Play fixtures: a Germany deck big enough for whole games, with easy-to-spot secret backs."""

from __future__ import annotations

import pytest

from cards.models import Deck, DeckCard, Edition, Place
from play.core import store
from play.core.store import create_game


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
    return store.create_game(
        user=teacher, edition="germany", deck=big_deck, seat_names=["Rot", "Blau"]
    )


@pytest.fixture
def game3(teacher, big_deck):
    return store.create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        seat_names=["A", "B", "C"],
        options={"starting_team": 1},
    )


# Real cities on every board, each with distinctive secret facts a leak scan can find.
WORLD_CITIES = [
    ("Paris", "FR", 48.8534, 2.3488),
    ("Madrid", "ES", 40.4165, -3.7026),
    ("Rom", "IT", 41.8919, 12.5113),
    ("Kairo", "EG", 30.0626, 31.2497),
    ("Nairobi", "KE", -1.2833, 36.8167),
    ("Lagos", "NG", 6.4541, 3.3947),
    ("Tokio", "JP", 35.6895, 139.6917),
    ("Delhi", "IN", 28.6519, 77.2315),
    ("Peking", "CN", 39.9075, 116.3972),
    ("Sydney", "AU", -33.8679, 151.2073),
    ("Lima", "PE", -12.0432, -77.0282),
    ("Bogotá", "CO", 4.6097, -74.0817),
    ("Buenos Aires", "AR", -34.6132, -58.3772),
    ("New York", "US", 40.7143, -74.006),
    ("Mexiko-Stadt", "MX", 19.4285, -99.1277),
    ("Toronto", "CA", 43.7001, -79.4163),
    ("Jakarta", "ID", -6.2146, 106.8451),
    ("Kapstadt", "ZA", -33.9258, 18.4232),
    ("Oslo", "NO", 59.9127, 10.7461),
    ("Santiago", "CL", -33.4569, -70.6483),
    ("Chicago", "US", 41.85, -87.65),
    ("Perth", "AU", -31.9522, 115.8614),
    ("Seoul", "KR", 37.566, 126.9784),
    ("Accra", "GH", 5.556, -0.1969),
]
WORLD_COLOURS = ("yellow", "orange", "green")


@pytest.fixture
def world_big(db) -> Deck:
    deck = Deck.objects.create(slug="world-big", name="Welt groß", edition=Edition.WORLD)
    for i, (name, country, lat, lon) in enumerate(WORLD_CITIES):
        place = Place.objects.create(
            name=name,
            country=country,
            state=f"Weltgeheimregion{i:02d}",
            description=f"Weltgeheimbeschreibung {i:02d}",
            population=2_000_017 + i * 6_133,
            latitude=lat,
            longitude=lon,
        )
        DeckCard.objects.create(deck=deck, place=place, colour=WORLD_COLOURS[i % 3])
    return deck


@pytest.fixture
def world3(teacher, world_big):
    return create_game(
        user=teacher,
        edition="world",
        deck=world_big,
        seat_names=["Adler", "Bären", "Dachse"],
        options={"starting_team": 1},
    )


@pytest.fixture(autouse=True)
def _every_engine_game_replays(request):
    """After each test: every game on the engine replays from its log to its stored state."""
    yield
    if not {"db", "transactional_db"} & set(request.fixturenames):
        return
    from play.core.store import replayed_state
    from play.models import Game

    for game in Game.objects.filter(moving_state__isnull=False):
        assert replayed_state(game) == game.state, f"game {game.code} does not replay"


@pytest.fixture
def austria_deck(db) -> Deck:
    """The Austria starter deck (the gazetteer's towns of 5,000+ people, Austria's grid)."""
    from cards import starter

    return starter.grid_deck("austria", "AT", "Österreich", 5_000)[0]


@pytest.fixture
def switzerland_deck(db) -> Deck:
    from cards import starter

    return starter.grid_deck("switzerland", "CH", "Schweiz", 8_000)[0]
