"""The grid editions' score pad: two score sheets per page, titled with the edition."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.core import pagedraw
from printing.core.colours import colour
from printing.core.document import Document
from printing.core.i18n import in_language
from printing.core.sheets import MIN_MARGIN

SCORE_TITLE = _("Spot On: Germany – score")
SCORE_TITLE_OF = _("Spot On: {name} – score")  # a grid edition's: "Spot On: Österreich – …"
PLAYER, ROUND, TOTAL = _("Player"), _("Round {n}"), _("Total")
SCORE_NOTE = _("2–3 players: 6 rounds, 4 players: 8 rounds. Row 1: 3, row 2: 2, row 3: 1 point.")


def add_score_pad(doc: Document, language: str, paper: str, grid_name: str = "") -> None:
    """Two score sheets per page, one above the other, with a line to cut between them;
    titled with Germany's edition or the grid edition ``grid_name``."""
    de = language == "de"
    w, h = pagedraw.portrait(paper)
    lang = "de" if de else "en"
    title = in_language(lang, SCORE_TITLE_OF if grid_name else SCORE_TITLE)
    title = title.format(name=grid_name) if grid_name else title

    def draw(c: Canvas, pw: float, ph: float) -> None:
        half = ph / 2
        _score_sheet(c, pw, ph - MIN_MARGIN - 6, half - 2 * MIN_MARGIN - 8, de, title)
        _score_sheet(c, pw, half - MIN_MARGIN - 2, half - 2 * MIN_MARGIN - 8, de, title)
        c.setStrokeColor(colour("#888888"))
        c.setLineWidth(0.4)
        c.setDash(3, 2)
        c.line(MIN_MARGIN * mm, half * mm, (pw - MIN_MARGIN) * mm, half * mm)
        c.setDash()

    doc.add_page(w, h, draw)


def _score_sheet(c: Canvas, pw: float, top: float, height: float, de: bool, title: str) -> None:
    """One score sheet from ``top`` (mm from the page bottom), ``height`` tall."""
    m = MIN_MARGIN + 10
    language = "de" if de else "en"
    pagedraw.text(c, m, top - 6, title, 14, bold=True)
    cols, rows = 5, 10  # 8 rounds at most (4 players), total, and a name row
    col_w = (pw - 2 * m) / cols
    row_h = (height - 20) / rows
    table_top = top - 10
    c.setStrokeColor(colour("#000000"))
    c.setLineWidth(0.6)
    for r in range(rows + 1):
        y = table_top - r * row_h
        c.line(m * mm, y * mm, (pw - m) * mm, y * mm)
    for k in range(cols + 1):
        x = m + k * col_w
        c.line(x * mm, table_top * mm, x * mm, (table_top - rows * row_h) * mm)
    labels = (
        [in_language(language, PLAYER)]
        + [in_language(language, ROUND).format(n=i) for i in range(1, 9)]
        + [in_language(language, TOTAL)]
    )
    for r, label in enumerate(labels):
        y = table_top - r * row_h - row_h / 2 - 1.3
        pagedraw.text(c, m + 2, y, label, 9, bold=r in (0, rows - 1))
    note = in_language(language, SCORE_NOTE)
    pagedraw.text(c, m, table_top - rows * row_h - 5, note, 8)
