"""A small projective plane of order 8 over GF(8), and the island deck built from it.

Kept here so the rules' tests need nothing but the rules: GF(8) is GF(2)[x] modulo
x³ + x + 1; points and lines of the plane are the 73 normalised vectors of GF(8)³, and a point
lies on a line when their dot product is zero.
"""

from __future__ import annotations

import random
from itertools import product

from play.core.engine import Context, LoggedMove, apply_move, replay, setup_rng
from play.editions.match import rules
from play.editions.match.edition import EDITION

MODULUS = 0b1011
SEED = 4242


def gf8_mul(a: int, b: int) -> int:
    result = 0
    while b:
        if b & 1:
            result ^= a
        b >>= 1
        a <<= 1
        if a & 0b1000:
            a ^= MODULUS
    return result


def normalised(vector: tuple[int, int, int]) -> bool:
    first = next((x for x in vector if x), 0)
    return first == 1


def plane_of_order_8() -> list[list[int]]:
    points = [v for v in product(range(8), repeat=3) if normalised(v)]
    lines = []
    for line in points:
        on = []
        for index, point in enumerate(points):
            dot = 0
            for a, b in zip(line, point, strict=True):
                dot ^= gf8_mul(a, b)
            if dot == 0:
                on.append(index)
        lines.append(on)
    return lines


PLANE = plane_of_order_8()
ROLE_ORDER = ["island"] * 19 + ["port"] * 6 + ["blue"] * 16 + ["orange"] * 16 + ["red"] * 16


def island_cards(shuffle_seed: int = 7) -> list[dict]:
    """Card dicts as the card database gives them: symbols, role and symbol names."""
    lines = list(PLANE)
    random.Random(shuffle_seed).shuffle(lines)
    cards = [
        {"symbols": line, "role": role, "names": [f"Symbol {s}" for s in line]}
        for line, role in zip(lines, ROLE_ORDER, strict=True)
    ]
    cards += [{"symbols": [], "role": f"score-{c}"} for c in rules.COLOURS]
    return cards


def options(**changes) -> dict:
    base = {option.name: option.default for option in EDITION.options}
    base.update(changes)
    return base


class Table:
    """A game driven through the engine, keeping its log for a replay check."""

    def __init__(self, seats: int = 2, seed: int = SEED, **changes) -> None:
        self.seed = seed
        self.names = [f"Device {i}" for i in range(seats)]
        self.initial = EDITION.setup(
            options(**changes), island_cards(), self.names, setup_rng(seed)
        )
        self.state = self.initial
        self.log: list[LoggedMove] = []
        self.now = 1_000.0

    def move(self, seat, name, args=None, at: float | None = None):
        if at is not None:
            self.now = at
        number = len(self.log) + 1
        ctx = Context(rng=random.Random(f"{self.seed}:{number}"), now=self.now)
        self.state = apply_move(EDITION, self.state, seat, name, args or {}, ctx)
        self.log.append(LoggedMove(number, seat, name, dict(args or {}), self.now))
        return self.state

    def replayed(self):
        return replay(EDITION, self.initial, self.log, self.seed)

    # Shortcuts on the state -------------------------------------------------------------------
    def card(self, seat):
        return rules.own_card(self.state, seat)

    def ref(self, card):
        return self.state["refs"][card]

    def top(self, spot):
        return self.state["island"][spot][-1]

    def right_claim(self, seat, target):
        card = self.card(seat)
        return {
            "symbol": rules.shared_symbol(self.state, card, target),
            "target": self.ref(target),
            "card": self.ref(card),
        }

    def wrong_symbol(self, seat, target):
        card = self.card(seat)
        return next(s for s in self.state["cards"][card] if s not in self.state["cards"][target])

    def due(self, move) -> float:
        return move.at if move.at is not None else self.now + move.delay

    def play_bots(self, limit: int = 5_000):
        """Let every seat play as a computer: the quickest one acts next; press Start between
        games. Returns the number of moves."""
        for _ in range(limit):
            if EDITION.result(self.state) is not None:
                return len(self.log)
            if self.state["phase"] == "ready":
                self.move(0, "start")
                continue
            moves = [(EDITION.bot(self.state, s), s) for s in range(len(self.names))]
            # A move falls due at its own moment (``at``), or ``delay`` after the last move.
            moves = [(self.due(m), s, m) for m, s in moves if m is not None]
            due, seat, chosen = min(moves, key=lambda item: (item[0], item[1]))
            self.move(seat, chosen.move, chosen.args, at=max(due, self.now))
        raise AssertionError("the match did not end")
