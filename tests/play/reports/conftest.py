"""The reports' fixtures: a class and three of its games, played to the end."""

from __future__ import annotations

import pytest

from play.core import store
from play.models import Class, Game, Mode
from tests.play.reports.helpers import play_like_a_class


@pytest.fixture
def seven_b(teacher) -> Class:
    return Class.objects.create(teacher=teacher, name="7b Erdkunde")


@pytest.fixture
def played(teacher, seven_b, big_deck) -> list[Game]:
    """Three Germany games of the class, played to the end: a class against the computer."""
    games = []
    for _ in range(3):
        game = store.create_game(
            user=teacher,
            edition="germany",
            deck=big_deck,
            seat_names=["Rot", "Blau"],
            bots=[1],
            mode=Mode.DEVICES,
            school_class=seven_b,
        )
        games.append(play_like_a_class(game))
    return games
