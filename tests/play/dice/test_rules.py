"""The rules of Spot On (Knizia 1995), each on a hand-built grid."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from play.core.errors import NotYourTurn, RoundClosed, RuleViolation
from play.editions.dice import moves, rules
from tests.play.dice.grids import FULL, cell, counters, state_from


def test_it_deals_the_default_mix_black_two_to_nine_three_times_and_twelve_red_courts():
    cards = rules.deck_for("standard")
    assert len(cards) == 36
    black = Counter(c["value"] for c in cards if c["suit"] in "SC")
    assert black == {value: 3 for value in range(2, 10)}
    courts = Counter((c["rank"], c["suit"]) for c in cards if rules.is_court(c))
    assert courts == {(rank, suit): 2 for rank in "JQK" for suit in "HD"}


def test_it_deals_the_fours_mix_as_sets_of_four():
    black = Counter(c["value"] for c in rules.deck_for("fours") if c["value"])
    assert black == {value: 4 for value in range(4, 10)}


def test_it_refuses_an_unknown_mix():
    with pytest.raises(RuleViolation) as error:
        rules.deck_for("pinochle")
    assert error.value.code == "bad_option"


def test_it_shuffles_the_grid_and_gives_references_that_do_not_follow_the_deck_order():
    a = rules.new_game(["A", "B"], random.Random(1))
    b = rules.new_game(["A", "B"], random.Random(2))
    faces = [[(c["rank"], c["suit"]) for c in s["grid"]] for s in (a, b)]
    assert faces[0] != faces[1]
    refs = [c["ref"] for c in a["grid"]]
    assert len(set(refs)) == 36 and refs != sorted(refs)
    assert rules.supply(a, 0) == rules.supply(a, 1) == 12


def test_it_knows_the_24_pawn_positions_and_their_counting_order():
    lines = {(edge, index) for edge in rules.EDGES for index in range(6)}
    assert len(lines) == 24
    assert rules.line_cells("left", 2) == [12, 13, 14, 15, 16, 17]
    assert rules.line_cells("right", 2) == [17, 16, 15, 14, 13, 12]
    assert rules.line_cells("top", 4) == [4, 10, 16, 22, 28, 34]
    assert rules.line_cells("bottom", 4) == [34, 28, 22, 16, 10, 4]


def test_it_counts_from_the_card_next_to_the_pawn():
    state = state_from(FULL)
    assert rules.target_cell(state["grid"], "left", 0, 1) == (0, [0])
    assert rules.target_cell(state["grid"], "right", 0, 3) == (3, [5, 4, 3])
    assert rules.target_cell(state["grid"], "bottom", 0, 2)[0] == cell(4, 0)


def test_it_wraps_round_to_the_start_of_the_same_line_and_skips_gaps():
    rows = list(FULL)
    rows[0] = "2S -- 2S -- 3C 3S"  # four cards left in row 0
    state = state_from(rows)
    target, path = rules.target_cell(state["grid"], "left", 0, 6)
    assert path == [0, 2, 4, 5, 0, 2]
    assert target == 2
    rows[0] = "-- -- -- JH -- --"  # one card: every face reaches it
    state = state_from(rows)
    assert {rules.target_cell(state["grid"], "right", 0, die)[0] for die in range(1, 7)} == {3}


def test_it_refuses_a_line_without_cards():
    rows = list(FULL)
    rows[1] = "-- -- -- -- -- --"
    state = state_from(rows)
    with pytest.raises(RuleViolation) as error:
        rules.place_pawn(state, 0, "left", 1)
    assert error.value.code == "empty_line"


def test_it_refuses_a_line_whose_every_card_holds_the_players_counter():
    rows = list(FULL)
    rows[0] = "2S:0d -- -- 3S:0d -- 3C:0d"
    state = state_from(rows)
    with pytest.raises(RuleViolation) as error:
        rules.place_pawn(state, 0, "right", 0)
    assert error.value.code == "line_all_yours"
    rules.place_pawn(state_from(rows, seat=1), 1, "right", 0)  # the opponent may


def test_it_places_the_counter_spot_up_and_stacks_it_on_an_opponents_counter():
    rows = list(FULL)
    rows[0] = "2S:1d 2C 2S 3S 3C 3S"
    state = state_from(rows)
    rules.place_pawn(state, 0, "left", 0)
    rules.roll(state, 0, 1)
    assert counters(state, 0, 0) == [[1, False], [0, True]]
    assert state["turn"]["phase"] == "decide"
    assert rules.supply(state, 0) == 11
    assert state["last"]["path"] == [0]


def test_it_busts_on_a_counter_placed_earlier_this_turn_and_removes_the_turns_counters():
    rows = list(FULL)
    rows[0] = "2S:1d 2C 2S 3S 3C 3S"
    state = state_from(rows)
    rules.place_pawn(state, 0, "left", 0)
    rules.roll(state, 0, 1)
    rules.roll(state, 0, 2)
    rules.roll(state, 0, 1)  # the 2♠ again: bust
    assert state["last"]["kind"] == "bust"
    assert counters(state, 0, 0) == [[1, False]]
    assert counters(state, 0, 1) == []
    assert rules.supply(state, 0) == 12
    assert state["turn"] == {"seat": 1, "number": 2, "phase": "place", "pawn": None, "placed": []}


def test_it_busts_on_an_old_spot_down_counter_and_nothing_else_changes():
    rows = list(FULL)
    rows[2] = "6S 6C 6S:0d 7S 7C 7S"
    state = state_from(rows)
    rules.place_pawn(state, 0, "top", 2)
    rules.roll(state, 0, 1)  # 2♠ at the top of column 2
    rules.roll(state, 0, 3)  # 6♠ with the counter from an earlier turn
    assert state["last"]["kind"] == "bust"
    assert counters(state, 0, 2) == []
    assert counters(state, 2, 2) == [[0, False]]
    assert state["taken"] == [[], []]
    assert state["turn"]["seat"] == 1


def test_it_stops_on_an_opponents_counter_and_sends_it_back():
    rows = list(FULL)
    rows[1] = "4S:1d 4C:1d 4S 5S 5C 5S"
    state = state_from(rows)
    rules.place_pawn(state, 0, "left", 1)
    rules.roll(state, 0, 1)
    rules.stop(state, 0)
    assert counters(state, 1, 0) == [[0, False]]
    assert counters(state, 1, 1) == [[1, False]]
    assert rules.supply(state, 0) == 11
    assert rules.supply(state, 1) == 11
    assert state["last"]["removed"] == 1
    assert state["turn"]["seat"] == 1


def test_it_gives_the_court_cards_reached_to_the_player_who_stops():
    state = state_from(FULL)
    rules.place_pawn(state, 0, "left", 4)
    rules.roll(state, 0, 2)  # J♦
    rules.roll(state, 0, 5)  # Q♥
    rules.stop(state, 0)
    assert [(c["rank"], c["suit"]) for c in state["taken"][0]] == [("J", "D"), ("Q", "H")]
    assert state["grid"][cell(4, 1)] is None and state["grid"][cell(4, 4)] is None
    assert rules.supply(state, 0) == 12  # counters on taken cards come back
    assert rules.score(state["taken"][0])["total"] == 2


def test_it_takes_a_completed_black_set_with_counters_from_earlier_turns():
    rows = list(FULL)
    rows[2] = "6S:1d 6C 6S 7S:0d 7C:0d 7S"
    state = state_from(rows)
    rules.place_pawn(state, 0, "right", 2)
    rules.roll(state, 0, 1)  # the third 7
    rules.stop(state, 0)
    assert [c["value"] for c in state["taken"][0]] == [7, 7, 7]
    assert [state["grid"][cell(2, col)] for col in (3, 4, 5)] == [None, None, None]
    assert counters(state, 2, 0) == [[1, False]]  # other values are untouched
    assert rules.supply(state, 0) == 12
    assert rules.score(state["taken"][0]) == {
        "courts": 0,
        "court_points": 0,
        "sets": [7],
        "set_points": 7,
        "total": 7,
    }


def test_it_completes_a_set_by_stacking_on_the_opponents_last_counter_of_that_value():
    rows = list(FULL)
    rows[3] = "8S:0d 8C:0d 8S:1d 9S 9C 9S"
    state = state_from(rows)
    rules.place_pawn(state, 0, "left", 3)
    rules.roll(state, 0, 3)
    rules.stop(state, 0)
    assert [c["value"] for c in state["taken"][0]] == [8, 8, 8]
    assert rules.supply(state, 1) == 12


def test_it_does_not_take_a_set_the_player_does_not_hold_completely():
    rows = list(FULL)
    rows[3] = "8S:0d 8C:1d 8S 9S 9C 9S"
    state = state_from(rows)
    rules.place_pawn(state, 0, "left", 3)
    rules.roll(state, 0, 3)
    rules.stop(state, 0)
    assert state["taken"][0] == []
    assert counters(state, 3, 2) == [[0, False]]


def test_it_scores_seven_courts_as_twelve():
    assert [rules.court_points(n) for n in (0, 1, 6, 7, 8, 12)] == [0, 1, 6, 12, 12, 12]
    courts = [{"rank": "K", "suit": "H", "value": None}] * 7
    sets = [{"rank": "9", "suit": "S", "value": 9}] * 3
    assert rules.score(courts + sets)["total"] == 21


def test_it_ends_when_the_last_court_is_taken_and_ranks_the_players():
    rows = [
        "2S 2C 2S 3S 3C 3S",
        "4S 4C 4S 5S 5C 5S",
        "6S 6C 6S 7S 7C 7S",
        "8S 8C 8S 9S 9C 9S",
        "-- -- -- -- -- --",
        "-- -- -- -- -- KD",
    ]
    taken = [["JH", "JD", "JH", "JD", "QH", "QD"], ["QH", "QD", "KH", "KD", "KH"]]
    state = state_from(rows, taken=taken)
    rules.place_pawn(state, 0, "right", 5)
    rules.roll(state, 0, 4)
    assert rules.result(state) is None
    rules.stop(state, 0)
    assert rules.how_it_ended(state) == "courts" and state["turn"]["phase"] == "over"
    result = rules.result(state)
    assert result["winners"] == [0]
    assert result["ranking"] == [[1, 0, 12], [2, 1, 5]]
    with pytest.raises(RoundClosed):
        rules.stop(state, 0)


def test_it_shares_a_tie():
    taken = [["JH", "QH", "9S", "9C", "9S"], ["KD", "KH", "JD", "QD", "QD", "6S", "6C", "6S"]]
    state = state_from(FULL, taken=taken)
    state["end"] = "courts"
    result = rules.result(state)
    assert result["winners"] == [0, 1]
    assert result["ranking"] == [[1, 0, 11], [1, 1, 11]]


def test_it_stops_by_itself_when_the_last_counter_is_placed():
    rows = list(FULL)
    rows[0] = "2S:0d 2C:0d 2S 3S:0d 3C:0d 3S"
    rows[1] = "4S:0d 4C:0d 4S 5S:0d 5C:0d 5S"
    rows[2] = "6S:0d 6C:0d 6S 7S:0d 7C 7S"  # eleven counters down, one in supply
    state = state_from(rows)
    assert rules.supply(state, 0) == 1
    rules.place_pawn(state, 0, "left", 4)
    rules.roll(state, 0, 1)
    assert state["last"]["kind"] == "stop" and state["last"]["forced"]
    assert [c["rank"] for c in state["taken"][0]] == ["J"]
    assert state["turn"]["seat"] == 1


def test_it_gives_back_every_counter_to_a_player_who_starts_a_turn_with_none():
    rows = list(FULL)
    rows[0] = "2S:1d 2C:1d 2S 3S:1d 3C:1d 3S"
    rows[1] = "4S:1d 4C:1d 4S 5S:1d 5C:1d 5S"
    rows[2] = "6S:1d 6C:1d 6S 7S:1d 7C:1d 7S"
    state = state_from(rows)
    assert rules.supply(state, 1) == 0
    rules.place_pawn(state, 0, "left", 4)
    rules.roll(state, 0, 1)
    rules.stop(state, 0)
    assert state["turn"]["seat"] == 1
    assert rules.supply(state, 1) == 12
    assert state["events"][-1]["kind"] == "reclaim"


def test_it_keeps_the_turn_order_and_phases():
    state = state_from(FULL)
    # Whose turn it is, the edition declares and the core checks before every move.
    with pytest.raises(NotYourTurn):
        moves.TURN.check(state, 1, "place")
    moves.TURN.check(state, 0, "place")
    with pytest.raises(RoundClosed) as error:
        rules.roll(state, 0, 3)
    assert error.value.code == "wrong_phase"
    rules.place_pawn(state, 0, "left", 0)
    with pytest.raises(RoundClosed):
        rules.place_pawn(state, 0, "top", 0)
    with pytest.raises(RoundClosed) as error:
        rules.stop(state, 0)
    assert "Roll" in error.value.message


def test_it_counts_the_faces_that_would_bust():
    rows = list(FULL)
    rows[0] = "2S:0d 2C:1d -- -- -- --"
    state = state_from(rows)
    assert rules.bust_chance(state, 0, "left", 0) == (3, 6)  # faces 1, 3, 5
    assert rules.bust_chance(state, 1, "left", 0) == (3, 6)
    assert rules.bust_chance(state, 0, "top", 5) == (0, 6)
