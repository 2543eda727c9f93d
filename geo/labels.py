"""Map labels placed without overlap: the most important first, each at the first free spot
around its dot; what does not fit is left to the caller (numbers and an index, or nothing).

Pure geometry in the drawing's millimetres. Text widths come from a ``measure`` function so the
PDF can use the real font metrics; the default estimate is a little generous.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from geo import mapdraw as md

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (y down)
Measure = Callable[[str, float, bool], float]  # text, cap height (mm), bold → width (mm)

ASCENT = 1.1  # the box reaches this many cap heights above the baseline (accents)
DESCENT = 0.32  # and this many below it (descenders)
HALO = 0.25  # mm around a haloed label
CELL = 8.0  # mm: bucket size of the spatial index
INK = "#1a1a1a"
NUMBER_INK = "#8a1c1c"  # dark red: a number keyed to the index, not a name
LEADER_LABELS = 40  # the most populous places may have their name further out, with a line


def estimate_width(text: str, size: float, bold: bool = False) -> float:
    """DejaVu Sans averages about 0.62 em per character (bold 0.68); a cap is 0.73 em."""
    return len(text) * size / 0.73 * (0.68 if bold else 0.62)


def text_box(item: md.Text, measure: Measure = estimate_width) -> Box:
    """The box a label's glyphs (and halo) cover."""
    w = measure(item.text, item.size, item.weight == "bold")
    x0 = {"start": item.x, "middle": item.x - w / 2, "end": item.x - w}[item.anchor]
    pad = HALO if item.halo else 0.0
    return (
        x0 - pad,
        item.y - ASCENT * item.size - pad,
        x0 + w + pad,
        item.y + DESCENT * item.size + pad,
    )


def label_box(item: md.Text, measure: Measure = estimate_width) -> Box:
    """What a label keeps free: a name its ``text_box``; a number (digits, in NUMBER_INK) only
    its digits, from the baseline to the cap height, and DIGIT_PAD around them."""
    box = text_box(item, measure)
    if item.fill != NUMBER_INK or not item.text.isdigit():
        return box
    pad = HALO if item.halo else 0.0
    return (box[0] + pad - DIGIT_PAD, item.y - item.size - DIGIT_PAD,
            box[2] - pad + DIGIT_PAD, item.y + DIGIT_PAD)  # fmt: skip


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Occupied:
    """Boxes already taken, bucketed on a grid so a look-up checks only its neighbours."""

    def __init__(self, boxes: Iterable[Box] = ()) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = defaultdict(list)
        for box in boxes:
            self.add(box)

    def _keys(self, box: Box) -> Iterable[tuple[int, int]]:
        for i in range(int(box[0] // CELL), int(box[2] // CELL) + 1):
            for j in range(int(box[1] // CELL), int(box[3] // CELL) + 1):
                yield i, j

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self.cells[key].append(box)

    def count(self, box: Box) -> int:
        """How many boxes overlap ``box``."""
        seen = {
            other for key in self._keys(box) for other in self.cells.get(key, ())
            if overlaps(box, other)
        }  # fmt: skip
        return len(seen)

    def free(self, box: Box) -> bool:
        return not any(
            overlaps(box, other) for key in self._keys(box) for other in self.cells.get(key, ())
        )


def _candidates(x: float, y: float, size: float, d: float) -> list[tuple[str, float, float]]:
    """(anchor, x, baseline) around a dot, in order of preference: right, left, above, below,
    then the diagonals."""
    mid = y + (ASCENT - DESCENT) / 2 * size  # baseline that centres the text on the dot
    above = y - d - DESCENT * size
    below = y + d + ASCENT * size
    k = d * 0.7
    return [
        ("start", x + d, mid),
        ("end", x - d, mid),
        ("middle", x, above),
        ("middle", x, below),
        ("start", x + k, above + d - k),
        ("start", x + k, below - d + k),
        ("end", x - k, above + d - k),
        ("end", x - k, below - d + k),
    ]


def _far_candidates(x: float, y: float, size: float) -> Iterable[tuple[str, float, float]]:
    """Spots further out, for a label joined to its dot by a leader line."""
    for reach in LEADER_REACH:
        for dx, dy in ((1, 0), (-1, 0), (1, -1), (1, 1), (-1, -1), (-1, 1), (0, -1), (0, 1)):
            lx, ly = x + dx * reach, y + dy * reach * 0.8
            anchor = "start" if dx > 0 else "end" if dx < 0 else "middle"
            yield anchor, lx, ly + (ASCENT - DESCENT) / 2 * size


LEADER_REACH = (4.0, 7.0, 10.0, 14.0, 18.0)  # mm from the dot
NUMBER_REACH = (3.0, 4.5, 6.0, 8.0)  # mm: a number's leader line stays short
DIGIT_PAD = 0.2  # mm of white around a number
SMALL_NUMBERS = 0.7  # the second try's number size, of the first's (1.7 mm caps: 5 pt)


def place_labels(
    points: Sequence[tuple[float, float, str]],
    *,
    size: float,
    frame: Box,
    occupied: Occupied,
    dot_radius: float,
    measure: Measure = estimate_width,
    bold: bool = False,
    fill: str = "#1a1a1a",
    leaders: int = 0,
) -> tuple[list[md.Item], list[int]]:
    """Labels for ``points`` (x, y, text) in the order given, each where it overlaps nothing in
    ``occupied`` and stays inside ``frame``; the first ``leaders`` points may also go further
    out, joined to their dot by a leader line. Returns the labels (and leader lines) and the
    indexes of points left without one. Placed labels are added to ``occupied``."""
    placed: list[md.Item] = []
    missed: list[int] = []
    d = dot_radius + 0.5
    weight = "bold" if bold else "normal"
    for index, (x, y, text) in enumerate(points):
        spots = _candidates(x, y, size, d)
        if index < leaders:
            spots = [*spots, *_far_candidates(x, y, size)]
        for anchor, lx, ly in spots:
            item = md.Text(
                x=lx, y=ly, text=text, size=size, anchor=anchor, fill=fill, weight=weight,
                halo="#ffffff",
            )  # fmt: skip
            box = text_box(item, measure)
            inside = frame[0] <= box[0] and box[2] <= frame[2]
            if inside and frame[1] <= box[1] and box[3] <= frame[3] and occupied.free(box):
                occupied.add(box)
                if abs(lx - x) > 2 * d or abs(ly - y) > 2 * d + size:
                    placed.append(_leader(x, y, box, dot_radius))
                placed.append(item)
                break
        else:
            missed.append(index)
    return placed, missed


def _leader(x: float, y: float, box: Box, r: float) -> md.Line:
    """A thin line from the dot's edge to the nearest point of the label's box."""
    tx = min(max(x, box[0]), box[2])
    ty = min(max(y, box[1]), box[3])
    length = max(((tx - x) ** 2 + (ty - y) ** 2) ** 0.5, 1e-9)
    sx, sy = x + (tx - x) / length * r, y + (ty - y) / length * r
    return md.Line(points=((sx, sy), (tx, ty)), stroke="#1a1a1a", width=0.2)


class Dot(NamedTuple):
    name: str
    x: float
    y: float
    priority: float  # larger first: population
    where: str = ""  # how the index finds it when its number does not fit on the map


def locate(
    dots: Iterable[tuple],
    position: Callable[[float, float], tuple[float, float] | None],
    where: Callable[[float, float], str] | None = None,
) -> list[Dot]:
    """(name, lat, lon[, population]) tuples as ``Dot``s; ``position`` gives a dot's place on
    the map, or None for a point the map does not show."""
    located = []
    for dot in dots:
        name, lat, lon = dot[:3]
        spot = position(lat, lon)
        if spot is not None:
            priority = float(dot[3] or 0) if len(dot) > 3 else 0.0
            located.append(Dot(name, *spot, priority, where(lat, lon) if where else ""))
    return located


class IndexEntry(NamedTuple):
    number: int | None  # the dot's number (in reading order); None on a map with no index
    name: str
    where: str
    x: float = 0.0  # where the dot is on the map (mm)
    y: float = 0.0
    shown: bool = True  # False: no room beside the dot, its number is in a detail map


def _beside(d: Dot, radius: float, size: float) -> md.Text:
    return md.Text(x=d.x + max(1.8, radius + 0.7), y=d.y + max(1.0, size * 0.35), text=d.name,
                   size=size, anchor="start", fill="#1a1a1a", halo="#ffffff")  # fmt: skip


def dot_layer(
    dots: Sequence[Dot],
    *,
    mode: str,
    frame: Box,
    measure: Measure = estimate_width,
    radius: float = 1.1,
    fill: str = "#d62728",
    label_size: float = 2.2,
    number_size: float = 1.7,
    fixed: Iterable[Box] = (),
    rows: tuple[float, float] = (0.0, 10.0),
) -> tuple[list[md.Item], list[IndexEntry]]:
    """Dots, and their labels by ``mode``: "all" labels every dot beside it (for a zoomable
    screen), "spread" labels every dot where its label covers no other dot or label (with a
    leader line if it must go further out; beside the dot as a last resort), "fit" labels the
    most populous that fit and numbers the rest (with an index), "none" draws dots only (a quiz
    map). ``fixed`` boxes are already taken (titles, keys)."""
    inside = [d for d in dots if frame[0] <= d.x <= frame[2] and frame[1] <= d.y <= frame[3]]
    items: list[md.Item] = [
        md.Circle(x=d.x, y=d.y, r=radius, fill=fill, stroke="#ffffff", stroke_width=0.35)
        for d in inside
    ]
    if mode == "none":
        return items, []
    if mode == "all":
        labels = [_beside(d, radius, label_size) for d in inside if d.name]
        return items + labels, []  # labels last so no dot covers a name
    occupied = Occupied(fixed)
    for d in inside:
        occupied.add((d.x - radius, d.y - radius, d.x + radius, d.y + radius))
    if mode == "spread":
        named = [d for d in inside if d.name]
        placed, crowded = place_labels(
            [(d.x, d.y, d.name) for d in named],
            size=label_size,
            frame=frame,
            occupied=occupied,
            dot_radius=radius,
            measure=measure,
            leaders=len(named),
        )
        lines = [i for i in placed if isinstance(i, md.Line)]
        texts = [i for i in placed if not isinstance(i, md.Line)]
        texts += [_beside(named[i], radius, label_size) for i in crowded]
        return lines + items + texts, []
    return _named_or_numbered(
        inside,
        items,
        fixed=fixed,
        frame=frame,
        measure=measure,
        radius=radius,
        label_size=label_size,
        number_size=number_size,
        rows=rows,
    )


def reading_order(dots: Sequence[Dot], rows: tuple[float, float]) -> list[Dot]:
    """``dots`` as a reader scans the map: in rows (the grid's: top, height in mm), each from
    left to right (a number's neighbours on the map are its neighbours in the index)."""
    top, height = rows
    return sorted(dots, key=lambda d: (math.floor((d.y - top) / height), d.x, d.y, d.name))


def _number_spots(x: float, y: float, size: float, d: float) -> list[tuple[str, float, float]]:
    """Where a number may go: touching its dot, then on rings further out (with a leader
    line), each ring tried all round before the next."""
    spots = _candidates(x, y, size, d)
    mid = (ASCENT - DESCENT) / 2 * size
    for reach in NUMBER_REACH:
        for step in range(16):
            angle = math.pi * step / 8
            dx, dy = math.cos(angle), math.sin(angle)
            anchor = "start" if dx > 0.3 else "end" if dx < -0.3 else "middle"
            spots.append((anchor, x + dx * reach, y + dy * reach + mid))
    return spots


def _try_spots(x, y, text, spots, *, size, frame, occupied, radius, measure, fill, bold):
    """The first of ``spots`` where the label is inside ``frame`` and free: (items, box)."""
    d = radius + 0.5
    for anchor, lx, ly in spots:
        item = md.Text(
            x=lx, y=ly, text=text, size=size, anchor=anchor, fill=fill,
            weight="bold" if bold else "normal", halo="#ffffff",
        )  # fmt: skip
        box = label_box(item, measure)
        inside = frame[0] <= box[0] and box[2] <= frame[2]
        if inside and frame[1] <= box[1] and box[3] <= frame[3] and occupied.free(box):
            far = abs(lx - x) > 2 * d or abs(ly - y) > 2 * d + size
            return ([_leader(x, y, box, radius)] if far else []) + [item], box
    return None


def _named_or_numbered(
    inside: list[Dot],
    dots: list[md.Item],
    *,
    fixed: Iterable[Box],
    frame: Box,
    measure: Measure,
    radius: float,
    label_size: float,
    number_size: float,
    rows: tuple[float, float],
) -> tuple[list[md.Item], list[IndexEntry]]:
    """Names for the most populous dots where they fit, a number for every other dot, keyed
    to the index and counted in reading order. A dot whose number finds no room even small and
    further out is marked not ``shown``: the caller draws its region enlarged (a detail)."""
    order = sorted((d for d in inside if d.name), key=lambda d: (-d.priority, d.name))
    occupied = Occupied(fixed)
    for d in inside:
        occupied.add((d.x - radius, d.y - radius, d.x + radius, d.y + radius))
    names, missed = place_labels(
        [(d.x, d.y, d.name) for d in order],
        size=label_size,
        frame=frame,
        occupied=occupied,
        dot_radius=radius,
        measure=measure,
        leaders=LEADER_LABELS,
    )
    rest = reading_order([order[i] for i in missed], rows)
    numbers, bare = place_numbers(
        [(d.x, d.y, str(n)) for n, d in enumerate(rest, 1)],
        occupied, frame, measure, radius, number_size,
    )  # fmt: skip
    index = [
        IndexEntry(n + 1, d.name, d.where, d.x, d.y, n not in bare) for n, d in enumerate(rest)
    ]
    lines = [i for i in names + numbers if isinstance(i, md.Line)]
    texts = [i for i in names + numbers if not isinstance(i, md.Line)]
    return lines + dots + texts, index  # leader lines under the dots


def place_numbers(
    points: Sequence[tuple[float, float, str]],
    occupied: Occupied,
    frame: Box,
    measure: Measure,
    radius: float,
    size: float,
) -> tuple[list[md.Item], set[int]]:
    """Numbers for ``points`` (x, y, text): beside the dot, further out with a leader line, or
    (where even that fails) smaller; returns the items and the positions in ``points`` left
    bare. The most crowded dots choose first, so an easy one does not take the only spot a
    crowded one has."""
    placed: list[md.Item] = []
    crowd = Occupied((x - 6, y - 6, x + 6, y + 6) for x, y, _ in points)
    busy = sorted(range(len(points)), key=lambda n: -crowd.count(points[n][:2] * 2))
    for scale in (1.0, SMALL_NUMBERS):
        left = []
        for n in busy:
            x, y, text = points[n]
            found = _try_spots(x, y, text, _number_spots(x, y, size * scale, radius + 0.5),
                               size=size * scale, frame=frame, occupied=occupied, radius=radius,
                               measure=measure, fill=NUMBER_INK, bold=True)  # fmt: skip
            if found:
                occupied.add(found[1])
                placed += found[0]
            else:
                left.append(n)
        busy = left
    return placed, set(busy)
