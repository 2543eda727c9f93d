"""Where the symbols of a round card go: discs of varied size, never overlapping, inside the card.

Each symbol gets a disc (centre, radius) and a rotation; the icon or text is then drawn entirely
inside its disc, so "disjoint discs inside the card" is the whole guarantee, and the tests check
it on this data. Layouts are seeded per card, so a reprint of a deck matches the first print.

Units: the card's usable circle has radius 1 and its centre at the origin, y pointing up; the
renderer scales to millimetres. No Django and no reportlab here.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

GAP = 0.03  # between two discs, and between a disc and the edge (of the unit circle)
SIZE_SPREAD = (0.72, 1.3)  # relative sizes of a card's symbols
TEXT_SPREAD = (0.88, 1.12)  # labels vary less: a tiny name is hard to read
TEXT_TILT = 22.0  # degrees: text symbols stay readable
DENSITY = 0.60  # area of the discs over the circle's, aimed for before the final fit
ROUNDS = 60
ATTEMPTS = 4
GOOD_ENOUGH = 0.92


@dataclass(frozen=True)
class Spot:
    x: float
    y: float
    r: float
    angle: float  # degrees, counter-clockwise


class LayoutError(ValueError):
    """Layout data that breaks the rules (overlapping discs, a disc over the edge)."""


def layout_problems(spots: tuple[Spot, ...] | list[Spot], radius: float = 1.0) -> list[str]:
    """Every way ``spots`` break the rules; empty when the discs are disjoint and inside."""
    problems = []
    for i, a in enumerate(spots):
        if a.r <= 0:
            problems.append(f"disc {i} has no size")
        if math.hypot(a.x, a.y) + a.r > radius + 1e-9:
            problems.append(f"disc {i} crosses the edge")
        for j in range(i + 1, len(spots)):
            b = spots[j]
            if math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r - 1e-9:
                problems.append(f"discs {i} and {j} overlap")
    return problems


@lru_cache(maxsize=1024)
def card_layout(
    count: int,
    seed: int,
    text: tuple[bool, ...] | None = None,
    hints: tuple[float, ...] | None = None,
) -> tuple[Spot, ...]:
    """``count`` disjoint discs inside the unit circle for one card.

    ``text[i]``: symbol i is a text label, so its rotation stays small and its size varies
    less; ``hints[i]``: a relative size wish (a long label asks for a bigger disc).
    """
    if count < 1:
        raise LayoutError("a card needs at least one symbol")
    text = text or (False,) * count
    hints = hints or (1.0,) * count
    if len(text) != count or len(hints) != count or min(hints) <= 0:
        raise LayoutError("one text flag and one positive size hint per symbol")
    rng = random.Random(seed)
    weights = [
        rng.uniform(*(TEXT_SPREAD if is_text else SIZE_SPREAD)) * hint
        for is_text, hint in zip(text, hints, strict=True)
    ]
    angles = [
        rng.uniform(-TEXT_TILT, TEXT_TILT) if is_text else rng.uniform(0, 360) for is_text in text
    ]
    if count == 1:
        return (Spot(0.0, 0.0, 1.0 - GAP, angles[0]),)
    scale = math.sqrt(DENSITY / sum(w * w for w in weights))
    radii = [w * scale for w in weights]
    best: tuple[Spot, ...] = ()
    for _attempt in range(ATTEMPTS):
        xs, ys = _start(count, rng)
        for step in range(ROUNDS):
            shake = 0.02 * max(0.0, 1 - 2 * step / ROUNDS)  # the second half settles
            if not _relax(xs, ys, radii, shake=shake, rng=rng) and not shake:
                break  # settled: nothing overlaps and nothing was shaken
        fit = _fit(xs, ys, radii)
        spots = tuple(
            Spot(x, y, r * fit, a) for x, y, r, a in zip(xs, ys, radii, angles, strict=True)
        )
        if not best or coverage(spots) > coverage(best):
            best = spots
        if coverage(best) >= GOOD_ENOUGH * DENSITY:
            break  # most cards settle at the first attempt; a jammed start gets another go
    return best


def _start(count: int, rng: random.Random) -> tuple[list[float], list[float]]:
    """A ring (and a centre for six or more) with a random turn: a good start for few discs."""
    xs, ys = [], []
    inner = 1 if count >= 6 else 0
    if count >= 13:
        inner = 4
    turn = rng.uniform(0, 2 * math.pi)
    for i in range(count):
        if i < inner:
            rho = 0.0 if inner == 1 else 0.3
            phi = turn + 2 * math.pi * i / max(inner, 1)
        else:
            rho = 0.62
            phi = turn + 2 * math.pi * (i - inner) / (count - inner)
        phi += rng.uniform(-0.2, 0.2)
        xs.append(rho * math.cos(phi))
        ys.append(rho * math.sin(phi))
    order = list(range(count))
    rng.shuffle(order)  # which symbol sits in the middle varies from card to card
    return [xs[i] for i in order], [ys[i] for i in order]


def _relax(
    xs: list[float], ys: list[float], radii: list[float], shake: float, rng: random.Random
) -> bool:
    """One round of pushing overlapping discs apart and pulling escaped ones back in; whether
    anything had to move."""
    n = len(xs)
    moved = False
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = xs[j] - xs[i], ys[j] - ys[i]
            d = math.hypot(dx, dy)
            overlap = radii[i] + radii[j] + GAP - d
            if overlap > 0:
                moved = True
                if d < 1e-9:
                    dx, dy, d = rng.uniform(-1, 1), rng.uniform(-1, 1), 1.0
                    d = math.hypot(dx, dy)
                # The bigger disc moves less, so big symbols stay put and small ones flow.
                wi, wj = radii[j] ** 2, radii[i] ** 2
                share_i, share_j = wi / (wi + wj), wj / (wi + wj)
                ux, uy = dx / d, dy / d
                xs[i] -= ux * overlap * share_i
                ys[i] -= uy * overlap * share_i
                xs[j] += ux * overlap * share_j
                ys[j] += uy * overlap * share_j
    for i in range(n):
        if shake:
            xs[i] += rng.uniform(-shake, shake)
            ys[i] += rng.uniform(-shake, shake)
        d = math.hypot(xs[i], ys[i])
        limit = 1 - GAP - radii[i]
        if d > limit:
            moved = True
            xs[i] *= limit / d
            ys[i] *= limit / d
    return moved


def _fit(xs: list[float], ys: list[float], radii: list[float]) -> float:
    """The largest factor for all radii at which the discs keep their gaps and the edge."""
    n = len(xs)
    fit = math.inf
    for i in range(n):
        fit = min(fit, (1 - GAP - math.hypot(xs[i], ys[i])) / radii[i])
        for j in range(i + 1, n):
            d = math.hypot(xs[j] - xs[i], ys[j] - ys[i])
            fit = min(fit, (d - GAP) / (radii[i] + radii[j]))
    if fit <= 0:  # pragma: no cover - the relaxation always leaves room
        raise LayoutError("the symbols could not be placed apart")
    return fit


def coverage(spots: tuple[Spot, ...]) -> float:
    """The share of the circle the discs cover (a quality figure for the benchmark)."""
    return sum(s.r * s.r for s in spots)
