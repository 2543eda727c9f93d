"""Finite fields and projective planes: the mathematics every match deck rests on."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from cards.symbols.planes import (
    SUPPORTED_ORDERS,
    PlaneError,
    check_order,
    field,
    plane_size,
    prime_power,
    projective_plane,
)

FIELD_ORDERS = (2, 3, 4, 5, 7, 8, 9, 11, 13, 16)


@pytest.mark.parametrize("q", FIELD_ORDERS)
def test_it_builds_fields_that_obey_the_field_axioms(q):
    f = field(q)
    add, mul = f.add, f.mul
    elements = range(q)
    for a in elements:
        assert add[a][0] == a and mul[a][1] == a and mul[a][0] == 0
        assert any(add[a][b] == 0 for b in elements)  # a negative
        if a:
            assert any(mul[a][b] == 1 for b in elements)  # an inverse: no zero divisors
    for a, b in product(elements, repeat=2):
        assert add[a][b] == add[b][a] and mul[a][b] == mul[b][a]
    for a, b, c in product(elements, repeat=3):
        assert add[add[a][b]][c] == add[a][add[b][c]]
        assert mul[mul[a][b]][c] == mul[a][mul[b][c]]
        assert mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]]


def test_it_knows_why_arithmetic_modulo_n_fails_for_prime_powers():
    # Modulo 4, 2 · 2 = 0: no field, so the shortcut construction breaks. GF(4) has no such pair.
    assert (2 * 2) % 4 == 0
    f = field(4)
    assert all(f.mul[a][b] != 0 for a in range(1, 4) for b in range(1, 4))
    assert all(1 in f.mul[a] for a in range(1, 4))  # every element but 0 has an inverse
    assert f.add[3][3] == 0  # characteristic 2: every element is its own negative


@pytest.mark.parametrize("order", SUPPORTED_ORDERS)
def test_it_builds_planes_where_every_two_cards_share_exactly_one_symbol(order):
    lines = projective_plane(order)
    n = plane_size(order)
    assert len(lines) == n
    assert all(len(line) == order + 1 and len(set(line)) == order + 1 for line in lines)
    assert {p for line in lines for p in line} == set(range(n))
    sets = [set(line) for line in lines]
    for a, b in combinations(sets, 2):
        assert len(a & b) == 1
    # Dually, every symbol is on order + 1 cards.
    counts = [0] * n
    for line in lines:
        for p in line:
            counts[p] += 1
    assert set(counts) == {order + 1}


def test_it_gives_the_island_editions_numbers_for_order_eight():
    lines = projective_plane(8)
    assert len(lines) == 73 and {len(line) for line in lines} == {9}


@pytest.mark.parametrize("order", [6, 10, 12, 14, 15])
def test_it_refuses_orders_that_are_not_prime_powers_with_a_reason(order):
    with pytest.raises(PlaneError, match=f"{order} is not a prime power"):
        projective_plane(order)


@pytest.mark.parametrize("order", [0, 1, 17, 25, -3])
def test_it_refuses_orders_outside_two_to_sixteen(order):
    with pytest.raises(PlaneError, match="between 2 and 16"):
        check_order(order)


@pytest.mark.parametrize("order", ["8", 8.0, True, None])
def test_it_refuses_orders_that_are_not_whole_numbers(order):
    with pytest.raises(PlaneError, match="whole number"):
        check_order(order)


def test_it_recognises_prime_powers():
    assert prime_power(16) == (2, 4) and prime_power(9) == (3, 2) and prime_power(13) == (13, 1)
    assert prime_power(12) is None and prime_power(1) is None
    with pytest.raises(PlaneError, match="no field with 6 elements"):
        field(6)


def test_it_builds_the_same_plane_every_time():
    first = projective_plane(7)
    projective_plane.cache_clear()
    assert projective_plane(7) == first
