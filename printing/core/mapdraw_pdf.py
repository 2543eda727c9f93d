"""Draws a ``geo.mapdraw.MapDrawing`` onto a reportlab canvas as vectors.

A drawing is put into a PDF form (XObject) once per document and placed by reference, so a
poster tiled over many pages, or a board shown on many cards, stores its paths only once.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from geo.mapdraw import Circle, Line, MapDrawing, Polygon, Text
from printing.core.colours import colour
from printing.core.fonts import CAP, register_fonts
from printing.core.shaping import draw_string

PT_PER_MM = mm


def draw_map(canvas: Canvas, drawing: MapDrawing) -> None:
    """Draw ``drawing`` with its top-left at the canvas origin's (0, height) — i.e. in a box
    from (0, 0) to (width, height) millimetres, y up as reportlab wants it."""
    regular, bold = register_fonts()
    h = drawing.height

    def pt(x: float, y: float) -> tuple[float, float]:
        return x * mm, (h - y) * mm

    if drawing.background:
        canvas.setFillColor(colour(drawing.background))
        canvas.rect(0, 0, drawing.width * mm, h * mm, stroke=0, fill=1)
    for item in drawing.items:
        if isinstance(item, Polygon):
            path = canvas.beginPath()
            for ring in item.rings:
                if not ring:
                    continue
                path.moveTo(*pt(*ring[0]))
                for p in ring[1:]:
                    path.lineTo(*pt(*p))
                path.close()
            canvas.saveState()
            if item.opacity < 1:
                canvas.setFillAlpha(item.opacity)
                canvas.setStrokeAlpha(item.opacity)
            if item.fill:
                canvas.setFillColor(colour(item.fill))
            if item.stroke:
                canvas.setStrokeColor(colour(item.stroke))
                canvas.setLineWidth(item.stroke_width * mm)
            canvas.drawPath(
                path, stroke=int(bool(item.stroke)), fill=int(bool(item.fill)), fillMode=0
            )  # even-odd, so holes stay holes
            canvas.restoreState()
        elif isinstance(item, Line):
            if len(item.points) < 2:
                continue
            canvas.saveState()
            if item.opacity < 1:
                canvas.setStrokeAlpha(item.opacity)
            canvas.setStrokeColor(colour(item.stroke))
            canvas.setLineWidth(item.width * mm)
            if item.dash:
                canvas.setDash([d * mm for d in item.dash])
            path = canvas.beginPath()
            path.moveTo(*pt(*item.points[0]))
            for p in item.points[1:]:
                path.lineTo(*pt(*p))
            canvas.drawPath(path, stroke=1, fill=0)
            canvas.restoreState()
        elif isinstance(item, Circle):
            x, y = pt(item.x, item.y)
            if item.fill:
                canvas.setFillColor(colour(item.fill))
            if item.stroke:
                canvas.setStrokeColor(colour(item.stroke))
                canvas.setLineWidth(item.stroke_width * mm)
            canvas.circle(
                x, y, item.r * mm, stroke=int(bool(item.stroke)), fill=int(bool(item.fill))
            )
        elif isinstance(item, Text):
            _draw_label(canvas, item, pt, bold if item.weight == "bold" else regular)


def _draw_label(canvas: Canvas, item: Text, pt, font: str) -> None:
    x, y = pt(item.x, item.y)
    # The drawing's size is a cap height in millimetres; the font size is in points.
    size = item.size * mm / CAP
    if item.halo:
        canvas.saveState()
        canvas.setStrokeColor(colour(item.halo))
        canvas.setLineWidth(size * 0.18)
        canvas.setLineJoin(1)
        draw_string(canvas, x, y, item.text, font, size, item.anchor, mode=1)
        canvas.restoreState()
    canvas.setFillColor(colour(item.fill))
    draw_string(canvas, x, y, item.text, font, size, item.anchor)


def map_form(canvas: Canvas, drawing: MapDrawing, name: str) -> str:
    """Define ``drawing`` once as a form named ``name`` in this document; returns the name."""
    defined = canvas.__dict__.setdefault("_spot_forms", set())
    if name not in defined:
        canvas.beginForm(name, 0, 0, drawing.width * mm, drawing.height * mm)
        draw_map(canvas, drawing)
        canvas.endForm()
        defined.add(name)
    return name
