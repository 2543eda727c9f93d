"""The dice edition through the engine: options, moves with the move's die, views, replay."""

from __future__ import annotations

import json
import random

import pytest
from django.utils import translation

from play.core import registry
from play.core.engine import (
    Context,
    GameOver,
    LoggedMove,
    NotYourTurn,
    RoundClosed,
    RuleViolation,
    Viewer,
    apply_move,
    as_json,
    clean_options,
    is_over,
    move_rng,
    replay,
    setup_rng,
)
from play.editions.dice import rules
from play.editions.dice.bots import choose
from play.editions.dice.edition import EDITION
from tests.play.dice.grids import FULL, state_from

SEED = 20260


def new_state(**options) -> dict:
    cleaned = clean_options(EDITION, options, 2)
    return EDITION.setup(cleaned, None, ["Red", "Blue"], setup_rng(SEED))


def play_out(state: dict, levels: tuple[str, str], seed: int = SEED) -> tuple[dict, list]:
    """Bots play the game to its end; returns the final state and the move log."""
    log: list[LoggedMove] = []
    while EDITION.result(state) is None:
        seat = state["turn"]["seat"]
        name, args = choose(state, seat, levels[seat])
        entry = LoggedMove(len(log) + 1, seat, name, args, at=1000.0 + len(log))
        ctx = Context(rng=move_rng(seed, entry.number), now=entry.at)
        state = as_json(apply_move(EDITION, state, seat, name, args, ctx))
        log.append(entry)
        assert len(log) < 3000
    return state, log


def test_it_is_registered_as_the_dice_edition_for_two_players():
    assert registry.get("dice") is EDITION
    assert (EDITION.seats.min, EDITION.seats.max) == (2, 2)
    with pytest.raises(RuleViolation) as error:
        clean_options(EDITION, {}, 3)
    assert error.value.code == "bad_seats"


def test_it_checks_the_options():
    assert clean_options(EDITION, {}, 2) == {"mix": "standard", "first": 0, "bot": "strong"}
    for bad in ({"mix": "x"}, {"first": 2}, {"bot": "genius"}, {"colour": "red"}):
        with pytest.raises(RuleViolation):
            clean_options(EDITION, bad, 2)
    state = new_state(mix="fours", first="1")
    assert state["turn"]["seat"] == 1
    assert sorted({c["value"] for c in state["grid"] if c["value"]}) == [4, 5, 6, 7, 8, 9]


def test_it_rolls_the_die_from_the_moves_generator():
    state = new_state()
    ctx = Context(rng=move_rng(SEED, 1), now=0.0)
    state = apply_move(EDITION, state, 0, "place", {"edge": "top", "index": "3"}, ctx)
    ctx = Context(rng=move_rng(SEED, 2), now=0.0)
    after = apply_move(EDITION, state, 0, "roll", {}, ctx)
    assert after["last"]["die"] == move_rng(SEED, 2).randint(1, 6)
    again = apply_move(EDITION, state, 0, "roll", {}, Context(rng=move_rng(SEED, 2), now=5.0))
    assert again == after


@pytest.mark.parametrize(
    ("move", "args", "error", "code"),
    [
        ("place", {"edge": "middle", "index": 0}, RuleViolation, "bad_args"),
        ("place", {"edge": "left", "index": 6}, RuleViolation, "bad_args"),
        ("place", {"edge": "left"}, RuleViolation, "bad_args"),
        ("roll", {}, RoundClosed, "wrong_phase"),
        ("stop", {}, RoundClosed, "wrong_phase"),
        ("jump", {}, RuleViolation, "unknown_move"),
    ],
)
def test_it_refuses_bad_moves_with_a_code(move, args, error, code):
    with pytest.raises(error) as raised:
        apply_move(EDITION, new_state(), 0, move, args, Context(random.Random(1), 0.0))
    assert raised.value.code == code


def test_it_refuses_a_move_out_of_turn_as_a_conflict():
    with pytest.raises(NotYourTurn) as raised:
        apply_move(EDITION, new_state(), 1, "place", {"edge": "left", "index": 0}, Context(None, 0))
    assert raised.value.http_status == 409


def test_it_plays_a_whole_game_and_replays_its_log_to_the_same_state():
    initial = new_state()
    final, log = play_out(initial, ("strong", "random"))
    assert is_over(final)
    assert rules.courts_left(final) == 0
    assert replay(EDITION, initial, log, SEED) == final
    # Undo is a replay without the last move: the game is open again.
    assert EDITION.result(replay(EDITION, initial, log[:-1], SEED)) is None
    with pytest.raises(GameOver):
        apply_move(EDITION, final, 0, "stop", {}, Context(random.Random(1), 0.0))


def test_it_sums_the_final_scores_and_exports_them_as_rows():
    final, _log = play_out(new_state(), ("strong", "cautious"))
    result = EDITION.result(final)
    scores = result["scores"]
    assert sum(s["courts"] for s in scores) == 12
    assert result["ranking"][0][2] == max(s["total"] for s in scores)
    with translation.override("en"):
        rows = [[str(c) if not isinstance(c, int) else c for c in r] for r in EDITION.rows(final)]
    assert rows[0] == [
        "Player",
        "Sets",
        "Set points",
        "Court cards",
        "Court card points",
        "Total",
        "Winner",
    ]
    assert [row[0] for row in rows[1:]] == ["Red", "Blue"]
    assert [row[5] for row in rows[1:]] == [s["total"] for s in scores]
    assert {row[6] for row in rows[1:]} <= {"yes", "no"}


def test_it_shows_every_viewer_the_same_public_table():
    state = new_state()
    ctx = Context(rng=move_rng(SEED, 1), now=0.0)
    state = apply_move(EDITION, state, 0, "place", {"edge": "left", "index": 2}, ctx)
    views = [
        EDITION.view(state, viewer)
        for viewer in (Viewer.projector(), Viewer.teacher(), Viewer.of_seat(0), Viewer.of_seat(1))
    ]
    assert views[2]["you"] == 0 and views[3]["you"] == 1 and views[0]["you"] is None
    for view in views:
        assert json.loads(json.dumps(view)) == view
        assert {key: v for key, v in view.items() if key != "you"} == {
            key: v for key, v in views[0].items() if key != "you"
        }
    view = views[0]
    assert len(view["grid"]) == 36 and view["turn"]["pawn"] == {"edge": "left", "index": 2}
    assert view["players"][0]["supply"] == 12
    assert "value" not in view["grid"][0]  # shown as rank and suit, like a real card


def test_it_lists_the_choosable_lines_with_their_bust_chance():
    rows = list(FULL)
    rows[0] = "2S:0d -- -- 3S:0d -- 3C:0d"
    state = state_from(rows)
    lines = {
        (line["edge"], line["index"]): line
        for line in EDITION.view(state, Viewer.projector())["lines"]
    }
    assert len(lines) == 24
    assert lines[("left", 0)]["ok"] is False
    assert lines[("top", 0)] == {"edge": "top", "index": 0, "ok": True, "bust": 1}


def test_it_asks_the_bot_only_on_its_turn_and_answers_the_same_for_the_same_state():
    state = new_state(bot="strong")
    assert EDITION.bot(state, 1) is None
    move = EDITION.bot(state, 0)
    assert move.move == "place" and move.delay > 0
    assert EDITION.bot(json.loads(json.dumps(state)), 0) == move


def test_it_marks_the_counting_path_card_by_card_for_the_class_to_follow():
    rows = list(FULL)
    rows[0] = "2S -- 2S -- 3C 3S"
    state = state_from(rows)
    rules.place_pawn(state, 0, "left", 0)
    rules.roll(state, 0, 6)  # wraps round: 2♠ 2♠ 3♣ 3♠ 2♠ 2♠
    grid = EDITION.view(state, Viewer.projector())["grid"]
    assert [grid[cell]["steps"] for cell in (0, 2, 4, 5)] == [[1, 5], [2, 6], [3], [4]]
    assert grid[6]["steps"] == []
    assert grid[2]["counters"] == [{"seat": 0, "up": True}]
