"""The island's geometry: 19 positions in rows 3-4-5-4-3, hex adjacency, the coast and ports.

Positions are numbered row by row from the top left, 0..18; the centre is 9. Each hex sits at
a "doubled" column (``2 * i`` plus the row's indent) so that two hexes share an edge when they
are in the same row two columns apart, or in neighbouring rows one column apart.

The 12 coastal positions form a ring, listed clockwise from the top left; the 6 ports each
touch two neighbouring coastal positions, one port per second edge of the ring, so that they
are evenly spaced around the coast.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

ROWS = (3, 4, 5, 4, 3)
SIZE = sum(ROWS)
CENTRE = 9


def _cells() -> list[tuple[int, int]]:
    cells = []
    for row, length in enumerate(ROWS):
        indent = max(ROWS) - length
        cells.extend((row, indent + 2 * i) for i in range(length))
    return cells


CELLS: tuple[tuple[int, int], ...] = tuple(_cells())


def _adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    (ra, ca), (rb, cb) = a, b
    return (ra == rb and abs(ca - cb) == 2) or (abs(ra - rb) == 1 and abs(ca - cb) == 1)


NEIGHBOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(j for j in range(SIZE) if _adjacent(CELLS[i], CELLS[j])) for i in range(SIZE)
)

# Clockwise from the top-left corner: along the top row, down the right side, back along the
# bottom row and up the left side.
COAST: tuple[int, ...] = (0, 1, 2, 6, 11, 15, 18, 17, 16, 12, 7, 3)
PORTS: tuple[tuple[int, int], ...] = tuple((COAST[2 * k], COAST[2 * k + 1]) for k in range(6))


def reachable(owned: Iterable[int]) -> set[int]:
    """Positions a Ports card may go on: on or next to one's own visible cards, else the centre."""
    owned = set(owned)
    if not owned:
        return {CENTRE}
    spots = set(owned)
    for position in owned:
        spots |= NEIGHBOURS[position]
    return spots


def ports_touched(owned: Iterable[int]) -> int:
    """How many different ports touch at least one of these positions."""
    owned = set(owned)
    return sum(1 for a, b in PORTS if a in owned or b in owned)


def largest_group(owned: Iterable[int]) -> int:
    """The size of the largest edge-connected group among these positions."""
    left = set(owned)
    best = 0
    while left:
        stack = [left.pop()]
        size = 0
        while stack:
            position = stack.pop()
            size += 1
            for other in NEIGHBOURS[position] & left:
                left.discard(other)
                stack.append(other)
        best = max(best, size)
    return best


def positions_where(tops: list[int | None], test: Callable[[int], bool]) -> list[int]:
    """The positions whose visible card passes ``test`` (empty positions never do)."""
    return [i for i, card in enumerate(tops) if card is not None and test(card)]


# Screen geometry, in units where a card's diameter is 2: a box of WIDTH × HEIGHT with room
# for the ports outside the coast. Positions and ports are given in percent of the box.
WIDTH = 14.0
HEIGHT = 13.0
ROW_STEP = 3**0.5
PORT_DISTANCE = 1.9


def _spot_xy(position: int) -> tuple[float, float]:
    row, column = CELLS[position]
    return 3.0 + column, HEIGHT / 2 + (row - 2) * ROW_STEP


def _percent(x: float, y: float) -> tuple[float, float]:
    return round(100 * x / WIDTH, 2), round(100 * y / HEIGHT, 2)


SPOT_XY: tuple[tuple[float, float], ...] = tuple(_percent(*_spot_xy(i)) for i in range(SIZE))


def _port_xy(a: int, b: int) -> tuple[float, float]:
    (ax, ay), (bx, by) = _spot_xy(a), _spot_xy(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    cx, cy = _spot_xy(CENTRE)
    length = ((mx - cx) ** 2 + (my - cy) ** 2) ** 0.5
    return _percent(
        mx + (mx - cx) / length * PORT_DISTANCE, my + (my - cy) / length * PORT_DISTANCE
    )


PORT_XY: tuple[tuple[float, float], ...] = tuple(_port_xy(a, b) for a, b in PORTS)
CARD_WIDTH = round(100 * 2 / WIDTH, 2)
CARD_HEIGHT = round(100 * 2 / HEIGHT, 2)
