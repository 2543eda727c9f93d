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


def _edges(grid: Grid) -> tuple[list[float], list[float]]:
    px, py = grid.pitch
    ox, oy = grid.origin
    xs = sorted({ox + c * px + e for c in range(grid.cols) for e in (0.0, grid.cell_w)})
    ys = sorted({oy + r * py + e for r in range(grid.rows) for e in (0.0, grid.cell_h)})
    return xs, ys


def _outer_marks(
    grid: Grid, positions: list[float], near: float, far: float, vertical: bool, margin: float
) -> list[Mark]:
    """Marks continuing trim edges outward from one side of the block.

    ``near``/``far`` are the block's trim edges on that axis (top and bottom, or left and
    right); the room beyond the bleed decides where the marks go: in the margin when there is
    room for a full mark, else in the bleed itself (cut away with it), else as short marks
    reaching into the printer's margin.
    """
    size = grid.page_h if vertical else grid.page_w
    b = grid.bleed
    room = near - b  # from the paper edge to the block's bleed edge (same on both sides)
    beyond_margin = room - margin - MARK_GAP
    marks: list[Mark] = []
    on_art = False
    if beyond_margin >= MARK_MIN_LENGTH:
        length = min(MARK_MAX_LENGTH, beyond_margin)
        spans = [(near - b - MARK_GAP - length, near - b - MARK_GAP)]
        spans.append((far + b + MARK_GAP, far + b + MARK_GAP + length))
    elif b >= BLEED_MARK_MIN:
        # Short marks inside the bleed, stopping short of the trim: the cut removes them.
        spans = [(near - b, near - BLEED_MARK_CLEAR), (far + BLEED_MARK_CLEAR, far + b)]
        on_art = True
    else:
        length = min(MARK_MAX_LENGTH, room - MARK_GAP - PAPER_EDGE)
        if length < 1.0:
            return []
        spans = [(near - b - MARK_GAP - length, near - b - MARK_GAP)]
        spans.append((far + b + MARK_GAP, far + b + MARK_GAP + length))
    for p in positions:
        for a, z in spans:
            marks.append(
                Mark(p, a, p, z, on_art=on_art) if vertical else Mark(a, p, z, p, on_art=on_art)
            )
    assert all(0 < v < size for m in marks for v in ((m.y1, m.y2) if vertical else (m.x1, m.x2)))
    return marks


def _crop_marks(grid: Grid, margin: float = MIN_MARGIN) -> list[Mark]:
    """Crop marks continuing every trim edge of the block outward, on all four sides."""
    if grid.cols == 0 or grid.rows == 0:
        return []
    px, py = grid.pitch
    ox, oy = grid.origin
    xs, ys = _edges(grid)
    top, bottom = oy, oy + (grid.rows - 1) * py + grid.cell_h
    left, right = ox, ox + (grid.cols - 1) * px + grid.cell_w
    return _outer_marks(grid, xs, top, bottom, True, margin) + _outer_marks(
        grid, ys, left, right, False, margin
    )


def _fold_marks(grid: Grid, margin: float = MIN_MARGIN) -> list[Mark]:
    px, py = grid.pitch
    ox, oy = grid.origin
    top, bottom = oy, oy + (grid.rows - 1) * py + grid.cell_h
    xs = [ox + c * px + grid.cell_w / 2 for c in range(grid.cols)]
    return [
        Mark(m.x1, m.y1, m.x2, m.y2, "fold")
        for m in _outer_marks(grid, xs, top, bottom, True, margin)
    ]


NOTE_HEIGHT = 3.5  # mm: a scale bar and one line of small text
NOTE_MIN_ROOM = 4.5


def _note(grid: Grid, fold: bool) -> Rect | None:
    """Room for the scale note below the block, under the first card (marks sit only at the
    cards' edges, so the span between them is free)."""
    _, py = grid.pitch
    below = grid.origin[1] + (grid.rows - 1) * py + grid.cell_h + grid.bleed
    room = grid.page_h - below
    if room < NOTE_MIN_ROOM:
        return None
    y = max(PAPER_EDGE, below + (room - NOTE_HEIGHT) / 2)
    y = min(y, grid.page_h - PAPER_EDGE - NOTE_HEIGHT)
    card_w = grid.cell_w / 2 if fold else grid.cell_w  # a fold mark halves a folding cell
    return Rect(grid.origin[0] + 1.0, y, card_w - 2.0, NOTE_HEIGHT)


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
    marks = tuple(_crop_marks(grid, spec.margin) if spec.crop_marks else ())
    note = _note(grid, spec.layout == "fold")
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
            fold = tuple(_fold_marks(grid, spec.margin)) if spec.crop_marks else ()
            pages.append(Page(w, h, tuple(slots), marks + fold, "front", note))
            continue
        fronts = tuple(
            Slot(i, "front", c, c.grow(grid.bleed)) for i, c in zip(chunk, cells, strict=True)
        )
        pages.append(Page(w, h, fronts, marks, "front", note))
        if not spec.duplex or not any(cards[i] for i in chunk):
            continue
        axis = mirror_axis(spec, w, h)
        rotate = 180 if axis == "y" else 0
        backs = []
        for i, c in zip(chunk, cells, strict=True):
            if cards[i]:
                trim = flip_rect(c, axis, w, h)
                backs.append(Slot(i, "back", trim, trim.grow(grid.bleed), rotate))
        pages.append(Page(w, h, tuple(backs), marks, "back", note))
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
