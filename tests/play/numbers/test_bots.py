"""The simple strategy, the simulator's determinism and the simulate command."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from play.editions.numbers import rules
from play.editions.numbers.bots import NextPlayerChances, distance, hits_from, next_move
from play.editions.numbers.simulator import play_game, run, simulate, wilson
from play.editions.numbers.solver import apply_op
from tests.play.numbers.rigging import J, card, play, rigged


def test_it_hits_when_it_can_with_a_real_card_before_a_joker():
    state = rigged([[J, 4, 9], [3, 4]], [1, 1, 1], target=120)
    play(state, 0, 9, "+")
    play(state, 1, 3, "+")  # total 12
    state["turn"] = 0
    state["showed"][0] = True
    assert next_move(state, 0) == ("play", {"card": card(state, 0, J), "op": "*", "value": 10})
    state["hands"][0].append("c900")
    state["cards"]["c900"] = [10, "H"]
    assert next_move(state, 0) == ("play", {"card": "c900", "op": "*"})


def test_it_shows_the_card_that_adds_most_totals_from_which_a_hit_is_possible():
    state = rigged([[7, 8, 3], [5, 6, 9]], [1, 1, 1], target=240)
    # 8 and 3 divide 240 (four totals each), 7 does not (three): the lower value wins the tie
    assert next_move(state, 0) == ("show", {"card": card(state, 0, 3)})
    assert len(hits_from(240, 3, False)) == 4 and len(hits_from(240, 7, False)) == 3


def test_it_leaves_the_total_from_which_the_shown_card_of_the_next_player_hits():
    state = rigged([[9, 2, 7], [12, 1, 1]], [1, 1, 1, 1, 1, 1], target=108)
    rules.show(state, 0, {"card": card(state, 0, 2)})
    play(state, 0, 9, "+")  # 9
    rules.show(state, 1, {"card": card(state, 1, 12)})
    rules.pass_(state, 1, {"card": card(state, 1, 1)})
    # seat 0 leaves 9 (× 12 = 108 with seat 1's shown 12) rather than spoil it: with its 1
    # (× 1), as playing comes before passing when both leave the same total
    name, args = next_move(state, 0)
    assert (name, args) == ("play", {"card": card(state, 0, 1), "op": "*"})
    state["hands"][0].remove(card(state, 0, 1))
    name, args = next_move(state, 0)
    assert name == "pass"
    assert state["cards"][args["card"]][0] == 7  # never its own shown card


def test_it_reads_soon_as_within_the_next_two_turns():
    # Target 500, total 4, nobody can hit in one play. Seat 1 shows a 5. Seat 0 may leave 40
    # (× 10: nearer the target, two plays of any values away) or 20 (× 5). From 20 seat 1's
    # shown 5 leaves 100 (20 × 5), one play from 500 for the player after them: the two-turn
    # reading of the rule book prefers 20 before looking at distances.
    state = rigged([[4, 5, 10], [5, 1, 1]], [1] * 10, target=500)
    play(state, 0, 4, "+")
    rules.show(state, 1, {"card": card(state, 1, 5)})
    rules.pass_(state, 1, {"card": card(state, 1, 1)})
    state["showed"][0] = True
    hand = [(c, state["cards"][c][0]) for c in state["hands"][0]]
    chances = NextPlayerChances(state, 0, hand)
    one_20, two_20 = chances(20, False, "")
    one_40, two_40 = chances(40, False, "")
    assert one_20 == one_40 == 0.0
    assert two_20 == 1.0 and two_40 < 1.0
    assert distance(20, 500, False) == distance(40, 500, False) == 2
    assert next_move(state, 0) == ("play", {"card": card(state, 0, 5), "op": "*"})


def test_it_counts_plays_to_the_target_for_any_card_values():
    assert distance(107, 120, False) == 1
    assert distance(1, 120, False) == 2  # 1 × 12 = 12, then × 10
    assert distance(5000, 120, False) == 3


def test_it_plays_the_same_game_for_the_same_seed():
    first = play_game(3, "normal", True, "seed-a")
    assert first == play_game(3, "normal", True, "seed-a")
    games = {play_game(3, "normal", True, f"seed-{n}") for n in range(8)}
    assert len(games) > 1


def test_it_gives_the_same_figures_for_the_same_seed():
    assert run(2, "easy", True, 30, 9) == run(2, "easy", True, 30, 9)


def test_it_computes_the_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0


def test_it_refuses_bad_simulator_options():
    with pytest.raises(ValueError):
        simulate(["--players", "5"])
    with pytest.raises(ValueError):
        simulate(["--level", "insane"])
    with pytest.raises(ValueError):
        simulate(["--games", "0"])


def test_it_prints_one_json_line_from_the_simulate_command():
    out = StringIO()
    call_command(
        "simulate", "numbers", "--players", "2", "--level", "normal", "--no-signals",
        "--games", "12", "--seed", "3", stdout=out,
    )  # fmt: skip
    lines = out.getvalue().strip().splitlines()
    assert len(lines) == 1
    line = json.loads(lines[0])
    assert set(line) == {
        "players", "level", "signals", "games", "wins", "win_rate", "ci_low", "ci_high",
        "turns_per_target",
    }  # fmt: skip
    assert line["players"] == 2 and line["signals"] is False and line["games"] == 12
    assert line["ci_low"] <= line["win_rate"] <= line["ci_high"]


def test_it_names_an_unknown_edition_in_the_simulate_command():
    with pytest.raises(CommandError, match="nowhere"):
        call_command("simulate", "nowhere")


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_it_wins_exactly_when_the_level_s_targets_are_hit(level):
    goal = rules.LEVELS[level]["goal"]
    for number in range(6):
        outcome = play_game(3, level, True, f"goal-{number}")
        assert outcome.hits <= goal
        assert outcome.won == (outcome.hits == goal)
        assert outcome.turns >= outcome.hits


def test_the_strategy_reads_one_play_totals_from_the_solver():
    # One solver: every total from which a value hits the target is one the solver's search
    # steps back to, and playing the value from it with some operation gives the target.
    for small in (False, True):
        ops = rules.SMALL_OPS if small else rules.OPS
        for target in (0, 1, 12, 60, 143, 500):
            for value in range(1, 14):
                found = hits_from(target, value, small)
                assert found == {
                    before
                    for before in range(0, 7_000)
                    if before != target and any(apply_op(before, value, op) == target for op in ops)
                }
