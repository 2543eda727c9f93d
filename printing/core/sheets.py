"""Sheet formats and imposition as plain data, in millimetres.

A sheet format is paper, card size, bleed, margin and layout; ``plan_grid`` fits its cards on
the paper, and ``printing.core.imposition`` turns a list of cards into pages of slots. Nothing here
knows what a card face shows, and nothing here draws: the PDF writer converts these
millimetres to points.

Coordinates: origin at the paper's top-left corner, y pointing down.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

CARD_SIZES: dict[str, tuple[float, float]] = {
    "skat": (59.0, 91.0),
    "poker": (63.0, 88.0),
    "euro": (59.0, 92.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    # The inch sizes print shops in the US use (2.5 × 3.5 in, 2.25 × 3.5 in, 1.75 × 2.5 in).
    "poker-us": (63.5, 88.9),
    "bridge-us": (57.15, 88.9),
    "mini-us": (44.45, 63.5),
}
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}
LAYOUTS = ("duplex-long", "duplex-short", "fold", "fronts")

# Home printers cannot print right up to the paper edge; 5 mm is what nearly all of them manage.
MIN_MARGIN = 5.0
MAX_BLEED = 6.0
MARK_GAP = 1.0  # crop marks start this far outside the bleed, so a sloppy cut never shows them
MARK_MIN_LENGTH = 2.0
MARK_MAX_LENGTH = 5.0
SAFE_INSET = 4.0  # text stays this far inside the trim edge
BLEED_MARK_MIN = 1.5  # bleed wide enough to carry short crop marks inside it
BLEED_MARK_CLEAR = 0.75  # such marks stop this far from the trim, so a cut never shows them
PAPER_EDGE = 1.0  # marks reaching into the printer's margin keep this far from the paper edge

Layout = Literal["duplex-long", "duplex-short", "fold", "fronts"]
Side = Literal["front", "back"]


class SheetError(ValueError):
    """An option combination that cannot be printed; the message says why."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def contains(self, other: Rect, tol: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tol
            and other.y >= self.y - tol
            and other.right <= self.right + tol
            and other.bottom <= self.bottom + tol
        )


@dataclass(frozen=True)
class SheetSpec:
    paper: str = "a4"
    card_size: str = "skat"
    layout: str = "duplex-long"
    bleed: float = 3.0
    margin: float = MIN_MARGIN
    crop_marks: bool = True

    def __post_init__(self) -> None:
        errors = validate_spec(self)
        if errors:
            raise SheetError("; ".join(errors))

    @property
    def card(self) -> tuple[float, float]:
        return CARD_SIZES[self.card_size]

    @property
    def duplex(self) -> bool:
        return self.layout in ("duplex-long", "duplex-short")


def validate_spec(spec: SheetSpec) -> list[str]:
    errors = []
    if spec.paper not in PAPERS:
        errors.append(f"unknown paper {spec.paper!r}; choose one of {', '.join(PAPERS)}")
    if spec.card_size not in CARD_SIZES:
        errors.append(
            f"unknown card size {spec.card_size!r}; choose one of {', '.join(CARD_SIZES)}"
        )
    if spec.layout not in LAYOUTS:
        errors.append(f"unknown layout {spec.layout!r}; choose one of {', '.join(LAYOUTS)}")
    if not 0 <= spec.bleed <= MAX_BLEED:
        errors.append(f"bleed must be between 0 and {MAX_BLEED:g} mm, not {spec.bleed:g}")
    if spec.margin < MIN_MARGIN:
        errors.append(f"margin must be at least {MIN_MARGIN:g} mm")
    return errors


@dataclass(frozen=True)
class Slot:
    """Where one card face goes on a page: ``trim`` is the card, ``bleed`` the painted area."""

    card: int  # index into the list given to impose()
    side: Side
    trim: Rect
    bleed: Rect
    rotate: int = 0  # degrees; 180 for backs that the flip would otherwise turn upside down


@dataclass(frozen=True)
class Mark:
    """A short line: a crop mark (solid) or a fold mark (dashed)."""

    x1: float
    y1: float
    x2: float
    y2: float
    kind: Literal["crop", "fold"] = "crop"
    on_art: bool = False  # drawn over the bleed: needs a white edge to show on dark art


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    slots: tuple[Slot, ...]
    marks: tuple[Mark, ...] = ()
    side: Side = "front"
    note: Rect | None = None  # where the scale bar and "print at 100 %" go

    @property
    def trim_box(self) -> Rect:
        return _union([s.trim for s in self.slots])

    @property
    def bleed_box(self) -> Rect:
        return _union([s.bleed for s in self.slots])


@dataclass(frozen=True)
class Grid:
    """How cells repeat on the paper; a cell is one card, or a front+back pair when folding."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    cell_w: float  # trim size of a cell
    cell_h: float
    bleed: float
    mark_length: float
    origin: tuple[float, float] = field(default=(0.0, 0.0))  # top-left trim of cell (0, 0)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        # Every card keeps its own full bleed, so neighbours never paint over each other.
        return self.cell_w + 2 * self.bleed, self.cell_h + 2 * self.bleed

    def cell(self, col: int, row: int) -> Rect:
        px, py = self.pitch
        return Rect(self.origin[0] + col * px, self.origin[1] + row * py, self.cell_w, self.cell_h)


def _union(rects: Sequence[Rect]) -> Rect:
    if not rects:
        return Rect(0, 0, 0, 0)
    x = min(r.x for r in rects)
    y = min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.bottom for r in rects) - y)


def _fit(avail: float, pitch: float) -> int:
    return max(0, math.floor((avail + 1e-9) / pitch))


def plan_grid(spec: SheetSpec) -> Grid:
    """The densest grid of cells on the paper, trying portrait and landscape.

    Crop marks never cost a card: the grid is planned without them, and the marks then take
    whatever room is left (see ``_crop_marks``). Of two orientations holding as many cards,
    the one leaving more room for marks wins.
    """
    card_w, card_h = spec.card
    cell_w = card_w * 2 if spec.layout == "fold" else card_w
    cell_h = card_h
    best: Grid | None = None
    best_room = -1.0
    for page_w, page_h in (PAPERS[spec.paper], PAPERS[spec.paper][::-1]):
        avail_w = page_w - 2 * spec.margin
        avail_h = page_h - 2 * spec.margin
        pitch_w, pitch_h = cell_w + 2 * spec.bleed, cell_h + 2 * spec.bleed
        cols, rows = _fit(avail_w, pitch_w), _fit(avail_h, pitch_h)
        block_w, block_h = cols * pitch_w, rows * pitch_h
        room = min(page_w - block_w, page_h - block_h) / 2
        if best is not None and (cols * rows, room) <= (best.per_page, best_room + 1e-9):
            continue
        # Marks get whatever room the centred block leaves, up to a comfortable length.
        spare = room - spec.margin - MARK_GAP
        mark_length = max(0.0, min(MARK_MAX_LENGTH, spare)) if spec.crop_marks else 0.0
        origin = ((page_w - block_w) / 2 + spec.bleed, (page_h - block_h) / 2 + spec.bleed)
        best = Grid(page_w, page_h, cols, rows, cell_w, cell_h, spec.bleed, mark_length, origin)
        best_room = room
    assert best is not None
    if best.per_page == 0:
        raise SheetError(
            f"a {spec.card_size} card with {spec.bleed:g} mm bleed does not fit on {spec.paper}"
        )
    return best


def face_page(spec: SheetSpec) -> tuple[float, float]:
    """Page size of a single-face page (for print shops and PNGs): the card plus its bleed."""
    w, h = spec.card
    return w + 2 * spec.bleed, h + 2 * spec.bleed


def safe_zone(card_w: float, card_h: float, inset: float = SAFE_INSET) -> Rect:
    return Rect(inset, inset, card_w - 2 * inset, card_h - 2 * inset)
