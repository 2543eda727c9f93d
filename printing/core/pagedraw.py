"""Drawing on whole pages (rules sheets, maps, boards, kit parts): paper sizes, text at a point,
wrapped paragraphs and measured labels, all along the one text path (``printing.core.shaping``).
Positions are millimetres from the page's bottom-left."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.core.colours import colour, legible
from printing.core.fonts import CAP, register_fonts
from printing.core.shaping import draw_string
from printing.core.shaping import width as run_width
from printing.core.sheets import PAPERS
from printing.core.textfit import LEADING, fit_text


def landscape(paper: str) -> tuple[float, float]:
    w, h = PAPERS.get(paper, PAPERS["a4"])
    return max(w, h), min(w, h)


def portrait(paper: str) -> tuple[float, float]:
    w, h = PAPERS.get(paper, PAPERS["a4"])
    return min(w, h), max(w, h)


def text(
    c: Canvas,
    x: float,
    y: float,
    words: str,
    size: float = 10,
    bold: bool = False,
    anchor: str = "start",
    fill: str = "#000000",
    ground: str | None = "#ffffff",
) -> None:
    """Text at (x, y) mm with y measured from the bottom of the page. On ``ground`` (white
    paper unless said otherwise) the colour is made legible (4.5:1) if it is not."""
    regular, bold_font = register_fonts()
    c.setFillColor(colour(legible(fill, ground) if ground else fill))
    draw_string(c, x * mm, y * mm, words, bold_font if bold else regular, size, anchor)


def measure(text: str, size_mm: float, bold: bool) -> float:
    """A map label's width in millimetres with the fonts the PDF draws it in."""
    regular, bold_font = register_fonts()
    return run_width(text, bold_font if bold else regular, size_mm * mm / CAP) / mm


def paragraph(
    c: Canvas, x: float, top: float, width: float, text: str, size: float = 10, bold: bool = False
) -> float:
    """A wrapped paragraph from ``top`` (mm from the page bottom); returns the next line's top."""
    regular, bold_font = register_fonts()
    font = bold_font if bold else regular
    used, lines = fit_text(text, font, bold_font, size, size, 100, width, 1000)
    c.setFillColor(colour("#000000"))
    y = top
    for line, is_bold in lines:
        y -= used * LEADING / mm
        draw_string(c, x * mm, y * mm, line, bold_font if is_bold else font, used)
    return y - used * 0.4 / mm


def heading(
    c: Canvas, x: float, y: float, width: float, words: str, size: float = 12, fill: str = "#000000"
) -> None:
    """A bold line at (x, y) mm, shrunk to ``width`` mm when it would run past it."""
    _, bold_font = register_fonts()
    natural = run_width(words, bold_font, size) / mm
    if natural > width:
        size *= width / natural
    text(c, x, y, words, size, bold=True, fill=fill)


# Pieces to cut and fold: the cut is a solid dark outline, a fold a lighter dashed line, so
# that no one cuts a pawn apart at its folds.
CUT_INK, CUT_WIDTH = "#444444", 0.4
FOLD_INK, FOLD_WIDTH, FOLD_DASH = "#808080", 0.3, (2.0, 1.5)


def fold_strip(c: Canvas, x: float, y: float, width: float, panels) -> float:
    """Panels (height in mm, fill) stacked upwards from (x, y), ``width`` wide: filled, cut
    along the outline, folded between panels. Returns the strip's top."""
    top = y
    for height, fill in panels:
        c.setFillColor(colour(fill))
        c.rect(x * mm, top * mm, width * mm, height * mm, stroke=0, fill=1)
        top += height
    c.saveState()
    c.setStrokeColor(colour(FOLD_INK))
    c.setLineWidth(FOLD_WIDTH)
    c.setDash(*FOLD_DASH)
    fold = y
    for height, _fill in panels[:-1]:
        fold += height
        c.line(x * mm, fold * mm, (x + width) * mm, fold * mm)
    c.restoreState()
    c.setStrokeColor(colour(CUT_INK))
    c.setLineWidth(CUT_WIDTH)
    c.rect(x * mm, y * mm, width * mm, (top - y) * mm, stroke=1, fill=0)
    return top
