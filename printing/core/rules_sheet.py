"""The one rules-sheet renderer. Each kit's ``rules`` module holds its game's rules as data,
(title, [(heading, body), …]) per language; a sheet that does not fit one page goes on to the
next.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.core import pagedraw
from printing.core.document import Document
from printing.core.fonts import register_fonts
from printing.core.sheets import MIN_MARGIN
from printing.core.textfit import LEADING, fit_text

TITLE, HEADING, BODY = 16.0, 11.0, 9.5  # points
MARGIN = MIN_MARGIN + 10  # mm
HEADING_GAP = 1.2  # mm above a heading


def _lines(text: str, size: float, bold: bool, width: float) -> list[str]:
    regular, bold_font = register_fonts()
    font = bold_font if bold else regular
    _used, lines = fit_text(text, font, bold_font, size, size, 1000, width, 100_000)
    return [line for line, _ in lines]


def add_rules(doc: Document, rules: tuple[str, list[tuple[str, str]]], paper: str) -> None:
    """The rules sheet of ``rules`` (a kit's title and sections, each a heading and its body):
    title, then each section's heading and body, on as many pages as it takes (a heading never
    stands alone at the foot of a page)."""
    title, sections = rules
    w, h = pagedraw.portrait(paper)
    width = w - 2 * MARGIN
    blocks = [
        (_lines(heading, HEADING, True, width), _lines(body, BODY, False, width))
        for heading, body in sections
    ]
    step = {HEADING: HEADING * LEADING / mm, BODY: BODY * LEADING / mm}
    pages: list[list[tuple[str, float, bool, float]]] = [[]]  # (text, size, bold, baseline y)
    y = h - MARGIN - 8
    pages[0].append((title, TITLE, True, h - MARGIN))
    for heads, body in blocks:
        need = HEADING_GAP + len(heads) * step[HEADING] + min(2, len(body)) * step[BODY]
        if y - need < MARGIN:
            pages.append([])
            y = h - MARGIN
        y -= HEADING_GAP
        for line in heads:
            y -= step[HEADING]
            pages[-1].append((line, HEADING, True, y))
        for line in body:
            if y - step[BODY] < MARGIN:
                pages.append([])
                y = h - MARGIN
            y -= step[BODY]
            pages[-1].append((line, BODY, False, y))
        y -= BODY * 0.4 / mm

    for lines in pages:

        def draw(c: Canvas, _pw: float, _ph: float, lines=lines) -> None:
            for text, size, bold, baseline in lines:
                pagedraw.text(c, MARGIN, baseline, text, size, bold=bold)

        doc.add_page(w, h, draw)
