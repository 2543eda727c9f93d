"""Drawing on whole pages (rules sheets, maps, boards, kit parts): paper sizes, text at a point,
wrapped paragraphs and measured labels, all along the one text path (``printing.shaping``).
Positions are millimetres from the page's bottom-left."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.colours import colour, legible
from printing.fonts import CAP, register_fonts
from printing.shaping import draw_string
from printing.shaping import width as run_width
from printing.sheets import PAPERS
from printing.textfit import LEADING, fit_text


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
