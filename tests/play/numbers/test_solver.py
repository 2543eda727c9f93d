"""The solver against brute force, and its API."""

from __future__ import annotations

import random

import pytest

from play.editions.numbers.solver import JOKER, Search, apply_op, shortest, solve

J = JOKER


def brute_force(total, target, cards, small=False, fresh=None):
    """Every sequence of plays, by plain recursion over the cards as given (duplicates removed
    by the set)."""
    fresh = total == 0 if fresh is None else fresh
    ops = ("+", "-") if small else ("+", "-", "*", "/")
    found = set()

    def walk(now, left, path, first):
        for index, kind in enumerate(left):
            rest = left[:index] + left[index + 1 :]
            for value in range(1, 14) if kind == J else (kind,):
                for op in ("+",) if first else ops:
                    after = apply_op(now, value, op)
                    if after is None:
                        continue
                    step = (*path, (kind, value, op, after))
                    if after == target:
                        found.add(step)
                    else:
                        walk(after, rest, step, False)

    walk(total, list(cards), (), fresh)
    return found


def random_case(rng):
    cards = [rng.choice([*range(1, 14), J] if rng.random() < 0.3 else range(1, 14))]
    cards += [rng.randint(1, 13) for _ in range(rng.randint(0, 3))]
    total = rng.choice([0, rng.randint(0, 60)])
    target = rng.randint(1, 120)
    return total, target, cards


def test_it_finds_exactly_the_brute_force_solutions_on_random_small_cases():
    rng = random.Random(11)
    checked = 0
    for _ in range(250):
        total, target, cards = random_case(rng)
        if total == target:
            continue
        small = rng.random() < 0.25
        expected = brute_force(total, target, cards, small)
        found, complete = solve(total, target, cards, small=small)
        assert complete
        assert len(found) == len(set(found)), "no solution twice"
        assert set(found) == expected, (total, target, cards, small)
        assert [len(s) for s in found] == sorted(len(s) for s in found), "shortest first"
        checked += bool(expected)
    assert checked > 30


def test_it_finds_the_brute_force_solutions_with_five_cards_and_a_joker():
    rng = random.Random(5)
    for _ in range(6):
        cards = [J, *(rng.randint(1, 13) for _ in range(4))]
        target = rng.randint(100, 400)
        found, _ = solve(0, target, cards)
        assert set(found) == brute_force(0, target, cards)


def test_it_finds_a_shortest_solution_of_the_brute_force_length():
    rng = random.Random(12)
    for _ in range(200):
        total, target, cards = random_case(rng)
        if total == target:
            continue
        expected = brute_force(total, target, cards)
        best = shortest(total, target, cards)
        if not expected:
            assert best is None
            continue
        assert best in expected
        assert len(best) == min(len(solution) for solution in expected)


def test_it_solves_a_worked_example():
    found, complete = solve(30, 43, [4, 8, 13])
    assert complete
    assert found[0] == ((13, 13, "+", 43),)
    assert ((8, 8, "+", 38), (4, 4, "+", 42)) not in found  # does not reach 43


def test_it_says_when_the_limit_cuts_the_list():
    everything, complete = solve(0, 120, [1, 2, 3, 4, 5, 6])
    assert complete and len(everything) > 10
    first, complete = solve(0, 120, [1, 2, 3, 4, 5, 6], limit=10)
    assert not complete and first == everything[:10]


def test_it_stops_on_its_work_budget():
    search = Search(0, 997, [J, J, 13, 12, 11, 7, 5, 3], budget=10_000)
    list(search.solutions())
    assert not search.complete


def test_it_refuses_a_total_that_is_already_the_target():
    with pytest.raises(ValueError):
        solve(43, 43, [1])


# --- GET /api/numbers/solve/ -------------------------------------------------------------


def test_it_answers_the_solve_api(client):
    response = client.get("/api/numbers/solve/", {"total": 30, "target": 43, "cards": "4,8,13"})
    assert response.status_code == 200
    data = response.json()
    assert data["solutions"][0] == [{"card": 13, "op": "+", "total": 43}]
    assert data["complete"] is True and data["count"] == len(data["solutions"])


def test_it_writes_jokers_as_a_star_with_their_value(client):
    response = client.get("/api/numbers/solve/", {"total": 40, "target": 43, "cards": "*"})
    assert response.json()["solutions"] == [[{"card": "*", "value": 3, "op": "+", "total": 43}]]


def test_it_reads_cards_as_printed_j_being_the_jack(client):
    response = client.get("/api/numbers/solve/", {"total": 40, "target": 51, "cards": "J"})
    assert response.json()["solutions"] == [[{"card": 11, "op": "+", "total": 51}]]
    response = client.get("/api/numbers/solve/", {"total": 1, "target": 13, "cards": "a,K,q"})
    assert [{"card": 12, "op": "+", "total": 13}] in response.json()["solutions"]
    assert (
        client.get("/api/numbers/solve/", {"total": 1, "target": 5, "cards": "Z"}).status_code
        == 400
    )


def test_it_solves_from_a_total_of_zero_reached_mid_chain(client):
    # Fresh (the default at 0): the first card is only added, 0 × 5 is no way to 0 … to 5.
    fresh = client.get("/api/numbers/solve/", {"total": 0, "target": 5, "cards": "5"}).json()
    assert fresh["solutions"] == [[{"card": 5, "op": "+", "total": 5}]]
    mid = client.get(
        "/api/numbers/solve/", {"total": 0, "target": 5, "cards": "5", "fresh": 0}
    ).json()
    assert mid["solutions"] == [[{"card": 5, "op": "+", "total": 5}]]
    # Mid-chain, 0 × 7 stays 0 and then + 5 hits: a way a fresh chain does not have.
    mid = client.get(
        "/api/numbers/solve/", {"total": 0, "target": 5, "cards": "7,5", "fresh": 0}
    ).json()
    fresh = client.get("/api/numbers/solve/", {"total": 0, "target": 5, "cards": "7,5"}).json()
    assert len(mid["solutions"]) > len(fresh["solutions"])


def test_it_uses_only_plus_and_minus_for_small_numbers(client):
    response = client.get(
        "/api/numbers/solve/", {"total": 6, "target": 42, "cards": "7,6", "small": 1}
    )
    assert response.json()["solutions"] == []
    response = client.get("/api/numbers/solve/", {"total": 6, "target": 42, "cards": "7,6"})
    assert [{"card": 7, "op": "*", "total": 42}] in response.json()["solutions"]


@pytest.mark.parametrize(
    "query",
    [
        {"target": 43, "cards": "4"},
        {"total": "x", "target": 43, "cards": "4"},
        {"total": -1, "target": 43, "cards": "4"},
        {"total": 1, "target": 43, "cards": "14"},
        {"total": 1, "target": 43, "cards": "4,,5"},
        {"total": 1, "target": 43, "cards": ",".join(["4"] * 11)},
        {"total": 1, "target": 43},
        {"total": 43, "target": 43, "cards": "4"},
        {"total": 1, "target": 43, "cards": "4", "small": "maybe"},
        {"total": 1, "target": 43, "cards": "4", "limit": 0},
        {"total": 5, "target": 43, "cards": "4", "fresh": 1},  # only a total of 0 is fresh
    ],
)
def test_it_refuses_bad_solve_input_with_400(client, query):
    response = client.get("/api/numbers/solve/", query)
    assert response.status_code == 400
    assert response.json()["detail"]


def test_it_caps_the_solve_api_and_flags_more(client):
    response = client.get(
        "/api/numbers/solve/", {"total": 0, "target": 120, "cards": "1,2,3,4,5,6", "limit": 5}
    )
    data = response.json()
    assert data["count"] == 5 and data["complete"] is False
