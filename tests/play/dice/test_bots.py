"""The computer players and the simulator."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from play.editions.dice import rules
from play.editions.dice.bots import Planner, choose
from play.editions.dice.simulator import pairing, pairings, play_game, wilson
from tests.play.dice.grids import FULL, state_from


def test_it_puts_the_strong_pawn_where_a_court_is_certain():
    rows = [*FULL[:4], "-- -- -- -- -- --", "-- -- -- -- -- KD"]  # one court left, alone in row 5
    name, args = choose(state_from(rows), 0, "strong")
    assert name == "place" and args in ({"edge": "left", "index": 5}, {"edge": "right", "index": 5})


def test_it_lets_the_strong_player_stop_when_every_face_busts():
    rows = list(FULL)
    rows[4] = "8S:0d JD -- -- -- --"
    state = state_from(rows)
    rules.place_pawn(state, 0, "left", 4)
    rules.roll(state, 0, 2)  # the J♦ now holds this turn's counter; every face busts
    assert choose(state, 0, "strong") == ("stop", {})


def test_it_lets_the_strong_player_roll_on_when_no_face_can_bust():
    state = state_from(FULL)
    rules.place_pawn(state, 0, "left", 4)
    rules.roll(state, 0, 1)  # one court on a line of six courts: five faces win another
    rolling, stopping = Planner(state, 0).decision(("left", 4), state["turn"]["placed"])
    assert rolling > stopping
    assert choose(state, 0, "strong") == ("roll", {})


def test_it_values_the_last_court_by_who_would_win():
    rows = ["-- -- -- -- -- --"] * 5 + ["-- -- -- -- -- KD"]
    ahead = state_from(rows, taken=[["9S", "9C", "9S"], ["QH", "QD"]])
    behind = state_from(rows, taken=[["2S", "2C", "2S"], ["9S", "9C", "9S"]])
    last = frozenset([35])
    assert Planner(ahead, 0).stop_value(last) > 50
    assert Planner(behind, 0).stop_value(last) < -50


def test_it_makes_the_cautious_player_stop_after_one_counter():
    state = state_from(FULL)
    name, args = choose(state, 0, "cautious")
    assert name == "place"
    rules.place_pawn(state, 0, args["edge"], args["index"])
    assert choose(state, 0, "cautious") == ("roll", {})
    rules.roll(state, 0, 1)
    assert choose(state, 0, "cautious") == ("stop", {})


def test_it_makes_the_random_player_choose_only_legal_lines_and_repeat_itself():
    rows = list(FULL)
    rows[0] = "-- -- -- -- -- --"
    state = state_from(rows)
    for step in range(40):
        state["step"] = step
        name, args = choose(state, 0, "random")
        assert name == "place" and rules.line_choosable(state["grid"], 0, **args)
        assert choose(state, 0, "random") == (name, args)


def test_it_refuses_an_unknown_bot():
    with pytest.raises(ValueError, match="unknown bot"):
        choose(state_from(FULL), 0, "clever")


def test_it_computes_wilson_intervals():
    low, high = wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson(50, 100)
    assert (low, high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_it_lets_the_strong_bot_beat_the_random_one():
    summary = pairing(("strong", "random"), games=12, seed=5)
    assert summary["wins"]["strong"] >= 10
    assert summary["wins"]["strong"] + summary["wins"]["random"] + summary["ties"] == 12
    assert (
        summary["ci_low"]["strong"] <= summary["win_rate"]["strong"] <= summary["ci_high"]["strong"]
    )


def test_it_alternates_the_starting_player_between_games():
    firsts = [play_game(("random", "random"), seed, seed % 2)["first"] for seed in range(4)]
    assert firsts == [0, 1, 0, 1]


def test_it_pairs_the_strong_bot_with_every_other_by_default():
    assert pairings(None) == [("strong", "cautious"), ("strong", "random")]
    assert pairings("random, strong") == [("random", "strong")]
    for bad in ("strong", "strong,genius", "a,b,c"):
        with pytest.raises(ValueError):
            pairings(bad)


def test_it_prints_one_json_line_per_pairing():
    out = StringIO()
    call_command("simulate", "dice", "--games", "4", "--seed", "2", stdout=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["bots"] for line in lines] == [["strong", "cautious"], ["strong", "random"]]
    keys = {"bots", "games", "wins", "ties", "win_rate", "ci_low", "ci_high"}
    assert keys | {"first_player_win_rate"} == set(lines[0])
    out = StringIO()
    call_command("simulate", "dice", "--games", "2", "--bots", "random,cautious", stdout=out)
    assert json.loads(out.getvalue())["wins"].keys() == {"random", "cautious"}


def test_it_explains_a_bad_simulate_command():
    with pytest.raises(CommandError, match="Unknown edition"):
        call_command("simulate", "chess")
    with pytest.raises(CommandError, match="two of"):
        call_command("simulate", "dice", "--bots", "strong")
    with pytest.raises(CommandError, match="unrecognized"):
        call_command("simulate", "dice", "--rounds", "3")
