"""Claims through the engine: who wins a card, wrong claims, and each game's placement rules."""

from __future__ import annotations

from collections import Counter

import pytest

from play.core.errors import RoundClosed, RuleViolation, TurnConflict
from play.editions.match import moves, rules
from play.editions.match.island import CENTRE, NEIGHBOURS, SIZE
from tests.play.match.helpers import Table


def started(seats=2, **changes) -> Table:
    table = Table(seats=seats, **changes)
    table.move(0, "start")
    return table


def test_it_deals_sixteen_cards_per_team_and_eight_per_device_of_a_pair():
    table = started(seats=4)
    seats = table.state["seats"]
    assert [len(seat["pile"]) + 1 for seat in seats] == [8, 8, 8, 8]
    for team in table.state["teams"]:
        cards = [c for s in team["seats"] for c in [*seats[s]["pile"], seats[s]["card"]]]
        assert sorted(cards) == rules.colour_cards(table.state, team["colour"])
    assert sorted(c for stack in table.state["island"] for c in stack) == [
        c for c, role in enumerate(table.state["roles"]) if role == "island"
    ]


def test_it_gives_the_solo_player_eight_cards_in_games_1_to_3_and_sixteen_in_knights():
    table = started(seats=5)
    assert [team["solo"] for team in table.state["teams"]] == [False, False, True]
    assert len(table.state["seats"][4]["pile"]) + 1 == 8
    knights = started(seats=5, game=5)
    assert len(knights.state["teams"][2]["pile"]) + 1 == 16


def test_it_covers_a_card_with_the_right_symbol_and_turns_up_the_next():
    table = started()
    target = table.top(4)
    card = table.card(0)
    table.move(0, "claim", table.right_claim(0, target))
    assert table.state["island"][4] == [target, card]
    assert table.card(0) != card
    assert len(table.state["seats"][0]["pile"]) == 14
    assert table.state["events"][-1]["kind"] == "cover"


def test_it_locks_a_team_after_a_wrong_symbol_until_the_logged_time_passes():
    table = started(lock=2)
    target = table.top(0)
    wrong = {"symbol": table.wrong_symbol(0, target), "target": table.ref(target)}
    table.move(0, "claim", wrong, at=100.0)
    assert table.state["island"][0] == [target]
    assert table.state["teams"][0]["locked_until"] == 102.0
    assert table.state["events"][-1]["kind"] == "wrong"
    with pytest.raises(TurnConflict) as locked:
        table.move(0, "claim", table.right_claim(0, target), at=101.9)
    assert locked.value.code == "locked"
    table.move(1, "claim", table.right_claim(1, table.top(1)), at=101.0)  # others play on
    table.move(0, "claim", table.right_claim(0, target), at=102.0)
    assert table.state["island"][0][-1] != target
    assert table.replayed() == table.state


def test_it_gives_a_card_to_the_first_claim_and_tells_the_second_too_late():
    table = started()
    target = table.top(CENTRE)
    first, second = table.right_claim(0, target), table.right_claim(1, target)
    table.move(0, "claim", first)
    with pytest.raises(TurnConflict) as late:
        table.move(1, "claim", second)
    assert late.value.code == "too_late"
    assert table.state["teams"][1]["locked_until"] == 0.0  # too late is no wrong claim


def test_it_refuses_a_claim_made_with_a_card_the_device_no_longer_holds():
    table = started()
    stale = table.right_claim(0, table.top(2))
    table.move(0, "claim", table.right_claim(0, table.top(3)))
    with pytest.raises(TurnConflict) as refused:
        table.move(0, "claim", stale)
    assert refused.value.code == "stale"


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ({"symbol": 3, "target": "nope"}, "bad_target"),
        ({"symbol": 3, "target": ["0a1b2c3d"]}, "bad_target"),
        ({"symbol": "x", "target": "nope"}, "bad_args"),
        ({"symbol": True, "target": "nope"}, "bad_args"),
        ({"symbol": 73, "target": "nope"}, "bad_args"),
    ],
)
def test_it_refuses_malformed_claims_without_locking(args, code):
    table = started()
    with pytest.raises(RuleViolation) as refused:
        table.move(0, "claim", args)
    assert refused.value.code == code
    assert table.state["teams"][0]["locked_until"] == 0.0


def test_it_tells_a_claim_on_a_card_of_the_previous_game_it_is_too_late():
    table = started()
    unknown = next(f"{n:08x}" for n in range(99) if f"{n:08x}" not in table.state["refs"])
    with pytest.raises(TurnConflict) as late:
        table.move(0, "claim", {"symbol": 3, "target": unknown})
    assert late.value.code == "too_late"


def test_it_accepts_claims_only_while_a_game_runs():
    table = Table()
    with pytest.raises(RoundClosed):
        table.move(0, "claim", {"symbol": 0, "target": "x"})
    table.move(0, "start")
    with pytest.raises(RoundClosed):
        table.move(1, "start")


def test_it_ends_welcome_when_a_team_has_played_all_its_cards():
    table = started()
    table.move(1, "claim", table.right_claim(1, table.top(0)))
    for _ in range(16):
        table.move(0, "claim", table.right_claim(0, table.top(CENTRE)))
    # Blue covered the centre 16 times: 1 visible card each (a tie), blue finished first.
    entry = table.state["history"][-1]
    assert entry == {"game": 1, "points": [3, 2], "measures": [1, 1], "finisher": 0}
    assert table.state["phase"] == "ready" and table.state["game"] == 1
    assert table.replayed() == table.state


def test_it_ends_a_pairs_game_only_when_both_devices_are_empty():
    table = started(seats=4)  # seats 0 and 1 are blue
    for _ in range(8):
        table.move(0, "claim", table.right_claim(0, table.top(0)))
    assert table.state["phase"] == "play"
    for _ in range(8):
        table.move(1, "claim", table.right_claim(1, table.top(1)))
    assert table.state["history"][-1]["finisher"] == 0
    assert table.state["history"][-1]["measures"] == [2, 0]


def test_it_puts_the_first_ports_card_on_the_centre():
    table = started(game=2)
    assert len(table.state["ports"]) == 6
    assert rules.targets(table.state, 0) == [table.top(CENTRE)]
    with pytest.raises(TurnConflict) as refused:
        table.move(0, "claim", table.right_claim(0, table.top(0)))
    assert refused.value.code == "not_reachable"
    table.move(0, "claim", table.right_claim(0, table.top(CENTRE)))
    reach = {table.state["refs"][c] for c in rules.targets(table.state, 0)}
    assert reach == {table.ref(table.top(s)) for s in NEIGHBOURS[CENTRE] | {CENTRE}}


def test_it_never_covers_a_port():
    table = started(game=2)
    port = table.state["ports"][0]
    with pytest.raises(RuleViolation) as refused:
        table.move(0, "claim", table.right_claim(0, port))
    assert refused.value.code == "port"


def test_it_sends_a_ports_team_back_to_the_centre_when_its_cards_are_covered():
    table = started(game=2)
    table.move(0, "claim", table.right_claim(0, table.top(CENTRE)))
    table.move(0, "claim", table.right_claim(0, table.top(4)))
    table.move(0, "claim", table.right_claim(0, table.top(0)))  # next to 4
    assert len(rules.targets(table.state, 0)) == 10  # 0, 4, 9 and their neighbours
    for spot in (CENTRE, 4, 0):  # orange comes in through the centre and covers blue
        table.move(1, "claim", table.right_claim(1, table.top(spot)))
    assert rules.targets(table.state, 0) == [table.top(CENTRE)]


def test_it_swaps_six_cards_before_the_longest_route():
    for seats, received in ((2, [6, 6]), (3, [6, 6, 6]), (6, [6, 6, 6])):
        table = started(seats=seats, game=3)
        for number, team in enumerate(table.state["teams"]):
            held = [
                c
                for s in team["seats"]
                for c in [*table.state["seats"][s]["pile"], table.state["seats"][s]["card"]]
            ]
            colours = Counter(table.state["roles"][c] for c in held)
            assert len(held) == 16
            assert 16 - colours[team["colour"]] == received[number]
            if seats != 2:
                others = [c for c in rules.COLOURS[: len(received)] if c != team["colour"]]
                assert [colours[c] for c in others] == [3, 3]


def test_it_swaps_one_card_with_the_solo_player_and_three_between_pairs():
    table = started(seats=5, game=3)
    seats = table.state["seats"]
    held = {
        number: Counter(
            table.state["roles"][c]
            for s in team["seats"]
            for c in [*seats[s]["pile"], seats[s]["card"]]
        )
        for number, team in enumerate(table.state["teams"])
    }
    assert held[0] == {"orange": 12, "blue": 3, "red": 1}
    assert held[1] == {"blue": 12, "orange": 3, "red": 1}
    assert held[2] == {"red": 6, "orange": 1, "blue": 1}


def test_it_counts_a_played_card_for_its_printed_colour_in_the_longest_route():
    table = started(game=3)
    blue_card = next(
        c
        for c in [*table.state["seats"][1]["pile"], table.state["seats"][1]["card"]]
        if table.state["roles"][c] == "blue"
    )
    while table.card(1) != blue_card:
        table.move(1, "claim", table.right_claim(1, table.top(18)))
    table.move(1, "claim", table.right_claim(1, table.top(0)))
    assert table.state["roles"][table.top(0)] == "blue"


def test_it_lets_barbarians_take_island_cards_until_none_is_left():
    table = started(game=4)
    keep = table.card(0)
    assert table.card(0) == table.state["teams"][0]["card"]
    for spot in range(SIZE):
        seat = 0 if spot < 10 else 1
        table.move(seat, "claim", table.right_claim(seat, table.top(spot)))
        if spot < SIZE - 1:
            assert table.state["island"][spot] == []
    assert table.state["teams"][0]["card"] == keep  # a Barbarians card is kept all game
    assert table.state["history"][-1] == {
        "game": 4,
        "points": [2, 0],
        "measures": [10, 9],
        "finisher": None,
    }


def test_it_takes_a_knight_out_and_starts_a_new_round_when_one_is_left():
    table = started(seats=3, game=5)
    middle = [team["card"] for team in table.state["teams"]]
    table.move(0, "claim", table.right_claim(0, middle[1]))
    # Points are added at the end of the round only.
    assert table.state["teams"][1]["out"] and table.state["teams"][0]["score"] == 0
    assert table.state["teams"][0]["collected"] == 1
    with pytest.raises(RoundClosed) as out:
        table.move(1, "claim", {"symbol": 0, "target": table.ref(middle[0])})
    assert out.value.code == "out"
    with pytest.raises(RuleViolation) as own:
        table.move(2, "claim", {"symbol": 0, "target": table.ref(middle[2])})
    assert own.value.code == "own_card"
    table.move(2, "claim", table.right_claim(2, middle[0]))
    assert table.state["round"] == 2
    assert not any(team["out"] for team in table.state["teams"])
    assert [team["score"] for team in table.state["teams"]] == [1, 0, 1]


def test_it_ends_knights_at_the_end_of_the_round_in_which_a_team_reaches_the_points():
    table = started(seats=2, game=5, points=20)
    for _ in range(20):
        table.move(0, "claim", table.right_claim(0, table.state["teams"][1]["card"]))
    # 20 rounds: both piles were reshuffled after 16.
    assert table.state["phase"] == "over"
    assert table.state["teams"][0]["score"] == 20 and table.state["round"] == 20
    assert table.replayed() == table.state


def _knights_at(table: Table, scores: list[int]) -> None:
    """Set the teams' scores before a Knights round (as earlier rounds would have)."""
    for team, score in zip(table.state["teams"], scores, strict=True):
        team["score"] = score


def test_knights_scores_at_the_end_of_the_round_so_a_second_elimination_still_counts():
    # Three teams at 9, 5, 9: A takes B's knight (A would be at 10), the round goes on, C
    # takes A's: both reach 10 at the end of the round and share the win.
    table = started(seats=3, game=5)
    _knights_at(table, [9, 5, 9])
    middle = [team["card"] for team in table.state["teams"]]
    table.move(0, "claim", table.right_claim(0, middle[1]))
    assert table.state["phase"] == "play"
    assert [team["score"] for team in table.state["teams"]] == [9, 5, 9]
    table.move(2, "claim", table.right_claim(2, middle[0]))
    assert table.state["phase"] == "over"
    assert [team["score"] for team in table.state["teams"]] == [10, 5, 10]
    assert sorted(moves.result(table.state)["winners"]) == [0, 2]


def test_knights_counts_every_card_of_the_round_when_one_team_takes_both_knights():
    table = started(seats=3, game=5)
    _knights_at(table, [8, 5, 3])
    middle = [team["card"] for team in table.state["teams"]]
    table.move(0, "claim", table.right_claim(0, middle[1]))
    table.move(0, "claim", table.right_claim(0, middle[2]))
    assert [team["score"] for team in table.state["teams"]] == [10, 5, 3]
    assert table.state["phase"] == "over" and moves.result(table.state)["winners"] == [0]


def test_an_all_zero_measure_is_a_tie_and_every_team_scores_the_two_points():
    from play.editions.match.scoring import game_points

    assert game_points([0, 0], finisher=0) == [3, 2]
    assert game_points([0, 0, 0], finisher=None) == [2, 2, 2]
    assert game_points([0, 1, 0], finisher=2) == [0, 2, 1]


def test_ports_with_nobody_touching_a_port_gives_every_team_two_points():
    table = started(seats=2, game=2)
    rules.end_game(table.state, finisher=1)
    assert table.state["history"][-1]["measures"] == [0, 0]
    assert table.state["history"][-1]["points"] == [2, 3]


@pytest.mark.parametrize(
    ("layout", "seats", "sizes"), [("2-1", 3, [2, 1]), ("2-1-1", 4, [2, 1, 1])]
)
def test_uneven_teams_are_allowed_and_a_solo_facing_a_pair_plays_the_solo_rules(
    layout, seats, sizes
):
    table = started(seats=seats, layout=layout)
    teams = table.state["teams"]
    assert [len(team["seats"]) for team in teams] == sizes
    assert [team["solo"] for team in teams] == [size == 1 for size in sizes]
    solo_seats = [team["seats"][0] for team in teams if team["solo"]]
    for seat in solo_seats:  # eight cards in games 1-3
        assert len(table.state["seats"][seat]["pile"]) + 1 == 8
    pair = teams[0]["seats"]
    assert [len(table.state["seats"][s]["pile"]) + 1 for s in pair] == [8, 8]


def test_even_teams_have_no_solo_player():
    table = started(seats=3, layout="1-1-1")
    assert not any(team["solo"] for team in table.state["teams"])
