"""Imposition: a list of cards onto pages of slots of a sheet format (``printing.core.sheets``),
with the backs mirrored for duplex printing, crop and fold marks, and room for the scale note.

Coordinates: millimetres from the paper's top-left corner, y pointing down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from printing.core.sheets import (
    BLEED_MARK_CLEAR,
    BLEED_MARK_MIN,
    MARK_GAP,
    MARK_MAX_LENGTH,
    MARK_MIN_LENGTH,
    MIN_MARGIN,
    PAPER_EDGE,
    Grid,
    Mark,
    Page,
    Rect,
    SheetSpec,
    Slot,
    plan_grid,
)


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
