"""The World's game module without a database: set-up, views, moves through the engine."""

from __future__ import annotations

import json
import random

import pytest

from play.core.engine import (
    Context,
    NotYourTurn,
    RoundClosed,
    RuleViolation,
    Viewer,
    apply_move,
    setup_rng,
)
from play.editions.world import moves as world
from play.editions.world.view import view as world_view

OPTIONS = {"starting_team": 1, "track_length": 12, "longer_game": False}


def _deck(n=9):
    return [
        {
            "id": 1000 + i,
            "name": f"Ort {i}",
            "colour": ("yellow", "orange", "green")[i % 3],
            "board": "EU",
            "solutions": [f"EU-{'WMO'[i % 3]}-N-A"],
            "latitude": 50.0,
            "longitude": 10.0,
        }
        for i in range(n)
    ]


def _move(edition, state, seat, name, teacher=False, **args):
    ctx = Context(random.Random(0), 0.0, teacher)
    return apply_move(edition, state, seat, name, args, ctx)


@pytest.fixture
def edition():
    from play.editions.world.edition import WORLD

    return WORLD


def test_it_names_cards_by_references_drawn_from_the_seed() -> None:
    state = world.setup(OPTIONS, _deck(), ["A", "B", "C"], setup_rng(7))
    again = world.setup(OPTIONS, _deck(), ["A", "B", "C"], setup_rng(7))
    assert state == again
    assert all(len(ref) == 12 and int(ref, 16) >= 0 for ref in state["cards"])
    assert set(state["stack"]) == set(state["cards"]) and len(state["stack"]) == 9
    ids = [state["cards"][ref]["id"] for ref in state["stack"]]
    assert ids != sorted(ids)  # shuffled: the stack's order says nothing about the deck's


def test_views_show_fronts_only_and_no_database_id(edition) -> None:
    state = world.setup(OPTIONS, _deck(), ["A", "B", "C"], setup_rng(3))
    state = _move(edition, state, None, "lay_out", teacher=True)
    for viewer in (Viewer.projector(), Viewer.teacher(), Viewer.of_seat(0)):
        text = json.dumps(world_view(state, viewer))
        assert '"id"' not in text and "EU-" not in text and "solutions" not in text
    rnd = world_view(state, Viewer.teacher())["round"]
    assert rnd["order"] == [1, 2, 0] and rnd["next_team"] == 1
    assert world_view(state, Viewer.teacher())["active_seats"] == [1]


def test_moves_check_turn_phase_and_who_may_make_them(edition) -> None:
    state = world.setup(OPTIONS, _deck(), ["A", "B", "C"], setup_rng(3))
    with pytest.raises(RuleViolation) as refused:
        _move(edition, state, 0, "lay_out")
    assert refused.value.code == "teacher_only"
    with pytest.raises(RoundClosed):
        _move(edition, state, 0, "choose", card="x")
    state = _move(edition, state, None, "lay_out", teacher=True)
    table = world.current(state)["table"]
    with pytest.raises(NotYourTurn):
        _move(edition, state, 0, "choose", card=table[0])
    with pytest.raises(RuleViolation) as refused:
        _move(edition, state, 1, "choose", card="not-a-card")
    assert refused.value.code == "card_not_available"
    state = _move(edition, state, 1, "choose", card=table[0])
    state = _move(edition, state, 2, "choose", card=table[1])
    assert world.current(state)["held"] == [table[2], table[0], table[1]]
    assert world.current(state)["phase"] == world.EXCHANGING
    # Exchanging goes in the same order as choosing: team 1 first.
    with pytest.raises(NotYourTurn) as refused:
        _move(edition, state, 0, "exchange", exchange=False)
    assert refused.value.message == "Team 1 decides now."
    with pytest.raises(RoundClosed) as refused:
        _move(edition, state, 1, "choose", card=table[0])
    assert refused.value.code == "wrong_phase"
    with pytest.raises(RoundClosed) as refused:
        _move(edition, state, None, "lay_out", teacher=True)
    assert refused.value.code == "round_open"
