"""Sheet formats and imposition as plain data, in millimetres.

A sheet format is paper, card size, bleed, margin and layout; ``impose`` turns a list of cards
into pages of slots. Nothing here knows what a card face shows, and nothing here draws: the PDF
writer converts these millimetres to points.

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


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    slots: tuple[Slot, ...]
    marks: tuple[Mark, ...] = ()
    side: Side = "front"

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
    """The densest grid of cells on the paper, trying portrait and landscape."""
    card_w, card_h = spec.card
    cell_w = card_w * 2 if spec.layout == "fold" else card_w
    cell_h = card_h
    mark_room = MARK_GAP + MARK_MIN_LENGTH if spec.crop_marks else 0.0
    best: Grid | None = None
    for page_w, page_h in (PAPERS[spec.paper], PAPERS[spec.paper][::-1]):
        avail_w = page_w - 2 * spec.margin - 2 * mark_room
        avail_h = page_h - 2 * spec.margin - 2 * mark_room
        pitch_w, pitch_h = cell_w + 2 * spec.bleed, cell_h + 2 * spec.bleed
        cols, rows = _fit(avail_w, pitch_w), _fit(avail_h, pitch_h)
        if best is not None and cols * rows <= best.per_page:
            continue
        block_w, block_h = cols * pitch_w, rows * pitch_h
        # Marks get whatever room the centred block leaves, up to a comfortable length.
        spare = min(page_w - block_w, page_h - block_h) / 2 - spec.margin - MARK_GAP
        mark_length = min(MARK_MAX_LENGTH, spare) if spec.crop_marks else 0.0
        origin = ((page_w - block_w) / 2 + spec.bleed, (page_h - block_h) / 2 + spec.bleed)
        best = Grid(page_w, page_h, cols, rows, cell_w, cell_h, spec.bleed, mark_length, origin)
    assert best is not None
    if best.per_page == 0:
        raise SheetError(
            f"a {spec.card_size} card with {spec.bleed:g} mm bleed does not fit on {spec.paper}"
        )
    return best


def _crop_marks(grid: Grid) -> list[Mark]:
    """Marks in the paper margin, continuing every trim edge of the block outward."""
    if grid.mark_length <= 0:
        return []
    px, py = grid.pitch
    ox, oy = grid.origin
    b, gap, length = grid.bleed, MARK_GAP, grid.mark_length
    top = oy - b - gap
    bottom = oy + grid.rows * py - b + gap
    left = ox - b - gap
    right = ox + grid.cols * px - b + gap
    xs = sorted({ox + c * px + e for c in range(grid.cols) for e in (0.0, grid.cell_w)})
    ys = sorted({oy + r * py + e for r in range(grid.rows) for e in (0.0, grid.cell_h)})
    marks = []
    for x in xs:
        marks.append(Mark(x, top - length, x, top))
        marks.append(Mark(x, bottom, x, bottom + length))
    for y in ys:
        marks.append(Mark(left - length, y, left, y))
        marks.append(Mark(right, y, right + length, y))
    return marks


def _fold_marks(grid: Grid) -> list[Mark]:
    if grid.mark_length <= 0:
        return []
    px, py = grid.pitch
    ox, oy = grid.origin
    top = oy - grid.bleed - MARK_GAP
    bottom = oy + grid.rows * py - grid.bleed + MARK_GAP
    marks = []
    for c in range(grid.cols):
        x = ox + c * px + grid.cell_w / 2
        marks.append(Mark(x, top - grid.mark_length, x, top, "fold"))
        marks.append(Mark(x, bottom, x, bottom + grid.mark_length, "fold"))
    return marks


def mirror_axis(spec: SheetSpec, page_w: float, page_h: float) -> Literal["x", "y"]:
    """Which coordinate the paper flip mirrors.

    Turning the sheet over about its long edge mirrors across that edge's direction: on a
    portrait page the long edge is vertical, so x mirrors; on a landscape page (which the
    printer rotates onto the paper) it is horizontal, so y mirrors. Short-edge is the opposite.
    """
    portrait = page_h >= page_w
    long_edge = spec.layout == "duplex-long"
    return "x" if portrait == long_edge else "y"


def flip_rect(r: Rect, axis: Literal["x", "y"], page_w: float, page_h: float) -> Rect:
    """Where a rectangle printed on one side of the sheet lies, seen from the other side."""
    if axis == "x":
        return Rect(page_w - r.right, r.y, r.w, r.h)
    return Rect(r.x, page_h - r.bottom, r.w, r.h)


def impose(cards: Sequence[bool], spec: SheetSpec) -> list[Page]:
    """Pages of slots for ``cards``, one flag per card: does it have a back to print?

    Duplex layouts emit each front page followed by its back page; ``fold`` puts front and back
    side by side with the fold between them; ``fronts`` prints front pages only.
    """
    grid = plan_grid(spec)
    pages: list[Page] = []
    w, h = grid.page_w, grid.page_h
    marks = tuple(_crop_marks(grid) if spec.crop_marks else ())
    for start in range(0, len(cards), grid.per_page):
        chunk = range(start, min(start + grid.per_page, len(cards)))
        cells = [grid.cell(i % grid.cols, i // grid.cols) for i in range(len(chunk))]
        if spec.layout == "fold":
            slots = []
            card_w = grid.cell_w / 2
            for index, cell in zip(chunk, cells, strict=True):
                front = Rect(cell.x, cell.y, card_w, cell.h)
                back = Rect(cell.x + card_w, cell.y, card_w, cell.h)
                # No bleed across the fold: front and back meet there.
                slots.append(Slot(index, "front", front, _bleed(front, grid.bleed, right=0)))
                if cards[index]:
                    slots.append(Slot(index, "back", back, _bleed(back, grid.bleed, left=0)))
            fold = tuple(_fold_marks(grid)) if spec.crop_marks else ()
            pages.append(Page(w, h, tuple(slots), marks + fold, "front"))
            continue
        fronts = tuple(
            Slot(i, "front", c, c.grow(grid.bleed)) for i, c in zip(chunk, cells, strict=True)
        )
        pages.append(Page(w, h, fronts, marks, "front"))
        if not spec.duplex or not any(cards[i] for i in chunk):
            continue
        axis = mirror_axis(spec, w, h)
        rotate = 180 if axis == "y" else 0
        backs = []
        for i, c in zip(chunk, cells, strict=True):
            if cards[i]:
                trim = flip_rect(c, axis, w, h)
                backs.append(Slot(i, "back", trim, trim.grow(grid.bleed), rotate))
        pages.append(Page(w, h, tuple(backs), marks, "back"))
    return pages


def _bleed(r: Rect, b: float, left: float | None = None, right: float | None = None) -> Rect:
    lb = b if left is None else left
    rb = b if right is None else right
    return Rect(r.x - lb, r.y - b, r.w + lb + rb, r.h + 2 * b)


def face_page(spec: SheetSpec) -> tuple[float, float]:
    """Page size of a single-face page (for print shops and PNGs): the card plus its bleed."""
    w, h = spec.card
    return w + 2 * spec.bleed, h + 2 * spec.bleed


def safe_zone(card_w: float, card_h: float, inset: float = SAFE_INSET) -> Rect:
    return Rect(inset, inset, card_w - 2 * inset, card_h - 2 * inset)
