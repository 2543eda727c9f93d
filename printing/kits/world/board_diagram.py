"""The small board diagram on a world card's solution side: the card's board, its 6 × 6 grid,
the solutions' rectangles shaded. One element kind (``Map``) of the face renderer."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.core import render
from printing.core.colours import colour
from printing.core.data import CardData
from printing.core.layouts import Face, Map
from printing.core.mapdraw_pdf import map_form
from printing.core.render import Bleed


def solution_cells(code: str) -> tuple[int, int] | None:
    """(column 0–5, row 0–5) of a solution's small rectangle on its board, or None."""
    parts = code.split("-")
    if len(parts) != 4:
        return None
    _, col, row, letter = parts
    cols, rows = "WMO", "NMS"
    if col not in cols or row not in rows or letter not in "ABCD":
        return None
    ix = cols.index(col) * 2 + (letter in "BD")
    iy = rows.index(row) * 2 + (letter in "CD")
    return ix, iy


def draw_board_diagram(
    canvas: Canvas, x: float, y: float, w: float, h: float, data: CardData
) -> None:
    """The card's board (land and sea) with its 3×3 fields of 2×2 rectangles, the solution
    rectangles filled in the board colour.

    ``x, y`` is the bottom-left corner in millimetres from the card's bottom-left; the board
    keeps its own aspect ratio inside that box.
    """
    mini = _mini_board(data.board)
    aspect = mini[4] / mini[3] if mini else h / w
    dw, dh = (w, w * aspect) if w * aspect <= h else (h / aspect, h)
    x0, y0 = (x + (w - dw) / 2) * mm, (y + (h - dh) / 2) * mm
    pw, ph = dw * mm, dh * mm
    accent = colour(data.board_colour)
    canvas.setFillColor(colour("#ffffff"))
    canvas.rect(x0, y0, pw, ph, stroke=0, fill=1)
    if mini:
        drawing, fx, fy, fw, _fh = mini
        name = map_form(canvas, drawing, f"mini-board-{data.board}")
        scale = pw / (fw * mm)
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(x0, y0, pw, ph)
        canvas.clipPath(clip, stroke=0, fill=0)
        # Put the board frame's top-left (fx, fy in the drawing, y down) at the box's top-left.
        canvas.translate(x0 - fx * mm * scale, y0 + ph - (drawing.height - fy) * mm * scale)
        canvas.scale(scale, scale)
        canvas.doForm(name)
        canvas.restoreState()
    canvas.saveState()
    canvas.setFillColor(accent)
    canvas.setFillAlpha(0.7)  # the land under the solution stays recognisable
    for code in data.solutions:
        cell = solution_cells(code)
        if cell is None:
            continue
        ix, iy = cell
        canvas.rect(x0 + ix * pw / 6, y0 + ph - (iy + 1) * ph / 6, pw / 6, ph / 6, stroke=0, fill=1)
    canvas.restoreState()
    canvas.setStrokeColor(colour("#000000"))
    canvas.setLineWidth(0.3)
    for i in (1, 3, 5):
        canvas.line(x0 + i * pw / 6, y0, x0 + i * pw / 6, y0 + ph)
        canvas.line(x0, y0 + i * ph / 6, x0 + pw, y0 + i * ph / 6)
    canvas.setLineWidth(1.0)
    canvas.setStrokeColor(accent)
    for i in (2, 4):
        canvas.line(x0 + i * pw / 6, y0, x0 + i * pw / 6, y0 + ph)
        canvas.line(x0, y0 + i * ph / 6, x0 + pw, y0 + i * ph / 6)
    canvas.setLineWidth(1.2)
    canvas.rect(x0, y0, pw, ph, stroke=1, fill=0)


@lru_cache(maxsize=8)
def _mini_board(code: str):
    """(land-and-sea drawing, frame x, y, width, height in mm) of a board, or None."""
    try:
        from geo.board_maps import board_map
        from geo.mapdraw import MapDrawing, Polygon
    except ImportError:  # the geo maps are optional for printing cards
        return None
    try:
        full = board_map(code, width_mm=120)
    except ValueError:
        return None
    polygons = [item for item in full.items if isinstance(item, Polygon) and item.fill]
    if not polygons:
        return None
    frame = polygons[0].rings[0]  # the sea rectangle comes first
    fx, fy = frame[0]
    fx, fy = float(fx), float(fy)
    fw, fh = float(frame[2][0] - fx), float(frame[2][1] - fy)
    # Land only: thin outlines would turn to mush at card size.
    land = tuple(Polygon(p.rings, fill=p.fill, opacity=p.opacity) for p in polygons)
    return MapDrawing(full.width, full.height, land), fx, fy, fw, fh


def _draw_map(canvas: Canvas, el: Map, data: CardData, face: Face, bleed: Bleed) -> None:
    draw_board_diagram(canvas, el.x, face.height - el.y - el.h, el.w, el.h, data)


render.register(Map, _draw_map)
