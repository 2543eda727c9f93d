"""A one-page PDF of a lesson's report: its title, a few lines of figures, the map drawn as
vectors by the print studio's map renderer, and the main table beside it (as many rows as the
page holds; the spreadsheets have them all). Plain data in: the caller passes texts, rows and a
``geo.mapdraw.MapDrawing``, so nothing here knows games or classes."""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from geo.mapdraw import MapDrawing
from printing.core.colours import colour
from printing.core.fonts import register_fonts
from printing.core.mapdraw_pdf import draw_map
from printing.core.shaping import draw_string

PAGE_W, PAGE_H = 297.0, 210.0
MARGIN = 12.0
MAP_RIGHT = 150.0  # the map's box ends here; the table starts 8 mm further
ROW_MM = 5.0
TABLE_SIZE = 8.0
INK = "#1a1a1a"


def report_pdf(
    title: str,
    lines: Sequence[str],
    table: Sequence[Sequence[object]],
    drawing: MapDrawing | None,
    more_rows: str = "… {n}",
) -> bytes:
    """A4 landscape, one page. ``table``: a header row, then rows; rows beyond the page are left
    out with ``more_rows`` (``{n}``: how many) in their place."""
    regular, bold = register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=landscape(A4), invariant=1)
    canvas.setTitle(title)
    canvas.setFillColor(colour(INK))
    y = PAGE_H - MARGIN - 6
    draw_string(canvas, MARGIN * mm, y * mm, title, bold, 16)
    for line in lines:
        y -= 6
        draw_string(canvas, MARGIN * mm, y * mm, line, regular, 10)
    top = y - 6
    table_left = MAP_RIGHT + 8 if drawing is not None else MARGIN
    if drawing is not None:
        _place_map(canvas, drawing, MARGIN, MARGIN, MAP_RIGHT - MARGIN, top - MARGIN)
    _table(canvas, table, table_left, top, PAGE_W - MARGIN - table_left, regular, bold, more_rows)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _place_map(canvas: Canvas, drawing: MapDrawing, x: float, y: float, w: float, h: float):
    """The drawing scaled to fit the box (x, y bottom-left, in mm), at the box's top."""
    scale = min(w / drawing.width, h / drawing.height)
    canvas.saveState()
    canvas.translate(x * mm, (y + h - drawing.height * scale) * mm)
    canvas.scale(scale, scale)
    draw_map(canvas, drawing)
    canvas.restoreState()


def _fit(text: str, font: str, size: float, width_pt: float) -> str:
    """The text, cut with "…" to the column's width."""
    if stringWidth(text, font, size) <= width_pt:
        return text
    while text and stringWidth(text + "…", font, size) > width_pt:
        text = text[:-1]
    return text + "…"


def _table(canvas, table, x, top, width, regular, bold, more_rows) -> None:
    if not table:
        return
    header, rows = [str(c) for c in table[0]], [[_text(c) for c in r] for r in table[1:]]
    # Columns as wide as their longest cell wants, shrunk together to the room there is.
    wants = [
        max(
            stringWidth(name, bold, TABLE_SIZE),
            *(stringWidth(cell, regular, TABLE_SIZE) for cell in column),
        )
        + 6
        for name, *column in zip(header, *rows, strict=False)
    ]
    factor = min(1.0, width * mm / sum(wants))
    widths = [w * factor for w in wants]
    fits = int((top - MARGIN) // ROW_MM) - 1
    shown = rows if len(rows) <= fits else rows[: fits - 1]
    y = top
    for number, row in enumerate([header, *shown]):
        font = bold if number == 0 else regular
        left = x * mm
        for cell, column in zip(row, widths, strict=False):
            draw_string(canvas, left, y * mm, _fit(cell, font, TABLE_SIZE, column - 4), font, 8)
            left += column
        canvas.setStrokeColor(colour("#c8ccd4"))
        canvas.setLineWidth(0.3)
        canvas.line(x * mm, (y - 1.6) * mm, (x + width) * mm, (y - 1.6) * mm)
        y -= ROW_MM
    if len(shown) < len(rows):
        draw_string(canvas, x * mm, y * mm, more_rows.format(n=len(rows) - len(shown)), regular, 8)


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)
