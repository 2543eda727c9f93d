"""The one card renderer: ``draw_face(canvas, face, data)`` draws a face's elements.

It knows nothing of sheets. The caller translates the canvas so that the card's trim box starts
at the origin (bottom-left, in points); millimetres become points here and nowhere else in
the face code.

A face's fixed parts (see ``printing.core.faceplan``) are drawn once per document as a PDF form;
each card then adds only its own texts and shapes, all its texts in one PDF text object.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from printing.core import reportlab_fast
from printing.core.colours import colour
from printing.core.data import CardData
from printing.core.faceplan import Plan, plan
from printing.core.fonts import CAP, register_fonts
from printing.core.layouts import (
    Background,
    Blob,
    Box,
    Disc,
    Element,
    Face,
    Image,
    Index,
    LayoutError,
    Pattern,
    Polygon,
    Text,
)
from printing.core.shaping import draw_string, plain, runs, text_out
from printing.core.shaping import width as run_width
from printing.core.sheets import MAX_BLEED
from printing.core.textfit import LEADING, fit_text, text_width

Bleed = tuple[float, float, float, float]  # left, top, right, bottom in millimetres


def _resolve(value: str | None, data: CardData) -> HexColor | None:
    if value is None:
        return None
    if value.startswith("@"):
        return colour(data.colour_value(value[1:]))
    return colour(value)


def draw_face(canvas: Canvas, face: Face, data: CardData, bleed: Bleed = (0, 0, 0, 0)) -> None:
    regular, bold = register_fonts()
    h = face.height
    face_plan = plan(face)
    if face_plan.fixed:
        canvas.doForm(_fixed_form(canvas, face, face_plan, bleed))
    writer = _TextWriter(canvas)
    for kind, el in face_plan.steps:
        if kind == "text":
            text = el.text or data.value(el.content)
            if text:
                _draw_text(writer, el, text, data, h, regular, bold)
        elif kind == "label":
            _draw_label(writer, el, data, h, bold)
        else:
            writer.flush()  # keeps the painting order: the texts so far lie underneath
            _draw_shape(canvas, el, data, face, bleed)
    writer.flush()


def _draw_background(canvas: Canvas, el: Background, data: CardData, face: Face, bleed: Bleed):
    left, top, right, bottom = bleed
    canvas.setFillColor(_resolve(el.fill, data))
    w, h = face.width + left + right, face.height + top + bottom
    canvas.rect(-left * mm, -bottom * mm, w * mm, h * mm, stroke=0, fill=1)


def _draw_image(canvas: Canvas, el: Image, data: CardData, face: Face, bleed: Bleed) -> None:
    path = getattr(data, el.content, "")
    if path:
        y = (face.height - el.y - el.h) * mm
        canvas.drawImage(path, el.x * mm, y, el.w * mm, el.h * mm,
                         preserveAspectRatio=True, anchor="c", mask="auto")  # fmt: skip


def _draw_index(canvas: Canvas, el: Index, data: CardData, face: Face, bleed: Bleed) -> None:
    """A playing card's corner index: the rank over the suit sign, centred in its box; a
    turned index is the same turned about the box's centre (the opposite corner)."""
    _, bold = register_fonts()
    rank, suit = data.value("rank"), data.value("suit_symbol")
    canvas.saveState()
    cx, cy = (el.x + el.w / 2) * mm, (face.height - el.y - el.h / 2) * mm
    canvas.translate(cx, cy)
    if el.turned:
        canvas.rotate(180)
    canvas.setFillColor(_resolve(el.fill, data))
    top = el.h / 2 * mm
    # The rank's capitals fill the top 45 %, the suit sign the bottom 30 %: the J's descender
    # (a quarter of its height in DejaVu Sans Bold) ends in the gap between them.
    size = el.h * 0.45 * mm / CAP * (0.78 if len(rank) > 1 else 1.0)  # "10" keeps the height
    draw_string(canvas, 0, top - el.h * 0.45 * mm, rank, bold, size, "middle")
    if suit:
        draw_string(canvas, 0, -top, suit, bold, el.h * 0.3 * mm / CAP, "middle")
    canvas.restoreState()


def _draw_blob_shape(canvas: Canvas, el: Blob, data: CardData, face: Face, bleed: Bleed):
    _draw_blob(canvas, el, data, face.height)


def _draw_pattern(canvas: Canvas, el: Pattern, data: CardData, face: Face, bleed: Bleed):
    """Signs in a grid over the face and its bleed, clipped to the bleed: a sign must never
    reach past it onto a neighbour or the sheet's margin."""
    _, bold = register_fonts()
    left, top, right, bottom = bleed
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(-left * mm, -bottom * mm, (face.width + left + right) * mm,
              (face.height + top + bottom) * mm)  # fmt: skip
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setFillColor(_resolve(el.fill, data))
    # Whole steps from the face's origin, so the pattern sits the same whatever the bleed.
    first_row, first_col = -math.ceil(bottom / el.step) - 1, -math.ceil(left / el.step) - 1
    rows = math.ceil((face.height + top) / el.step) + 1
    cols = math.ceil((face.width + right) / el.step) + 1
    for row in range(first_row, rows):
        for col in range(first_col, cols):
            sign = el.signs[(row + col) % len(el.signs)]
            x, y = el.step * (col + 0.5) * mm, el.step * (row + 0.3) * mm
            draw_string(canvas, x, y, sign, bold, el.size, "middle")
    canvas.restoreState()


def _draw_disc(canvas: Canvas, el: Disc, data: CardData, face: Face, bleed: Bleed) -> None:
    fill, stroke = _resolve(el.fill, data), _resolve(el.stroke, data)
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(el.stroke_width * mm)
    r = el.r + (max(bleed) if el.bleed else 0.0)
    canvas.circle(el.cx * mm, (face.height - el.cy) * mm, r * mm,
                  stroke=int(stroke is not None), fill=int(fill is not None))  # fmt: skip


def _draw_polygon(canvas: Canvas, el: Polygon, data: CardData, face: Face, bleed: Bleed):
    path = canvas.beginPath()
    for i, (x, y) in enumerate(el.points):
        point = (x * mm, (face.height - y) * mm)
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    path.close()
    canvas.setStrokeColor(_resolve(el.stroke, data))
    canvas.setLineWidth(el.stroke_width * mm)
    canvas.drawPath(path, stroke=1, fill=0)


# One drawer per element kind: a new kind of face part is a new entry here, not a renderer.
# A kind only one kit draws (the World's board diagram, Match's symbols) is registered by that
# kit's module with ``register``, so that the renderer imports no kit.
Drawer = Callable[[Canvas, Any, CardData, Face, Bleed], None]
SHAPES: dict[type, Drawer] = {
    Background: _draw_background,
    Box: lambda canvas, el, data, face, bleed: _draw_box(canvas, el, data, face, bleed),
    Blob: _draw_blob_shape,
    Image: _draw_image,
    Index: _draw_index,
    Pattern: _draw_pattern,
    Disc: _draw_disc,
    Polygon: _draw_polygon,
}


def register(kind: type, drawer: Drawer) -> None:
    """Let the renderer draw elements of ``kind`` (a kit's own element) with ``drawer``."""
    known = SHAPES.get(kind)
    if known is not None and known is not drawer:
        raise ValueError(f"{kind.__name__} elements already have a drawer")
    SHAPES[kind] = drawer


def _draw_shape(canvas: Canvas, el: Element, data: CardData, face: Face, bleed: Bleed) -> None:
    try:
        drawer = SHAPES[type(el)]
    except KeyError:
        raise LayoutError(
            f"no drawer for {type(el).__name__} elements: is its kit loaded?"
        ) from None
    drawer(canvas, el, data, face, bleed)


def _fixed_form(canvas: Canvas, face: Face, face_plan: Plan, bleed: Bleed) -> str:
    """The face's fixed parts as a PDF form, defined once per document, face and bleed."""
    # Bleeds come from subtracting coordinates, so two cards' may differ in the last bits
    # (3.048 and 3.0480000000000003): the cache's key and the form's name are both the bleed
    # to a micrometre, so one name never stands for two keys (reportlab refuses a second form
    # of the same name).
    microns = tuple(round(b * 1000) for b in bleed)
    defined = canvas.__dict__.setdefault("_spot_face_forms", {})
    name = defined.get((face_plan.key, microns))
    if name is not None:
        return name
    name = f"face-{face_plan.key}-" + "-".join(str(b) for b in microns)
    reach = (MAX_BLEED + 10) * mm
    canvas.beginForm(name, -reach, -reach, face.width * mm + reach, face.height * mm + reach)
    regular, bold = register_fonts()
    writer = _TextWriter(canvas)
    no_data = CardData(face.name, 0, "")  # fixed parts take nothing from a card
    for kind, el in face_plan.fixed:
        if kind == "text":
            _draw_text(writer, el, el.text, no_data, face.height, regular, bold)
            continue
        writer.flush()
        if isinstance(el, Blob):  # the path itself: no form inside a form
            canvas.saveState()
            canvas.translate(el.cx * mm, (face.height - el.cy) * mm)
            _blob_path(canvas, el, colour(el.fill), colour(el.stroke) if el.stroke else None)
            canvas.restoreState()
        else:
            _draw_shape(canvas, el, no_data, face, bleed)
    writer.flush()
    canvas.endForm()
    defined[face_plan.key, microns] = name
    return name


class _TextWriter:
    """One text object for a run of texts, setting colour and font only when they change:
    a text object per line, each with its colour, cost more than the glyphs themselves."""

    __slots__ = ("canvas", "fill", "font", "obj")

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.obj: PDFTextObject | None = None
        self.fill: HexColor | None = None
        self.font: tuple[str, float] | None = None

    def line(self, x: float, y: float, text: str, font: str, size: float, fill: HexColor) -> None:
        obj = self.obj
        if obj is None:
            obj = self.obj = self.canvas.beginText()
            self.fill = self.font = None
        if fill is not self.fill:
            reportlab_fast.text_fill(obj, fill)
            self.fill = fill
        if plain(text, font):  # the common case: one font, one run, nothing to shape
            if self.font != (font, size):
                obj.setFont(font, size)
                self.font = (font, size)
            reportlab_fast.text_line(obj, x, y, text)
            return
        obj.setTextOrigin(x, y)
        # Anything else (a fallback font, right-to-left, shaping) goes along the one text path.
        state = [*(self.font or (None, None)), False]
        obj.setStrokeColor(fill)  # emboldened fallback glyphs are stroked in their fill
        text_out(obj, runs(text, font), size, state)
        if state[2]:
            obj.setTextRenderMode(0)
        self.font = (state[0], state[1])

    def flush(self) -> None:
        if self.obj is not None:
            self.canvas.drawText(self.obj)
            self.obj = None


def _draw_box(canvas: Canvas, el: Box, data: CardData, face: Face, bleed: Bleed) -> None:
    x, y, w, hh = el.x, el.y, el.w, el.h
    if el.bleed:
        left, top, right, bottom = bleed
        if x <= 0:
            x, w = x - left, w + left
        if y <= 0:
            y, hh = y - top, hh + top
        if el.x + el.w >= face.width:
            w += right
        if el.y + el.h >= face.height:
            hh += bottom
    fill, stroke = _resolve(el.fill, data), _resolve(el.stroke, data)
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(el.stroke_width * mm)
    args = (x * mm, (face.height - y - hh) * mm, w * mm, hh * mm)
    if el.radius:
        canvas.roundRect(
            *args, el.radius * mm, stroke=int(stroke is not None), fill=int(fill is not None)
        )
    else:
        canvas.rect(*args, stroke=int(stroke is not None), fill=int(fill is not None))


def _draw_text(
    writer: _TextWriter, el: Text, text: str, data: CardData, h: float, regular: str, bold: str
) -> None:
    font = bold if el.bold else regular
    size, lines = fit_text(
        text, font, bold, el.size, el.min_size, el.max_lines, el.w, el.h, data.language
    )
    lead = size * LEADING
    box_top = (h - el.y) * mm
    block = lead * len(lines)
    if el.valign == "top":
        top = box_top
    elif el.valign == "bottom":
        top = box_top - el.h * mm + block
    else:
        top = box_top - (el.h * mm - block) / 2
    left, right = el.x * mm, (el.x + el.w) * mm
    fill = _resolve(el.fill, data)
    for i, (line, is_bold) in enumerate(lines):
        baseline = top - i * lead - (lead + CAP * size) / 2
        line_font = bold if is_bold else font
        if el.align == "left":
            x = left
        else:
            width = run_width(line, line_font, size)
            x = (left + right - width) / 2 if el.align == "center" else right - width
        writer.line(x, baseline, line, line_font, size, fill)


def _draw_label(writer: _TextWriter, el: Blob, data: CardData, h: float, bold: str) -> None:
    text = data.value(el.content)
    if text:
        x = el.cx * mm - text_width(text, bold, el.size) / 2
        ink = _resolve(el.ink, data)
        writer.line(x, (h - el.cy) * mm - CAP * el.size / 2, text, bold, el.size, ink)


# A hand-drawn-looking blob: a gently wobbling ellipse, smoothed with Bézier curves.
_BLOB_SHAPE = tuple(
    1 + 0.045 * math.sin(2 * a + 0.6) + 0.03 * math.sin(3 * a + 1.3)
    for a in (2 * math.pi * i / 16 for i in range(16))
)


@lru_cache(maxsize=64)
def _blob_points(rx: float, ry: float) -> tuple[tuple[float, ...], ...]:
    """Start point and Bézier segments (Catmull–Rom through the shape's points)."""
    n = len(_BLOB_SHAPE)
    pts = [
        (math.cos(2 * math.pi * i / n) * rx * f, math.sin(2 * math.pi * i / n) * ry * f)
        for i, f in enumerate(_BLOB_SHAPE)
    ]
    segments = []
    for i in range(n):
        p_prev, p0, p1, p_next = pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        c0 = (p0[0] + (p1[0] - p_prev[0]) / 6, p0[1] + (p1[1] - p_prev[1]) / 6)
        c1 = (p1[0] - (p_next[0] - p0[0]) / 6, p1[1] - (p_next[1] - p0[1]) / 6)
        segments.append((*c0, *c1, *p1))
    return (pts[0], *segments)


def _blob_path(canvas: Canvas, el: Blob, fill: HexColor, stroke: HexColor | None) -> None:
    """The blob centred on the origin."""
    start, *segments = _blob_points(el.rx * mm, el.ry * mm)
    path = canvas.beginPath()
    path.moveTo(*start)
    for x1, y1, x2, y2, x3, y3 in segments:
        path.curveTo(x1, y1, x2, y2, x3, y3)
    path.close()
    canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(el.stroke_width * mm)
    canvas.drawPath(path, stroke=int(stroke is not None), fill=1)


def _blob_form(canvas: Canvas, el: Blob, fill: HexColor, stroke: HexColor | None) -> str:
    """A data-coloured blob as a PDF form, defined once per document, size and colours."""
    name = f"blob-{el.rx:.2f}-{el.ry:.2f}-{fill.hexval()}-{stroke.hexval() if stroke else 0}"
    defined = canvas.__dict__.setdefault("_spot_forms", set())
    if name in defined:
        return name
    pad = el.stroke_width * mm + 2 * mm  # the wobble reaches past rx/ry a little
    rx, ry = el.rx * mm, el.ry * mm
    canvas.beginForm(name, -rx - pad, -ry - pad, rx + pad, ry + pad)
    _blob_path(canvas, el, fill, stroke)
    canvas.endForm()
    defined.add(name)
    return name


def _draw_blob(canvas: Canvas, el: Blob, data: CardData, h: float) -> None:
    """The blob's shape; its number is a label step of its own."""
    name = _blob_form(canvas, el, _resolve(el.fill, data), _resolve(el.stroke, data))
    canvas.saveState()
    canvas.translate(el.cx * mm, (h - el.cy) * mm)
    canvas.doForm(name)
    canvas.restoreState()
