"""What the store notes on a game while it works on it is declared by the model, the same on
every instance, not attributes stuck onto some instances from outside."""

from __future__ import annotations

import pytest

from play.core import store
from play.models import Game

pytestmark = pytest.mark.django_db


def test_every_game_read_or_made_has_the_stores_notes_unset(teacher):
    made = store.create_game(user=teacher, edition="toy", seat_names=["Ada", "Bo"])
    for game in (made, Game.objects.get(pk=made.pk), Game()):
        assert game.pending_moves == [] and not game.repeated and not game.unchanged


def test_a_retried_move_comes_back_marked_repeated_and_a_new_one_does_not(teacher):
    game = store.create_game(user=teacher, edition="toy", seat_names=["Ada", "Bo"])
    first = store.make_move(game, 0, "add", {"step": 1}, key="k1")
    assert not first.repeated and first.pending_moves == []
    again = store.make_move(game, 0, "add", {"step": 1}, key="k1")
    assert again.repeated and again.state == first.state
