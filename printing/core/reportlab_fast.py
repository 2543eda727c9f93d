"""Every use of reportlab's private attributes, and its one patch, in one module.

reportlab has no public way to do a few things the print studio needs (a line width inside a
text object, the canvas's current colours, real dates beside invariant file IDs), and its
public text path costs more than the glyphs it writes for a deck of thousands of cards. The
functions here do both, each with a comment saying why. The speed shortcuts (``FAST``) were
written against reportlab 5 (``pyproject.toml`` pins it); under any other major version, or
inside ``plain()``, they take reportlab's public path instead, which writes the same text and
draws the same pages (``tests/printing/test_reportlab_fast.py`` compares the two).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from functools import lru_cache

import reportlab
from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import TimeStamp
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

WRITTEN_FOR = 5  # the major version whose private attributes the shortcuts below read
FAST = int(reportlab.Version.split(".")[0]) == WRITTEN_FOR

_plain_pdf_name = pdfdoc.PDFName
# reportlab escapes each name of each dictionary it writes character by character, every time
# (some 12,000 names for a 2,687-card deck, of a few dozen distinct ones): a pure function,
# so cached. The one patch of reportlab, applied when this module is imported.
_cached_pdf_name = functools.lru_cache(maxsize=1024)(_plain_pdf_name)
if FAST:
    pdfdoc.PDFName = _cached_pdf_name


@contextlib.contextmanager
def plain() -> Iterator[None]:
    """reportlab's public path for everything drawn inside: the comparison in the tests, and
    the way to rule the shortcuts out when a print looks wrong."""
    global FAST
    was = FAST
    FAST = False
    pdfdoc.PDFName = _plain_pdf_name
    try:
        yield
    finally:
        FAST = was
        if was:
            pdfdoc.PDFName = _cached_pdf_name


# --- needed: no public way --------------------------------------------------------------------


def real_date(canvas: Canvas) -> None:
    """Invariant output (stable file IDs, so an unchanged deck prints the same bytes) but the
    real date in the document information: ``invariant=1`` fixes both, and only the
    document's private time stamp tells them apart."""
    canvas._doc._timeStamp = TimeStamp(invariant=False)


def page_size(canvas: Canvas) -> tuple[float, float]:
    """The current page's size in points (set by ``setPageSize``; there is no getter)."""
    return tuple(canvas._pagesize)


def fill_colour(canvas: Canvas) -> Color:
    """The canvas's current fill colour (no getter): emboldened fallback glyphs are stroked in
    the colour they are filled with."""
    return canvas._fillColorObj


def text_line_width(obj: PDFTextObject, width: float) -> None:
    """The line width inside a text object (``PDFTextObject`` has no ``setLineWidth``): the
    stroke that emboldens a fallback font's glyphs."""
    obj._code.append(f"{fp_str(width)} w")


# --- speed: the same operators as reportlab's public path, written at once ---------------------


@lru_cache(maxsize=256)
def _fill_op(fill: Color) -> str:
    return f"{fp_str(fill.red, fill.green, fill.blue)} rg"


def text_fill(obj: PDFTextObject, fill: Color) -> None:
    """``obj.setFillColor(fill)`` for an opaque RGB colour: reportlab's setter also checks
    alpha and colour spaces each time, some 30,000 times in a large deck."""
    if not FAST:
        obj.setFillColor(fill)
        return
    obj._code.append(_fill_op(fill))
    obj._fillColorObj = fill  # what the setter records, for the text object's later use


_font = lru_cache(maxsize=64)(pdfmetrics.getFont)


def text_line(obj: PDFTextObject, x: float, y: float, text: str) -> None:
    """``obj.setTextOrigin(x, y)`` and ``obj.textLine(text)`` for a line in one TrueType
    font, writing the same operators: reportlab's own path looks up the font by name, saves
    and restores its state and joins a list for every line, which cost more than the line
    itself (a 2,687-card deck has some 31,000)."""
    canvas = obj._canvas
    if not FAST or not canvas.bottomup:  # a top-down canvas is never ours
        obj.setTextOrigin(x, y)
        obj.textLine(text)
        return
    # The cursor where setTextOrigin and textLine would leave it.
    obj._x0 = obj._x = x
    obj._y0 = obj._y = y - obj._leading
    font = _font(obj._fontname)
    # The text object joins its code with spaces: one string per line writes the same bytes.
    ops = [f"1 0 0 1 {fp_str(x, y)} Tm"]
    for subset, chunk in font.splitString(text, canvas._doc):
        if subset != obj._curSubset:  # after each change of font (or of its subset)
            ops.append(_select_font(canvas, font, subset, obj._fontsize, obj._leading))
            obj._curSubset = subset
        ops.append(f"({escapePDF(chunk)}) Tj")
    ops.append("T*")
    obj._code.append(" ".join(ops))


def _select_font(canvas: Canvas, font, subset: int, size: float, leading: float) -> str:
    """The operators that select a font's subset at a size, as reportlab writes them: a few
    dozen distinct ones per document, needed after every change of font (some 19,000 times
    in a 2,687-card deck). Kept on the canvas, so they live as long as its document."""
    known = canvas.__dict__.setdefault("_spot_font_ops", {})
    key = (font.fontName, subset, size, leading)
    ops = known.get(key)
    if ops is None:
        name = font.getSubsetInternalName(subset, canvas._doc)
        ops = known[key] = f"{name} {fp_str(size)} Tf {fp_str(leading)} TL"
    return ops
