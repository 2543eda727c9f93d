from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from play.core.errors import RoundClosed, RuleViolation, TurnConflict
from play.editions.world.guess import matching_solution, parse_solution, stone_results
from play.editions.world.rules import (
    ARROW,
    FINAL_SPACES,
    CardColour,
    CardFacts,
    Choosing,
    Exchanging,
    Guess,
    Track,
    check_team_count,
    colour_bonus,
    end_position,
    evaluate_round,
    game_over,
    judge_guess,
    keeps_card,
    kept_counts,
    move_pawn,
    play_order,
    ranking,
    world_winners,
)

TRACK = Track(length=40)
Y, OR, G = CardColour.YELLOW, CardColour.ORANGE, CardColour.GREEN
VIENNA = CardFacts(1, Y, ("EU-O-M-C",))
# A place on a dividing line: two listed solutions.
DANUBE = CardFacts(2, OR, ("EU-O-M-C", "EU-M-M-D"))
SAHARA = CardFacts(3, G, ("AF-M-N-A", "AF-M-N-B", "AF-O-N-A"))


# --- order ------------------------------------------------------------------------------------


def test_it_orders_round_one_clockwise_from_the_youngest() -> None:
    assert play_order([None] * 5, youngest=3) == [3, 4, 0, 1, 2]


def test_it_lets_the_furthest_behind_go_first_later() -> None:
    assert play_order([12, 3, 20, 7], youngest=2) == [1, 3, 0, 2]


def test_it_puts_pawns_in_the_start_area_behind_everyone_clockwise_from_the_youngest() -> None:
    # Teams 0, 2 and 4 are still in the start area; the youngest is team 3.
    positions = [None, ARROW, None, 5, None, 2]
    assert play_order(positions, youngest=3) == [4, 0, 2, 1, 5, 3]


def test_it_accepts_two_to_six_teams() -> None:
    for teams in range(2, 7):
        check_team_count(teams)
    for teams in (1, 7):
        with pytest.raises(RuleViolation):
            check_team_count(teams)


# --- choosing ---------------------------------------------------------------------------------


def test_it_has_teams_choose_in_order_and_gives_the_leader_the_last_card() -> None:
    order = play_order([9, None, 4], youngest=0)
    assert order == [1, 2, 0]
    choosing = Choosing(order=order, cards=[10, 11, 12])
    assert choosing.next_team() == 1  # whose turn it is the core checks (moves.TURN)
    assert choosing.choose(1, 12) == {1: 12}
    with pytest.raises(RuleViolation) as err:
        choosing.check_choice(2, 12)
    assert err.value.code == "card_not_available"
    assert choosing.choose(2, 10) == {2: 10, 0: 11}
    assert choosing.is_complete() and choosing.chosen == {1: 12, 2: 10, 0: 11}
    with pytest.raises(RoundClosed):
        choosing.check_choice(0, 11)


def test_it_lays_out_one_card_per_team() -> None:
    with pytest.raises(RuleViolation):
        Choosing(order=[0, 1, 2], cards=[1, 2])
    with pytest.raises(RuleViolation):
        Choosing(order=[0, 1], cards=[1, 1])
    with pytest.raises(RuleViolation) as err:
        Choosing(order=[0, 1], cards=[1, 2]).check_choice(7, 1)
    assert err.value.code == "unknown_team"


# --- exchanging -------------------------------------------------------------------------------


def test_it_exchanges_in_the_same_order() -> None:
    exchanging = Exchanging(order=[2, 0, 1])
    assert exchanging.next_team() == 2  # whose turn it is the core checks (moves.TURN)
    exchanging.decide(2, False)
    exchanging.decide(0, True)
    exchanging.decide(1, True)
    assert exchanging.is_complete()
    assert exchanging.decisions == {2: False, 0: True, 1: True}
    with pytest.raises(RoundClosed):
        exchanging.decide(1, False)


def test_it_allows_at_most_two_exchanges_per_game() -> None:
    exchanging = Exchanging(order=[0, 1], used={0: 2, 1: 1})
    assert exchanging.tokens_left(0) == 0
    with pytest.raises(RuleViolation) as err:
        exchanging.decide(0, True)
    assert err.value.code == "no_exchange_tokens"
    assert not isinstance(err.value, TurnConflict)
    exchanging.decide(0, False)  # passing is always allowed
    exchanging.decide(1, True)
    assert exchanging.tokens_left(1) == 0


# --- guesses ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["EU", "EU-O", "EU-O-M", "EU-O-M-C"])
def test_it_accepts_guesses_placed_in_order(text: str) -> None:
    guess = Guess.parse(text)
    assert str(guess) == text
    assert guess.stones == text.count("-") + 1


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("",), "board_required"),
        (("XX",), "unknown_board"),
        (("EU", "N"), "unknown_column"),
        (("EU", "O", "O"), "unknown_row"),
        (("EU", "O", "M", "E"), "unknown_letter"),
        (("EU", None, "M"), "row_needs_column"),
        (("EU", "O", None, "C"), "letter_needs_row"),
        (("EU", None, None, "C"), "letter_needs_row"),
    ],
)
def test_it_refuses_guesses_out_of_order_or_unknown(args: tuple, code: str) -> None:
    with pytest.raises(RuleViolation) as err:
        Guess(*args)
    assert (err.value.code, err.value.http_status) == (code, 400)


@pytest.mark.parametrize("text", ["", "EU-O-M-C-A", "EU--M", "-O"])
def test_it_refuses_malformed_guess_text(text: str) -> None:
    with pytest.raises(RuleViolation):
        Guess.parse(text)


def test_it_treats_bad_solutions_as_data_errors() -> None:
    assert parse_solution("AU-W-N-A") == ("AU", "W", "N", "A")
    with pytest.raises(ValueError):
        parse_solution("EU-X")


# --- judging ----------------------------------------------------------------------------------


def test_it_moves_one_space_per_stone_when_all_are_right() -> None:
    for text, steps in [("EU", 1), ("EU-O", 2), ("EU-O-M", 3), ("EU-O-M-C", 4)]:
        result = judge_guess(Guess.parse(text), VIENNA)
        assert (result.correct, result.steps) == (True, steps)


@pytest.mark.parametrize("text", ["AS", "EU-W", "EU-O-N", "EU-O-M-A"])
def test_it_gives_nothing_when_any_stone_is_wrong(text: str) -> None:
    result = judge_guess(Guess.parse(text), VIENNA)
    assert (result.correct, result.steps, result.kept) == (False, 0, False)


def test_it_counts_a_guess_matching_any_listed_solution() -> None:
    assert judge_guess(Guess.parse("EU-M-M-D"), DANUBE).solution == "EU-M-M-D"
    assert judge_guess(Guess.parse("EU-O"), DANUBE).correct
    assert judge_guess(Guess.parse("AF-O"), SAHARA).correct
    assert judge_guess(Guess.parse("AF-M-N-B"), SAHARA).correct
    # Stones must all agree with the same solution, not each with some solution.
    assert not judge_guess(Guess.parse("EU-M-M-C"), DANUBE).correct
    assert not judge_guess(Guess.parse("AF-O-N-B"), SAHARA).correct


def test_it_marks_stones_against_the_closest_solution() -> None:
    assert stone_results(Guess.parse("EU-M-M-A"), DANUBE.solutions) == (True, True, True, False)
    assert stone_results(Guess.parse("AS-W"), VIENNA.solutions) == (False, False)
    assert matching_solution(Guess.parse("NA"), VIENNA.solutions) is None


def test_it_judges_a_team_without_stones_as_wrong() -> None:
    result = judge_guess(None, VIENNA)
    assert (result.correct, result.steps, result.kept) == (False, 0, False)


@pytest.mark.parametrize(
    ("colour", "needed"), [(CardColour.YELLOW, 4), (CardColour.ORANGE, 3), (CardColour.GREEN, 2)]
)
def test_it_keeps_a_card_from_its_colours_threshold(colour: CardColour, needed: int) -> None:
    for stones in range(1, 5):
        assert keeps_card(colour, stones, any_wrong=False) is (stones >= needed)
        assert not keeps_card(colour, stones, any_wrong=True)
    card = CardFacts(9, colour, ("SA-W-S-D",))
    guesses = ["SA", "SA-W", "SA-W-S", "SA-W-S-D"]
    assert [judge_guess(Guess.parse(g), card).kept for g in guesses] == [
        n >= needed for n in range(1, 5)
    ]
    assert not judge_guess(Guess.parse("SA-W-S-A"), card).kept


# --- moving -----------------------------------------------------------------------------------


def test_it_steps_from_the_start_area_onto_the_arrow_space_first() -> None:
    assert move_pawn([None, None], 0, 1, TRACK) == ARROW
    assert move_pawn([None, None], 0, 3, TRACK) == 2
    assert move_pawn([None, None], 0, 0, TRACK) is None


def test_it_skips_occupied_spaces_without_counting_them() -> None:
    # Team 0 on 5 moves 3: 6 and 7 are taken (skipped), step 1 is 8; 9 is taken, so
    # step 2 is 10 and step 3 is 11.
    assert move_pawn([5, 6, 7, 9], 0, 3, TRACK) == 11
    # The arrow space taken: the first step from the start area goes on to space 1.
    assert move_pawn([None, ARROW], 0, 1, TRACK) == 1


def test_it_never_loses_steps_past_the_last_final_space() -> None:
    last = TRACK.last
    assert last == 40 + FINAL_SPACES
    # The final spaces go on as far as a pawn needs: every step counts, skipping still applies.
    assert move_pawn([last - 1, None], 0, 4, TRACK) == last + 3
    assert move_pawn([last - 2, last], 0, 4, TRACK) == last + 3
    assert move_pawn([last, last + 1], 0, 1, TRACK) == last + 2


def test_it_gives_a_pawn_at_the_end_its_colour_bonus_and_the_win() -> None:
    last = TRACK.last
    # Team 0 stands on the last printed final space and kept the most yellow cards; team 1 is
    # right behind it. Before the fix team 0's bonus was lost and team 1's tie bonus won.
    kept = [{"yellow": 2, "orange": 1}, {"yellow": 1, "orange": 1}]
    moves, positions = colour_bonus([last, last - 1], kept, TRACK)
    assert [(m.colour, m.team, m.steps, m.start, m.end) for m in moves] == [
        (Y, 0, 5, last, last + 5),
        (OR, 1, 2, last - 1, last + 1),
        (OR, 0, 2, last + 5, last + 7),
    ]
    assert positions == [last + 7, last + 1]
    assert world_winners(positions) == [0]


@given(
    st.lists(st.one_of(st.none(), st.integers(0, 46)), min_size=2, max_size=6, unique=True),
    st.integers(0, 4),
    st.data(),
)
def test_property_pawns_never_share_a_space_or_move_back(positions, steps, data) -> None:
    team = data.draw(st.integers(0, len(positions) - 1))
    end = move_pawn(positions, team, steps, TRACK)
    start = positions[team]
    others = [p for t, p in enumerate(positions) if t != team and p is not None]
    if steps and end is not None:
        assert end not in others
    assert (end if end is not None else -1) >= (start if start is not None else -1)
    if end is not None:
        # Every step is used, up to the end and beyond: spaces passed = steps + skipped pawns.
        first = ARROW if start is None else start + 1
        skipped = sum(1 for p in others if first <= p <= end)
        assert end - first + 1 == steps + skipped


def test_it_evaluates_a_round_in_order_with_skipping() -> None:
    # Round 1: all in the start area, youngest team 1: order 1, 2, 0.
    order = play_order([None, None, None], youngest=1)
    guesses = {
        1: Guess.parse("EU-O"),  # right: arrow, 1
        2: Guess.parse("EU-O-M"),  # right: arrow (free again), 1 is taken, so 2, 3
        0: Guess.parse("AF-W"),  # wrong: stays in the start area
    }
    cards = {1: VIENNA, 2: DANUBE, 0: SAHARA}
    evaluations, positions = evaluate_round([None] * 3, order, guesses, cards, TRACK)
    assert [e.team for e in evaluations] == [1, 2, 0]
    assert positions == [None, 1, 3]
    assert [(e.start, e.end) for e in evaluations] == [(None, 1), (None, 3), (None, None)]
    assert [e.result.kept for e in evaluations] == [False, True, False]


# --- end of the game --------------------------------------------------------------------------


def test_it_ends_when_a_pawn_reaches_the_final_spaces() -> None:
    assert not game_over([40, 12, None], TRACK)
    assert game_over([41, 12, None], TRACK)


@pytest.mark.parametrize("teams", [3, 4, 5, 6])
def test_it_ends_the_longer_game_on_the_final_space_numbered_with_the_teams(teams: int) -> None:
    goal = end_position(TRACK, teams, longer_variant=True)
    assert goal == 40 + teams
    below = [goal - 1] + [None] * (teams - 1)
    assert game_over(below, TRACK) and not game_over(below, TRACK, longer_variant=True)
    assert game_over([goal] + [None] * (teams - 1), TRACK, longer_variant=True)
    assert game_over([goal + 1] + [None] * (teams - 1), TRACK, longer_variant=True)


def test_it_refuses_the_longer_game_with_two_teams() -> None:
    with pytest.raises(RuleViolation):
        end_position(TRACK, 2, longer_variant=True)


def test_it_gives_five_spaces_for_the_most_cards_of_each_colour() -> None:
    kept = [kept_counts([Y, Y, G]), kept_counts([Y, OR]), kept_counts([G, G])]
    moves, positions = colour_bonus([30, 20, 10], kept, TRACK)
    assert [(m.colour, m.team, m.steps) for m in moves] == [(Y, 0, 5), (OR, 1, 5), (G, 2, 5)]
    assert positions == [35, 25, 15]


def test_it_gives_two_spaces_each_on_a_tie_furthest_behind_first_with_skipping() -> None:
    kept = [{"yellow": 1}, {"yellow": 1}, {"yellow": 0, "green": 1}]
    moves, positions = colour_bonus([11, 10, 12], kept, TRACK)
    # Yellow tie: team 1 (on 10) moves first: 11 and 12 are taken, so 13, 14.
    # Then team 0 (on 11): 12 taken, 13, 14 taken → 15. Green: team 2 alone moves 5 from 12:
    # 13, (14 and 15 taken) 16, 17, 18, 19.
    assert [(m.colour, m.team, m.steps, m.start, m.end) for m in moves] == [
        (Y, 1, 2, 10, 14),
        (Y, 0, 2, 11, 15),
        (G, 2, 5, 12, 19),
    ]
    assert positions == [15, 14, 19]


def test_it_gives_no_bonus_for_a_colour_nobody_kept() -> None:
    moves, positions = colour_bonus([3, 4], [{}, {}], TRACK)
    assert moves == [] and positions == [3, 4]


def test_it_crowns_the_pawn_furthest_ahead() -> None:
    assert world_winners([44, 46, None]) == [1]
    assert ranking([44, 46, None]) == [(1, 1, 46), (2, 0, 44), (3, 2, None)]
    assert world_winners([None, None]) == [0, 1]
