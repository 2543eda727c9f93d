from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from play.core.engine import setup_rng
from play.core.errors import TurnConflict
from play.editions.germany import moves as germany
from play.editions.germany.rules import (
    NotYourTurn,
    PlaceFacts,
    RoundClosed,
    RoundState,
    RuleViolation,
    Tip,
    TipCard,
    check_new_places,
    final_ranking,
    is_correct,
    physical_card,
    places_for,
    rounds_for,
    score_round,
    starting_team_for_round,
    winners,
)

# A small cast: id, north-south (0 north), west-east (0 west), inhabitants.
HAMBURG = PlaceFacts(1, ns=20, we=45, population=1_800_000)
FLENSBURG = PlaceFacts(2, ns=0, we=40, population=90_000)
AACHEN = PlaceFacts(3, ns=80, we=0, population=250_000)
PASSAU = PlaceFacts(4, ns=140, we=80, population=50_000)
GOERLITZ = PlaceFacts(5, ns=90, we=90, population=56_000)
CAST = [HAMBURG, FLENSBURG, AACHEN, PASSAU, GOERLITZ]
T = TipCard


def round_of(teams: int, starting: int = 0) -> RoundState:
    return RoundState(teams=teams, starting_team=starting, places=list(range(1, teams + 2)))


def play_all(state: RoundState, moves: list[tuple[int, str]]) -> None:
    """Play (place, tip) moves, each by whoever is on turn."""
    for place, tip in moves:
        state.play(state.next_team(), place, tip)


# --- game shape -------------------------------------------------------------------------------


def test_it_lays_out_one_place_more_than_teams() -> None:
    assert [places_for(n) for n in (2, 3, 4)] == [3, 4, 5]


def test_it_plays_six_rounds_with_two_or_three_teams_and_eight_with_four() -> None:
    assert [rounds_for(n) for n in (2, 3, 4)] == [6, 6, 8]


@pytest.mark.parametrize("teams", [0, 1, 5])
def test_it_refuses_team_counts_outside_two_to_four(teams: int) -> None:
    with pytest.raises(RuleViolation) as err:
        rounds_for(teams)
    assert err.value.code == "team_count"
    with pytest.raises(RuleViolation):
        RoundState(teams=teams, starting_team=0, places=list(range(teams + 1)))


def test_it_passes_the_starting_team_to_the_left_each_round() -> None:
    assert [starting_team_for_round(2, r, 4) for r in range(8)] == [2, 3, 0, 1, 2, 3, 0, 1]
    assert [starting_team_for_round(0, r, 3) for r in range(6)] == [0, 1, 2, 0, 1, 2]


def test_it_never_lays_out_a_place_twice_in_one_game() -> None:
    check_new_places(2, [7, 8, 9], used_in_game=[1, 2, 3])
    with pytest.raises(RuleViolation) as err:
        check_new_places(2, [3, 8, 9], used_in_game=[1, 2, 3])
    assert err.value.code == "place_reused"
    with pytest.raises(RuleViolation) as err:
        check_new_places(2, [8, 8, 9], used_in_game=[])
    assert err.value.code == "place_repeated"
    with pytest.raises(RuleViolation) as err:
        check_new_places(2, [7, 8], used_in_game=[])
    assert err.value.code == "place_count"


def test_it_wants_teams_plus_one_distinct_places_in_a_round() -> None:
    with pytest.raises(RuleViolation):
        RoundState(teams=3, starting_team=0, places=[1, 2, 3])
    with pytest.raises(RuleViolation):
        RoundState(teams=2, starting_team=0, places=[1, 1, 2])
    with pytest.raises(RuleViolation):
        RoundState(teams=2, starting_team=2, places=[1, 2, 3])


# --- turn order and budget --------------------------------------------------------------------


def test_it_goes_clockwise_from_the_starting_team() -> None:
    state = round_of(4, starting=2)
    seen = []
    tips = ["N", "S", "O"]
    while not state.is_complete():
        team = state.next_team()
        seen.append(team)
        state.play(team, 1, tips[len(state.tips_of(team))])
    assert seen == [2, 3, 0, 1] * 3
    assert state.next_team() is None


def test_it_refuses_a_tip_out_of_turn_as_a_conflict() -> None:
    # Whose turn it is, the edition declares (the round's next team) and the core checks.
    deck = [
        {"id": i, "name": f"Ort {i}", "population": 1_000 * i, "ns": i, "we": i}
        for i in range(1, 13)
    ]
    options = {"starting_team": 1, "face_down": False, "draw": "random", "rounds": 0}
    state = germany.setup(options, deck, ["A", "B", "C"], setup_rng(1))
    assert germany.whose_turn(state) is None  # no round laid out: the move says why
    state = germany.lay_out(state, None, {}, None)
    assert germany.whose_turn(state) == 1
    germany.TURN.check(state, 1, "tip")
    with pytest.raises(NotYourTurn) as err:
        germany.TURN.check(state, 0, "tip")
    assert err.value.http_status == 409
    assert isinstance(err.value, TurnConflict)


def test_it_gives_each_team_exactly_three_tips_then_closes_the_round() -> None:
    state = round_of(2)
    play_all(state, [(1, "N"), (1, "S"), (2, "O"), (2, "W"), (3, "MOST"), (3, "FEWEST")])
    assert state.is_complete()
    assert [state.tips_left(t) for t in (0, 1)] == [0, 0]
    with pytest.raises(RoundClosed) as err:
        state.check_tip(0, 1, "M")
    assert err.value.code == "round_complete"
    assert err.value.http_status == 409


def test_it_refuses_tips_after_the_reveal() -> None:
    state = round_of(2)
    state.revealed = True
    with pytest.raises(RoundClosed):
        state.check_tip(0, 1, "N")


def test_it_reveals_only_a_complete_round_and_only_once() -> None:
    state = round_of(2)
    play_all(state, [(1, "N"), (1, "S"), (2, "O"), (2, "W"), (3, "MOST")])
    with pytest.raises(RoundClosed) as err:
        state.check_reveal()
    assert err.value.code == "round_incomplete"
    state.play(state.next_team(), 3, "FEWEST")
    state.check_reveal()
    state.revealed = True
    with pytest.raises(RoundClosed):
        state.check_reveal()


def test_it_rejects_unknown_teams_and_tips_as_bad_input() -> None:
    state = round_of(2)
    with pytest.raises(RuleViolation) as err:
        state.check_tip(5, 1, "N")
    assert (err.value.code, err.value.http_status) == ("unknown_team", 400)
    with pytest.raises(RuleViolation) as err:
        state.check_tip(0, 1, "NE")
    assert err.value.code == "unknown_tip"


# --- the tip cards ----------------------------------------------------------------------------


def test_it_lets_each_tip_card_be_played_once_per_round() -> None:
    state = round_of(3)
    play_all(state, [(1, "N"), (1, "S"), (1, "O")])
    with pytest.raises(RuleViolation) as err:
        state.check_tip(0, 2, "N")
    assert err.value.code == "card_already_used"
    assert not isinstance(err.value, TurnConflict)


@pytest.mark.parametrize(("first", "second"), [("W", "M"), ("M", "W")])
def test_it_treats_w_and_m_as_one_card(first: str, second: str) -> None:
    assert physical_card(TipCard(first)) == physical_card(TipCard(second))
    state = round_of(3)
    play_all(state, [(1, first), (1, "S"), (1, "O")])
    with pytest.raises(RuleViolation) as err:
        state.check_tip(0, 2, second)
    assert err.value.code == "wm_card_used"
    assert TipCard(second) not in state.available_tips(0)


def test_it_keeps_other_teams_free_to_play_the_same_tip_with_three_or_more() -> None:
    state = round_of(3)
    play_all(state, [(1, "N"), (2, "N"), (3, "N")])
    assert [t.tip for t in state.tips] == [T.N, T.N, T.N]


def test_it_makes_two_teams_play_different_tips() -> None:
    state = round_of(2)
    state.play(0, 1, "O")
    with pytest.raises(RuleViolation) as err:
        state.check_tip(1, 2, "O")
    assert err.value.code == "two_player_rule"
    assert T.O not in state.available_tips(1)


def test_it_counts_w_and_m_as_different_tips_for_the_two_team_rule() -> None:
    state = round_of(2)
    state.play(0, 1, "W")
    state.play(1, 2, "M")
    assert [t.tip for t in state.tips] == [T.W, T.M]


def test_it_only_accepts_tips_under_laid_out_places() -> None:
    state = round_of(2)
    with pytest.raises(RuleViolation) as err:
        state.check_tip(0, 99, "N")
    assert err.value.code == "place_not_laid_out"


def test_it_grows_stacks_downwards_in_play_order() -> None:
    state = round_of(3)
    play_all(state, [(2, "N"), (1, "S"), (2, "O"), (2, "MOST")])
    assert [(t.team, t.tip) for t in state.stack(2)] == [(0, T.N), (2, T.O), (0, T.MOST)]
    assert [t.order for t in state.stack(2)] == [0, 2, 3]


def test_it_restores_play_order_from_rows_given_in_any_order() -> None:
    tips = [Tip(1, 1, T.S, 1), Tip(0, 1, T.N, 0)]
    state = RoundState(teams=2, starting_team=0, places=[1, 2, 3], tips=tips)
    assert [t.order for t in state.stack(1)] == [0, 1]
    assert state.next_team() == 0


# --- correctness of a tip ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tip", "right"),
    [
        ("N", FLENSBURG),
        ("S", PASSAU),
        ("W", AACHEN),
        ("O", GOERLITZ),
        ("MOST", HAMBURG),
        ("FEWEST", PASSAU),
        ("M", HAMBURG),
    ],
)
def test_it_judges_each_tip_against_the_laid_out_places(tip: str, right: PlaceFacts) -> None:
    assert [p for p in CAST if is_correct(tip, p, CAST)] == [right]


def test_it_compares_only_the_laid_out_places() -> None:
    laid_out = [HAMBURG, AACHEN]
    assert is_correct("N", HAMBURG, laid_out)
    assert is_correct("O", HAMBURG, laid_out)
    assert not is_correct("M", HAMBURG, laid_out)


def test_it_counts_a_tip_on_any_tied_place_as_correct() -> None:
    a = PlaceFacts(1, ns=10, we=10, population=500)
    b = PlaceFacts(2, ns=10, we=50, population=500)
    c = PlaceFacts(3, ns=60, we=30, population=900)
    places = [a, b, c]
    assert is_correct("N", a, places) and is_correct("N", b, places)
    assert is_correct("FEWEST", a, places) and is_correct("FEWEST", b, places)
    assert not is_correct("FEWEST", c, places)


def test_it_judges_m_wrong_on_a_place_tied_for_furthest() -> None:
    north_a = PlaceFacts(1, ns=10, we=40, population=1)
    north_b = PlaceFacts(2, ns=10, we=50, population=2)
    west = PlaceFacts(3, ns=50, we=0, population=3)
    east_south = PlaceFacts(4, ns=90, we=80, population=4)
    places = [north_a, north_b, west, east_south]
    assert not is_correct("M", north_a, places)
    assert not is_correct("M", west, places)
    assert not is_correct("M", east_south, places)


def test_it_judges_m_wrong_when_a_place_is_furthest_in_only_one_direction() -> None:
    # Middle by north-south and west-east except for being furthest east.
    a = PlaceFacts(1, ns=0, we=10, population=1)
    b = PlaceFacts(2, ns=50, we=90, population=1)
    c = PlaceFacts(3, ns=100, we=0, population=1)
    assert not is_correct("M", b, [a, b, c])
    d = PlaceFacts(4, ns=50, we=50, population=1)
    assert is_correct("M", d, [a, b, c, d])


# --- scoring ----------------------------------------------------------------------------------

# A complete worked 4-team round, starting team 1, places as in CAST, checked by hand.
WORKED_MOVES = [
    # order, team, place, tip, correct, row after removal, points
    (0, 1, 1, "MOST", True, 1, 3),
    (1, 2, 1, "M", True, 2, 2),
    (2, 3, 2, "N", True, 1, 3),
    (3, 0, 1, "N", False, None, 0),
    (4, 1, 4, "S", True, 1, 3),
    (5, 2, 2, "FEWEST", False, None, 0),
    (6, 3, 1, "W", False, None, 0),
    (7, 0, 4, "FEWEST", True, 2, 2),
    (8, 1, 5, "O", True, 1, 3),
    (9, 2, 2, "S", False, None, 0),
    (10, 3, 1, "MOST", True, 3, 1),  # placed in row 5, moves up to row 3
    (11, 0, 2, "M", False, None, 0),
]
WORKED_TOTALS = {0: 2, 1: 9, 2: 2, 3: 4}


def test_it_scores_a_worked_four_team_round() -> None:
    state = RoundState(teams=4, starting_team=1, places=[1, 2, 3, 4, 5])
    for order, team, place, tip, *_ in WORKED_MOVES:
        assert state.next_team() == team
        assert state.play(team, place, tip).order == order
    state.check_reveal()
    result = score_round(CAST, state.tips, teams=4)
    got = [
        (s.tip.order, s.tip.team, s.tip.place_id, s.tip.tip.value, s.correct, s.row, s.points)
        for s in result.scored_tips()
    ]
    assert got == WORKED_MOVES
    assert result.team_points == WORKED_TOTALS
    assert [s.placed_row for s in result.stacks[1]] == [1, 2, 3, 4, 5]
    assert result.stacks[3] == []
    assert final_ranking(WORKED_TOTALS) == [(1, 1, 9), (2, 3, 4), (3, 0, 2), (3, 2, 2)]


def test_it_pays_three_two_one_then_nothing_by_row() -> None:
    # Five teams cannot exist, so build the stack directly: all tips correct (all on MOST).
    tips = [Tip(team, 1, T.MOST, order) for order, team in enumerate([0, 1, 2, 3, 0])]
    result = score_round(CAST, tips)
    assert [s.points for s in result.stacks[1]] == [3, 2, 1, 0, 0]
    assert result.team_points == {0: 3, 1: 2, 2: 1, 3: 0}


def test_it_lists_every_team_even_without_points() -> None:
    result = score_round(CAST, [Tip(1, 2, T.S, 0)], teams=3)
    assert result.team_points == {0: 0, 1: 0, 2: 0}


def test_it_refuses_to_score_tips_on_places_not_laid_out() -> None:
    with pytest.raises(ValueError):
        score_round(CAST[:2], [Tip(0, 5, T.O, 0)])


def test_it_shares_first_place_on_a_tie() -> None:
    assert final_ranking({0: 10, 1: 12, 2: 12}) == [(1, 1, 12), (1, 2, 12), (3, 0, 10)]
    assert winners({0: 10, 1: 12, 2: 12}) == [1, 2]
    assert winners([5, 5, 5, 5]) == [0, 1, 2, 3]


# --- properties -------------------------------------------------------------------------------

places_st = st.lists(
    st.builds(
        lambda ns, we, pop: (ns, we, pop),
        st.integers(0, 6),  # narrow ranges so ties happen often
        st.integers(0, 6),
        st.integers(1, 4),
    ),
    min_size=3,
    max_size=5,
).map(lambda rows: [PlaceFacts(i + 1, *row) for i, row in enumerate(rows)])


@st.composite
def scored_round(draw: st.DrawFn) -> tuple[list[PlaceFacts], list[Tip]]:
    places = draw(places_st)
    count = draw(st.integers(0, 12))
    tips = [
        Tip(
            team=draw(st.integers(0, 3)),
            place_id=draw(st.sampled_from([p.place_id for p in places])),
            tip=draw(st.sampled_from(list(TipCard))),
            order=order,
        )
        for order in range(count)
    ]
    return places, tips


@given(scored_round())
def test_property_points_stay_within_the_rows(data: tuple[list[PlaceFacts], list[Tip]]) -> None:
    places, tips = data
    result = score_round(places, tips)
    for stack in result.stacks.values():
        assert all(0 <= s.points <= 3 for s in stack)
        assert all(s.points == 0 for s in stack if not s.correct)
        assert sum(s.points for s in stack) <= 3 + 2 + 1
        rows = [s.row for s in stack if s.correct]
        assert rows == list(range(1, len(rows) + 1))
    assert sum(result.team_points.values()) == sum(s.points for s in result.scored_tips())


@given(scored_round(), st.data())
def test_property_removing_a_tip_never_lowers_another_teams_score(
    data: tuple[list[PlaceFacts], list[Tip]], pick: st.DataObject
) -> None:
    places, tips = data
    if not tips:
        return
    removed = pick.draw(st.sampled_from(tips))
    before = score_round(places, tips, teams=4).team_points
    after = score_round(places, [t for t in tips if t is not removed], teams=4).team_points
    for team in range(4):
        if team != removed.team:
            assert after[team] >= before[team]
    place = next(p for p in places if p.place_id == removed.place_id)
    if not is_correct(removed.tip, place, places):
        assert after == before  # a wrong tip drops away anyway


@given(scored_round())
def test_property_every_extreme_has_a_correct_place(
    data: tuple[list[PlaceFacts], list[Tip]],
) -> None:
    places, _ = data
    for tip in ("N", "S", "W", "O", "MOST", "FEWEST"):
        assert any(is_correct(tip, p, places) for p in places)
    for p in places:
        extreme = any(is_correct(d, p, places) for d in "NSWO")
        assert is_correct("M", p, places) is not extreme


@settings(max_examples=60)
@given(st.integers(2, 4), st.integers(0, 3), st.randoms(use_true_random=False))
def test_property_a_round_of_random_legal_tips_always_completes(
    teams: int, starting: int, rnd
) -> None:
    state = round_of(teams, starting % teams)
    while not state.is_complete():
        team = state.next_team()
        options = state.available_tips(team)
        assert options, "a team on turn always has a legal tip"
        tip = rnd.choice(options)
        place = rnd.choice(state.places)
        state.play(team, place, tip)
    assert len(state.tips) == 3 * teams
    for team in range(teams):
        cards = [physical_card(t.tip) for t in state.tips_of(team)]
        assert len(cards) == len(set(cards)) == 3
    if teams == 2:
        assert len({t.tip for t in state.tips}) == 6
