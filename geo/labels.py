"""Map labels placed without overlap: the most important first, each at the first free spot
around its dot; what does not fit is left to the caller (numbers and an index, or nothing).

Pure geometry in the drawing's millimetres. Text widths come from a ``measure`` function so the
PDF can use the real font metrics; the default estimate is a little generous.
"""

from __future__ import annotations

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
SMALL_NUMBERS = 0.75  # the second try's number size, of the first's


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
    number: int | None  # the number beside the dot; None when even that did not fit
    name: str
    where: str


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
    order = sorted((d for d in inside if d.name), key=lambda d: (-d.priority, d.name))
    names, missed = place_labels(
        [(d.x, d.y, d.name) for d in order],
        size=label_size,
        frame=frame,
        occupied=occupied,
        dot_radius=radius,
        measure=measure,
        leaders=LEADER_LABELS,
    )
    rest = sorted((order[i] for i in missed), key=lambda d: (d.name.casefold(), d.where))
    numbers, unnumbered = place_labels(
        [(d.x, d.y, str(n)) for n, d in enumerate(rest, 1)],
        size=number_size,
        frame=frame,
        occupied=occupied,
        dot_radius=radius,
        measure=measure,
        bold=True,
        fill="#8a1c1c",
        leaders=len(rest),  # a number further out on a line beats a dot no one can name
    )
    if unnumbered:  # a crowded region: smaller numbers (still 3.7 pt) where 1.7 mm ones fail
        small, still = place_labels(
            [(rest[i].x, rest[i].y, str(i + 1)) for i in unnumbered],
            size=number_size * SMALL_NUMBERS,
            frame=frame,
            occupied=occupied,
            dot_radius=radius,
            measure=measure,
            bold=True,
            fill="#8a1c1c",
            leaders=len(unnumbered),
        )
        numbers += small
        unnumbered = [unnumbered[i] for i in still]
    skipped = set(unnumbered)
    index = [
        IndexEntry(None if i in skipped else i + 1, d.name, d.where) for i, d in enumerate(rest)
    ]
    lines = [i for i in names if isinstance(i, md.Line)]
    texts = [i for i in names if not isinstance(i, md.Line)]
    return lines + items + texts + numbers, index  # leader lines under the dots
