"""The pure engine: options, moves, refusals, replay — no database."""

from __future__ import annotations

import pytest

from play.core.engine import (
    Context,
    GameOver,
    LoggedMove,
    NotYourTurn,
    RuleViolation,
    Viewer,
    apply_move,
    clean_options,
    move_rng,
    replay,
    setup_rng,
)
from tests.play.core.toy import TOY


def ctx(number=1, teacher=False):
    return Context(move_rng(7, number), 1_700_000_000.0 + number, teacher)


def test_it_fills_defaults_and_refuses_bad_options():
    assert clean_options(TOY, None, 2) == {"goal": 10}
    assert clean_options(TOY, {"goal": "12"}, 2) == {"goal": 12}
    with pytest.raises(RuleViolation, match="between 3 and 50"):
        clean_options(TOY, {"goal": 99}, 2)
    with pytest.raises(RuleViolation, match="Unknown option"):
        clean_options(TOY, {"speed": 1}, 2)


def test_it_leaves_the_given_state_untouched():
    state = TOY.setup({"goal": 10}, None, ["a", "b"], setup_rng(7))
    before = repr(state)
    new = apply_move(TOY, state, 0, "add", {"step": "2"}, ctx())
    assert repr(state) == before
    assert new["total"] == 2 and new["turn"] == 1


def test_it_refuses_with_codes():
    state = TOY.setup({"goal": 10}, None, ["a", "b"], setup_rng(7))
    with pytest.raises(NotYourTurn):
        apply_move(TOY, state, 1, "add", {"step": 1}, ctx())
    with pytest.raises(RuleViolation) as refused:
        apply_move(TOY, state, 0, "add", {"step": 3}, ctx())
    assert refused.value.code == "no_three_first" and refused.value.http_status == 400
    with pytest.raises(RuleViolation, match="whole number"):
        apply_move(TOY, state, 0, "add", {"step": "x"}, ctx())
    with pytest.raises(RuleViolation, match="no move called"):
        apply_move(TOY, state, 0, "jump", {}, ctx())
    with pytest.raises(RuleViolation, match="Only the teacher"):
        apply_move(TOY, state, 0, "pause", {}, ctx())


def test_it_refuses_moves_once_the_game_is_over():
    state = TOY.setup({"goal": 3}, None, ["a", "b"], setup_rng(7))
    state = apply_move(TOY, state, 0, "add", {"step": 2}, ctx(1))
    state = apply_move(TOY, state, 1, "add", {"step": 2}, ctx(2))
    assert TOY.result(state)["winners"] == [1]
    with pytest.raises(GameOver) as over:
        apply_move(TOY, state, 0, "add", {"step": 1}, ctx(3))
    assert over.value.http_status == 409


def test_it_replays_random_moves_to_the_same_state():
    initial = TOY.setup({"goal": 50}, None, ["a", "b"], setup_rng(7))
    log = [LoggedMove(n, 0, "roll", {}, 1.0 * n) for n in range(1, 6)]
    once, twice = replay(TOY, initial, log, 7), replay(TOY, initial, log, 7)
    assert once == twice and len(once["rolls"]) == 5
    assert replay(TOY, initial, log, 8)["rolls"] != once["rolls"]


def test_it_keeps_seat_secrets_in_seat_views():
    state = TOY.setup({"goal": 10}, None, ["a", "b"], setup_rng(7))
    assert "my_secret" not in TOY.view(state, Viewer.projector())
    assert TOY.view(state, Viewer.of_seat(1))["my_secret"] == state["secrets"][1]
