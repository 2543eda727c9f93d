"""The island's shape and the scoring of games 1-4 on hand-built islands."""

from __future__ import annotations

from play.editions.match.island import (
    CENTRE,
    COAST,
    NEIGHBOURS,
    PORTS,
    SIZE,
    largest_group,
    ports_touched,
    reachable,
)
from play.editions.match.scoring import game_points, metrics

# Card numbers for hand-built islands: 0-18 island cards, then 16 cards per colour.
ROLES = ["island"] * 19 + ["blue"] * 16 + ["orange"] * 16 + ["red"] * 16
BLUE = list(range(19, 35))
ORANGE = list(range(35, 51))
RED = list(range(51, 67))


def bare_island():
    return [[spot] for spot in range(SIZE)]


def team(colour, solo=False, collected=0):
    return {"colour": colour, "solo": solo, "collected": collected}


def test_it_has_rows_of_3_4_5_4_3_around_a_centre_with_six_neighbours():
    assert SIZE == 19
    assert NEIGHBOURS[CENTRE] == {4, 5, 8, 10, 13, 14}
    degrees = sorted(len(n) for n in NEIGHBOURS)
    # 6 corners with 3 neighbours, 6 edge middles with 4, 7 inner positions with 6.
    assert degrees == [3] * 6 + [4] * 6 + [6] * 7
    assert all(b in NEIGHBOURS[a] for a in range(SIZE) for b in NEIGHBOURS[a] if a in NEIGHBOURS[b])


def test_it_puts_six_ports_between_neighbouring_coastal_positions_evenly():
    assert len(COAST) == 12 and len(set(COAST)) == 12
    assert all(COAST[i + 1] in NEIGHBOURS[COAST[i]] for i in range(11))
    assert COAST[0] in NEIGHBOURS[COAST[-1]]
    assert len(PORTS) == 6
    assert all(b in NEIGHBOURS[a] for a, b in PORTS)
    touched = [spot for pair in PORTS for spot in pair]
    assert sorted(touched) == sorted(COAST)


def test_it_reaches_the_centre_only_without_visible_cards():
    assert reachable([]) == {CENTRE}
    assert reachable([CENTRE]) == {9, 4, 5, 8, 10, 13, 14}
    assert reachable([0, 18]) == {0, 1, 3, 4, 18, 17, 14, 15}


def test_it_counts_different_ports_and_the_largest_group():
    assert ports_touched([0, 1]) == 1
    assert ports_touched([1, 2]) == 2
    assert ports_touched([CENTRE]) == 0
    assert largest_group([0, 1, 2, 9, 13, 17]) == 3
    assert largest_group([0, 4, 9, 14, 18]) == 5
    assert largest_group([]) == 0


def test_it_scores_welcome_by_visible_cards_and_the_finisher():
    island = bare_island()
    island[0].append(BLUE[0])
    island[1].append(BLUE[1])
    island[1].append(ORANGE[0])  # orange covers a blue card: only the top counts
    island[5].append(ORANGE[1])
    island[6].append(BLUE[2])
    measures = metrics(1, island, ROLES, [team("blue"), team("orange")])
    assert measures == [2, 2]
    assert game_points(measures, finisher=1) == [2, 3]


def test_it_scores_ports_by_different_ports_touched():
    island = bare_island()
    island[0].append(BLUE[0])  # port (0, 1)
    island[1].append(BLUE[1])  # the same port again
    island[9].append(BLUE[2])  # the centre touches no port
    island[2].append(ORANGE[0])  # port (2, 6)
    island[11].append(ORANGE[1])  # port (11, 15)
    island[7].append(RED[0])  # port (7, 3)
    teams = [team("blue"), team("orange"), team("red")]
    measures = metrics(2, island, ROLES, teams)
    assert measures == [1, 2, 1]
    assert game_points(measures, finisher=0) == [1, 2, 0]


def test_it_scores_the_longest_route_by_colour_not_by_player():
    island = bare_island()
    for spot in (0, 1, 2):
        island[spot].append(BLUE[spot])
    for spot in (9, 10, 11, 15):
        island[spot].append(ORANGE[spot])
    island[10].append(BLUE[10])  # blue cuts orange's route in two
    measures = metrics(3, island, ROLES, [team("blue"), team("orange")])
    assert measures == [3, 2]
    assert game_points(measures, finisher=None) == [2, 0]


def test_it_gives_tied_teams_two_points_each():
    assert game_points([4, 4, 1], finisher=2) == [2, 2, 1]


def test_an_all_zero_best_measure_is_a_tie_too():
    # The rule book's tie rule: every team tied on the best measure scores 2, also at 0.
    assert game_points([0, 0], finisher=0) == [3, 2]


def test_it_scores_barbarians_by_island_cards_collected():
    teams = [team("blue", collected=7), team("orange", collected=8), team("red", collected=4)]
    measures = metrics(4, [], ROLES, teams)
    assert game_points(measures, finisher=None) == [0, 2, 0]


def test_it_doubles_the_solo_players_measure_with_five_players():
    island = bare_island()
    island[0].append(BLUE[0])
    island[1].append(BLUE[1])
    island[2].append(BLUE[2])
    island[3].append(RED[0])
    island[4].append(RED[1])
    teams = [team("blue"), team("orange"), team("red", solo=True)]
    assert metrics(1, island, ROLES, teams) == [3, 0, 4]
    assert metrics(3, island, ROLES, teams) == [3, 0, 4]
    teams = [team("blue", collected=8), team("orange", collected=7), team("red", True, 4)]
    assert metrics(4, [], ROLES, teams) == [8, 7, 8]
