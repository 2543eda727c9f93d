"""A game that stops making progress ends: the rule, the computer pairing that found it, and a
property over every pairing of computer players."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.editions.dice import rules
from play.editions.dice.bots import LEVELS
from play.editions.dice.simulator import EDITION, play_game
from tests.play.dice.grids import DUEL, state_from


def test_it_ends_a_game_in_which_no_card_is_taken_for_thirty_turns_each():
    state = state_from(DUEL, taken=[["JH", "KD"], ["8S", "8C", "8S"]])
    for _turn in range(rules.STALL_TURNS):
        assert not rules.how_it_ended(state)
        seat = state["turn"]["seat"]
        rules.place_pawn(state, seat, "left", 4)
        # Each player lands on the other's 9 and stops: its counter goes back, nothing is taken.
        rules.roll(state, seat, 1)
        rules.stop(state, seat)
        assert state["last"]["removed"] == 1 and state["last"]["taken"] == []
    assert rules.how_it_ended(state) and state["turn"]["phase"] == "over"
    result = rules.result(state)
    assert result["end"] == "stalled"
    assert result["winners"] == [1]  # scored as it stands: three 8s (8) against two courts (2)


def test_a_card_taken_or_a_bust_counts_as_it_should_toward_the_stall():
    state = state_from(DUEL)
    state["quiet"] = rules.STALL_TURNS - 2
    rules.place_pawn(state, 0, "top", 5)
    rules.roll(state, 0, 1)  # the queen of hearts
    rules.stop(state, 0)
    assert state["quiet"] == 0 and not rules.how_it_ended(state)  # a card taken: progress
    state["quiet"] = rules.STALL_TURNS - 1
    rules.place_pawn(state, 1, "left", 4)
    rules.roll(state, 1, 1)  # its own 9: a bust, no progress
    assert rules.how_it_ended(state) == "stalled"
    assert rules.result(state)["end"] == "stalled"


def test_the_cautious_pair_of_the_report_finishes_its_game():
    # ``simulate dice --bots cautious,cautious --seed 5``: game 382 looped for ever.
    state = play_game(("cautious", "cautious"), 882533997, 0)
    result = EDITION.result(state)
    assert result is not None and result["end"] == "stalled"
    assert state["turn"]["number"] < 300


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    levels=st.tuples(st.sampled_from(LEVELS), st.sampled_from(LEVELS)),
    seed=st.integers(0, 2**31 - 1),
    first=st.integers(0, 1),
    mix=st.sampled_from(sorted(rules.MIXES)),
)
def test_any_two_computer_players_finish_within_the_rules_bound(levels, seed, first, mix):
    state = play_game(levels, seed, first, mix)
    assert EDITION.result(state) is not None
    assert state["turn"]["number"] <= rules.max_turns(mix)
    assert state.get("quiet", 0) <= rules.STALL_TURNS


@pytest.mark.exhaustive
def test_the_simulator_prints_its_line_for_two_cautious_players():
    out = StringIO()
    call_command(
        "simulate",
        "dice",
        "--bots",
        "cautious,cautious",
        "--games",
        "383",
        "--seed",
        "5",
        stdout=out,
    )
    line = json.loads(out.getvalue())
    assert line["bots"] == ["cautious", "cautious"] and line["games"] == 383
    assert sum(line["wins"].values()) + line["ties"] == 383
