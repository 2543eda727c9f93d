"""Finite fields GF(pᵏ) and finite projective planes: the mathematics of symbol-matching decks.

A projective plane of order *q* has q² + q + 1 points and as many lines; every line holds q + 1
points and two lines always meet in exactly one point. Points are a deck's symbols and lines
its cards. For a prime-power order the plane PG(2, q) is built from the field GF(q): its points
are the 1-dimensional subspaces of GF(q)³, its lines the 2-dimensional ones, and a point
(x, y, z) lies on the line [a, b, c] when ax + by + cz = 0.

The field is our own, table-driven: elements are the integers 0 … q−1 read as polynomials over
GF(p) (base-p digits are the coefficients), multiplied modulo the first monic irreducible
polynomial of degree k. The tables for q ≤ 16 take well under a millisecond to build and are
checked against the field axioms in the tests; a library (``galois``) would bring numba and
numpy builds for 256 products. Arithmetic modulo q (the shortcut of many tutorials) is a field
only for prime q: for 4, 8, 9 and 16 it has zero divisors and its "plane" has lines meeting in
several points or none, so it is never used here.

No Django here: printing and play import this module directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

MAX_ORDER = 16
SUPPORTED_ORDERS = (2, 3, 4, 5, 7, 8, 9, 11, 13, 16)


class PlaneError(ValueError):
    """An order for which we build no projective plane; the message says why."""


def prime_power(n: int) -> tuple[int, int] | None:
    """(p, k) with n = pᵏ for a prime p, or None."""
    if n < 2:
        return None
    p = next(d for d in range(2, n + 1) if n % d == 0)  # the smallest factor is prime
    k = 0
    while n % p == 0:
        n //= p
        k += 1
    return (p, k) if n == 1 else None


def check_order(order: object) -> int:
    """``order`` as an int if we build its plane; else a PlaneError saying why not."""
    if isinstance(order, bool) or not isinstance(order, int):
        raise PlaneError(f"the order must be a whole number, not {order!r}")
    if not 2 <= order <= MAX_ORDER:
        raise PlaneError(f"the order must be between 2 and {MAX_ORDER}, not {order}")
    if prime_power(order) is None:
        supported = ", ".join(map(str, SUPPORTED_ORDERS))
        raise PlaneError(
            f"{order} is not a prime power: projective planes are built for the prime-power "
            f"orders {supported} (none is known for 6, 10, 12, 14 or 15)"
        )
    return order


@dataclass(frozen=True)
class Field:
    """GF(q) with q = pᵏ: addition and multiplication tables over the elements 0 … q−1."""

    p: int
    k: int
    modulus: tuple[int, ...]  # coefficients of the irreducible polynomial, constant term first
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]

    @property
    def q(self) -> int:
        return self.p**self.k


def _digits(a: int, p: int, k: int) -> list[int]:
    return [(a // p**i) % p for i in range(k)]


def _number(digits: list[int], p: int) -> int:
    return sum(d * p**i for i, d in enumerate(digits))


def _poly_mul_mod(a: list[int], b: list[int], modulus: tuple[int, ...], p: int) -> list[int]:
    k = len(modulus) - 1
    prod = [0] * (2 * k - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            prod[i + j] = (prod[i + j] + x * y) % p
    for deg in range(len(prod) - 1, k - 1, -1):  # reduce with the monic modulus
        c = prod[deg]
        if c:
            for i, m in enumerate(modulus):
                prod[deg - k + i] = (prod[deg - k + i] - c * m) % p
    return prod[:k]


def _irreducible(p: int, k: int) -> tuple[int, ...]:
    """The first monic polynomial of degree k over GF(p) without a factor of lower degree."""
    if k == 1:
        return (0, 1)
    for low in product(range(p), repeat=k):
        modulus = (*low, 1)
        if low[0] == 0:
            continue  # divisible by x
        # Irreducible iff no product of two non-constant polynomials of lower degree gives it.
        if not _has_factor(modulus, p):
            return modulus
    raise AssertionError("every degree has an irreducible polynomial")  # pragma: no cover


def _has_factor(modulus: tuple[int, ...], p: int) -> bool:
    k = len(modulus) - 1
    for deg in range(1, k // 2 + 1):
        for low in product(range(p), repeat=deg):
            divisor = [*low, 1]
            rest = list(modulus)
            for d in range(k, deg - 1, -1):  # long division by a monic divisor
                c = rest[d]
                if c:
                    for i, m in enumerate(divisor):
                        rest[d - deg + i] = (rest[d - deg + i] - c * m) % p
            if not any(rest):
                return True
    return False


@cache
def field(q: int) -> Field:
    """The field with q elements (q a prime power)."""
    pk = prime_power(q)
    if pk is None:
        raise PlaneError(f"there is no field with {q} elements: {q} is not a prime power")
    p, k = pk
    modulus = _irreducible(p, k)
    digits = [_digits(a, p, k) for a in range(q)]
    add = tuple(
        tuple(_number([(x + y) % p for x, y in zip(da, db, strict=True)], p) for db in digits)
        for da in digits
    )
    mul = tuple(
        tuple(_number(_poly_mul_mod(da, db, modulus, p), p) for db in digits) for da in digits
    )
    return Field(p, k, modulus, add, mul)


def _normalised_vectors(q: int) -> list[tuple[int, int, int]]:
    """One representative per 1-dimensional subspace of GF(q)³: the first non-zero entry is 1."""
    vectors = [(0, 0, 1)]
    vectors += [(0, 1, z) for z in range(q)]
    vectors += [(1, y, z) for y in range(q) for z in range(q)]
    return vectors


@cache
def projective_plane(order: int) -> tuple[tuple[int, ...], ...]:
    """The lines of PG(2, order), each as the sorted indexes of its order + 1 points.

    Point i and line i are both the i-th normalised vector, so the result is the same for every
    call: a deck built from it is reproducible.
    """
    q = check_order(order)
    f = field(q)
    add, mul = f.add, f.mul
    points = _normalised_vectors(q)
    lines = []
    for a, b, c in points:  # a line's coefficients are normalised vectors too
        row_a, row_b, row_c = mul[a], mul[b], mul[c]
        lines.append(
            tuple(
                i
                for i, (x, y, z) in enumerate(points)
                if add[add[row_a[x]][row_b[y]]][row_c[z]] == 0
            )
        )
    return tuple(lines)


def plane_size(order: int) -> int:
    """Points (and lines) of a plane of ``order``: order² + order + 1."""
    return order * order + order + 1
