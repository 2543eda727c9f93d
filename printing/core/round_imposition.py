"""Round cards on sheets, as plain data in millimetres (origin top-left, y down).

Circles pack better staggered than in a square grid on some papers (85 mm cards: 6 per A4
either way, but 5 instead of 4 on Letter), so both patterns are tried and the one with more
cards per page wins. Duplex back pages mirror the front positions like ``printing.core.sheets``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printing.core.sheets import MAX_BLEED, MIN_MARGIN, PAPERS, SheetError

ROUND_LAYOUTS = ("duplex-long", "duplex-short", "fronts")
DEFAULT_DIAMETER = 85.0
MIN_DIAMETER, MAX_DIAMETER = 40.0, 180.0
SPACING = 1.0  # between two cards' bleed circles, so a sloppy cut never takes a neighbour's art


@dataclass(frozen=True)
class RoundSpec:
    paper: str = "a4"
    diameter: float = DEFAULT_DIAMETER
    bleed: float = 3.0
    layout: str = "duplex-long"
    cut_lines: bool = True
    margin: float = MIN_MARGIN

    def __post_init__(self) -> None:
        errors = []
        if self.paper not in PAPERS:
            errors.append(f"unknown paper {self.paper!r}; choose one of {', '.join(PAPERS)}")
        if self.layout not in ROUND_LAYOUTS:
            errors.append(f"round cards print as {', '.join(ROUND_LAYOUTS)}, not {self.layout!r}")
        if not MIN_DIAMETER <= self.diameter <= MAX_DIAMETER:
            errors.append(
                f"the diameter must be between {MIN_DIAMETER:g} and {MAX_DIAMETER:g} mm, "
                f"not {self.diameter:g}"
            )
        if not 0 <= self.bleed <= MAX_BLEED:
            errors.append(f"bleed must be between 0 and {MAX_BLEED:g} mm, not {self.bleed:g}")
        if not errors and not centres(self):
            errors.append(f"a {self.diameter:g} mm card does not fit on {self.paper}")
        if errors:
            raise SheetError("; ".join(errors))

    @property
    def page(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def cell(self) -> float:
        """The diameter a card takes on the sheet: card, bleed and spacing."""
        return self.diameter + 2 * self.bleed + SPACING


def centres(spec: RoundSpec) -> list[tuple[float, float]]:
    """Card centres on one page (mm, top-left origin), the pattern centred on the page."""
    w, h = spec.page
    cell = spec.cell
    avail_w, avail_h = w - 2 * spec.margin + SPACING, h - 2 * spec.margin + SPACING
    best: list[tuple[float, float]] = []
    for staggered in (False, True):
        points = _pattern(avail_w, avail_h, cell, staggered)
        if len(points) > len(best):
            best = points
    if not best:
        return []
    xs, ys = [p[0] for p in best], [p[1] for p in best]
    dx = (w - (max(xs) + min(xs))) / 2
    dy = (h - (max(ys) + min(ys))) / 2
    return [(x + dx, y + dy) for x, y in best]


def _pattern(w: float, h: float, cell: float, staggered: bool) -> list[tuple[float, float]]:
    if cell > w or cell > h:
        return []
    cols = int(w // cell)
    if not staggered:
        rows = int(h // cell)
        return [(cell * (c + 0.5), cell * (r + 0.5)) for r in range(rows) for c in range(cols)]
    pitch = cell * math.sqrt(3) / 2  # rows nest into the gaps of the row above
    rows = int((h - cell) // pitch) + 1
    points = []
    for r in range(rows):
        shift = cell / 2 if r % 2 else 0.0
        for c in range(cols):
            x = cell * (c + 0.5) + shift
            if x + cell / 2 <= w + 1e-9:
                points.append((x, cell / 2 + r * pitch))
    return points


@dataclass(frozen=True)
class RoundSlot:
    card: int  # index into the list given to impose_round
    side: str  # "front" | "back"
    cx: float
    cy: float
    rotate: int = 0  # 180 on short-edge backs


@dataclass(frozen=True)
class RoundPage:
    width: float
    height: float
    slots: tuple[RoundSlot, ...]
    side: str


def impose_round(has_back: list[bool], spec: RoundSpec) -> list[RoundPage]:
    """Pages for cards with ``has_back[i]``: each front page followed by its back page."""
    w, h = spec.page
    spots = centres(spec)
    pages = []
    for start in range(0, len(has_back), len(spots)):
        chunk = range(start, min(start + len(spots), len(has_back)))
        fronts = tuple(RoundSlot(i, "front", *spots[k]) for k, i in enumerate(chunk))
        pages.append(RoundPage(w, h, fronts, "front"))
        if spec.layout == "fronts" or not any(has_back[i] for i in chunk):
            continue
        backs = []
        for k, i in enumerate(chunk):
            if not has_back[i]:
                continue
            x, y = spots[k]
            if spec.layout == "duplex-long":  # portrait pages: the long edge is vertical
                backs.append(RoundSlot(i, "back", w - x, y))
            else:
                backs.append(RoundSlot(i, "back", x, h - y, rotate=180))
        pages.append(RoundPage(w, h, tuple(backs), "back"))
    return pages
