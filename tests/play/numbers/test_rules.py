"""Each rule of Numbers, as the rule sheet states it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from play.core.engine import NotYourTurn, RoundClosed, RuleViolation
from play.editions.numbers import moves, rules
from tests.play.numbers.rigging import J, card, play, rigged


@pytest.mark.parametrize(
    ("level", "players", "jokers", "goal", "signals"),
    [
        ("easy", 2, 0, 4, True),
        ("easy", 4, 0, 4, True),
        ("normal", 2, 1, 5, True),
        ("normal", 3, 2, 5, True),
        ("normal", 4, 2, 5, True),
        ("hard", 2, 0, 5, False),
        ("hard", 3, 1, 5, False),
        ("hard", 4, 1, 5, False),
        ("expert", 2, 2, 6, False),
        ("expert", 4, 2, 6, False),
    ],
)
def test_it_sets_up_each_level(level, players, jokers, goal, signals):
    state = rules.new_game(players, random.Random(3), level=level)
    values = Counter(value for value, _suit in state["cards"].values())
    assert values[J] == jokers
    assert all(values[value] == 4 for value in range(1, 14))
    assert len(state["cards"]) == 52 + jokers
    assert state["goal"] == goal
    assert state["signals"] is signals
    hand = 5 if players == 2 else 4
    assert [len(h) for h in state["hands"]] == [hand] * players
    on_table = len(state["stock"]) + len(state["target_cards"]) + players * hand
    assert on_table == len(state["cards"])
    assert 100 <= state["target"] <= 999
    assert state["turn"] == 0 and state["total"] == 0 and state["chain"] == []


def test_it_gives_cards_opaque_ids():
    state = rules.new_game(2, random.Random(7))
    ids = list(state["cards"])
    assert len(set(ids)) == len(ids) == 53
    by_value = sorted(ids, key=lambda card_id: state["cards"][card_id][0])
    assert by_value != sorted(ids)
    other = rules.new_game(2, random.Random(8))
    assert not set(ids) & set(other["cards"])


def test_it_turns_up_the_hundreds_past_tens_faces_and_jokers():
    # top of the stock is last: K, 10, joker are passed over for the hundreds
    state = rigged([[1, 2], [3, 4]], [5, 6, 7, 3, J, 10, 13], target=None)
    assert state["target"] == 376
    assert [state["cards"][c][0] for c in state["stock"]] == [J, 10, 13, 5]


def test_it_reads_tens_and_faces_as_zero_and_skips_jokers_after_the_hundreds():
    state = rigged([[1, 2], [3, 4]], [8, 12, J, 10, 4], target=None)
    assert state["target"] == 400
    assert [state["cards"][c][0] for c in state["stock"]] == [J, 8]


def test_it_turns_up_two_digits_for_small_numbers():
    state = rigged([[1, 2], [3, 4]], [9, 11, 6], target=None, small=True)
    assert state["target"] == 60


def test_it_loses_when_the_stock_runs_out_while_turning_up():
    state = rigged([[1, 2], [3, 4]], [5, 6], target=None)
    assert state["status"] == "lost" and state["reason"] == "stock_out"
    assert rules.result(state)["winners"] == []


def test_it_loses_after_going_once_through_the_stock_without_a_usable_card():
    state = rigged([[1, 2], [3, 4]], [10, 11, J, 13], target=None)
    assert state["status"] == "lost" and state["reason"] == "stock_out"
    state = rigged([[1, 2], [3, 4]], [J, J, 5], target=None)
    assert state["status"] == "lost" and state["reason"] == "stock_out"


def test_it_adds_the_first_card_and_refuses_other_operations():
    state = rigged([[7, 2], [3, 4]], [1, 1, 1])
    with pytest.raises(RuleViolation) as refused:
        play(state, 0, 7, "*")
    assert refused.value.code == "first_card_adds"
    play(state, 0, 7, "+")
    assert state["total"] == 7 and state["turn"] == 1


def test_it_refuses_a_division_with_remainder_and_says_why():
    state = rigged([[5, 2], [3, 4]], [1, 1, 1])
    state["total"], state["chain"] = 84, [{"card": "x", "value": 84, "op": "+", "total": 84}]
    with pytest.raises(RuleViolation) as refused:
        play(state, 0, 5, "/")
    assert refused.value.code == "remainder"
    assert refused.value.message == "84 ÷ 5 leaves a remainder."
    play(state, 0, 2, "/")
    assert state["total"] == 42


def test_it_never_drops_below_zero():
    state = rigged([[9, 2], [3, 4]], [1, 1, 1])
    state["total"], state["chain"] = 8, [{"card": "x", "value": 8, "op": "+", "total": 8}]
    with pytest.raises(RuleViolation) as refused:
        play(state, 0, 9, "-")
    assert refused.value.code == "below_zero"
    play(state, 0, 2, "-")
    assert state["total"] == 6


def test_it_multiplies_without_upper_limit():
    state = rigged([[13, 2], [3, 4]], [1, 1, 1], target=999)
    state["total"], state["chain"] = 900, [{"card": "x", "value": 900, "op": "+", "total": 900}]
    play(state, 0, 13, "*")
    assert state["total"] == 11700


def test_it_asks_a_joker_for_its_value_from_1_to_13():
    state = rigged([[J, 2], [3, 4]], [1, 1, 1])
    with pytest.raises(RuleViolation) as refused:
        play(state, 0, J, "+")
    assert refused.value.code == "joker_value"
    with pytest.raises(RuleViolation):
        play(state, 0, J, "+", joker_value=14)
    play(state, 0, J, "+", joker_value=12)
    assert state["total"] == 12 and state["chain"][0]["value"] == 12


def test_it_passes_a_card_face_up_and_keeps_the_total():
    state = rigged([[7, 2], [3, 4]], [1, 1, 11])
    passed = card(state, 0, 7)
    rules.pass_(state, 0, {"card": passed})
    assert state["discard"] == [passed]
    assert state["total"] == 0 and state["turn"] == 1
    assert sorted(state["cards"][c][0] for c in state["hands"][0]) == [2, 11]


def test_it_draws_back_to_a_full_hand_and_nothing_from_an_empty_stock():
    state = rigged([[7, 2], [3, 4]], [])
    play(state, 0, 7, "+")
    assert len(state["hands"][0]) == 1


def test_it_refuses_moves_out_of_turn_and_cards_not_in_hand():
    state = rigged([[7, 2], [3, 4]], [1, 1, 1])
    # Whose turn it is, the edition declares and the core checks before every move.
    with pytest.raises(NotYourTurn):
        moves.TURN.check(state, 1, "play")
    moves.TURN.check(state, 0, "play")
    with pytest.raises(RuleViolation) as refused:
        rules.play(state, 0, {"card": state["hands"][1][0], "op": "+"})
    assert refused.value.code == "not_in_hand"


def test_it_skips_a_player_without_cards():
    state = rigged([[7, 2], [], [3, 4]], [])
    play(state, 0, 7, "+")
    assert state["turn"] == 2


def test_it_shows_one_card_per_target_which_stays_in_the_hand():
    state = rigged([[7, 2], [3, 4]], [1, 1, 1])
    shown = card(state, 0, 2)
    rules.show(state, 0, {"card": shown})
    assert state["shown"][0] == shown and shown in state["hands"][0]
    with pytest.raises(RuleViolation) as refused:
        rules.show(state, 0, {"card": card(state, 0, 7)})
    assert refused.value.code == "already_shown"
    play(state, 0, 2, "+")
    assert state["shown"][0] is None and state["turn"] == 1


def test_it_forbids_showing_at_levels_without_signals():
    state = rigged([[7, 2], [3, 4]], [1, 1, 1], level="hard")
    with pytest.raises(RuleViolation) as refused:
        rules.show(state, 0, {"card": card(state, 0, 7)})
    assert refused.value.code == "no_signals"


def test_it_hits_the_target_draws_and_lets_the_next_player_turn_up_a_new_one():
    # seat 1 hits 12 × 10 = 120; stock (top last): two draws, then the digits 5, 3, 4
    state = rigged([[12, 2], [10, 4], [5, 6]], [4, 3, 5, 2, 9], target=120)
    rules.show(state, 0, {"card": card(state, 0, 2)})
    play(state, 0, 12, "+")
    hitter_card = card(state, 1, 10)
    play(state, 1, 10, "*")
    assert state["hits"] == 1
    assert state["history"][0]["hit"] is True
    assert hitter_card in state["discard"]
    assert len(state["hands"][1]) == 2  # drew the 2 before the new target was turned up
    assert state["turn"] == 2 and state["target"] == 534
    assert state["total"] == 0 and state["chain"] == []
    assert state["shown"] == [None, None, None] and state["showed"] == [False] * 3


def test_it_wins_as_soon_as_the_level_s_targets_are_hit():
    state = rigged([[12, 2], [10, 4]], [1, 1, 1, 1], target=120, level="easy")
    state["hits"] = 3
    play(state, 0, 12, "+")
    play(state, 1, 10, "*")
    assert state["status"] == "won"
    assert rules.result(state)["winners"] == [0, 1]


def test_it_loses_when_every_hand_is_empty_and_the_target_is_not_hit():
    state = rigged([[7], [3]], [])
    play(state, 0, 7, "+")
    play(state, 1, 3, "+")
    assert state["status"] == "lost" and state["reason"] == "hands_empty"


def test_it_ends_an_endless_game_with_the_targets_hit_as_score():
    state = rigged([[12, 2], [10, 4]], [5], target=120, endless=True)
    state["hits"] = 7
    play(state, 0, 12, "+")
    play(state, 1, 10, "*")
    assert state["status"] == "over"
    assert rules.result(state)["ranking"] == [[1, 0, 8], [1, 1, 8]]


def test_it_allows_only_plus_and_minus_with_small_numbers():
    state = rigged([[7, 2], [3, 4]], [1, 1, 1], target=50, small=True)
    play(state, 0, 7, "+")
    with pytest.raises(RuleViolation):
        play(state, 1, 3, "*")
    play(state, 1, 3, "-")
    assert state["total"] == 4


def test_it_refuses_every_move_once_the_game_is_over():
    state = rigged([[7], [3]], [])
    play(state, 0, 7, "+")
    play(state, 1, 3, "+")
    with pytest.raises(RoundClosed):
        rules.pass_(state, 0, {"card": "c000"})
