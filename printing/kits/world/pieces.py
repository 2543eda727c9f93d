"""The World's pieces to cut out (and fold): per player colour four guess stones, two exchange
tokens and a pawn, and the place pointer the player whose turn it is sets on a card."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.core import pagedraw
from printing.core.colours import colour, ink_for, legible
from printing.core.document import Document
from printing.core.i18n import in_language
from printing.kits.world.extras import GUESS_COLOURS

STONE, TOKEN = 16.0, 20.0  # diameters in mm
PAWN_W, PAWN_PANELS = 22.0, (7.0, 16.0, 26.0, 26.0)  # tab, base, back, front from the bottom
TEXTS = {
    "stones": _("Guess stones (4 per player) and exchange tokens (2 per player): cut out"),
    "pawns": _("Pawns: cut along the solid outline, fold on the dashed lines, glue the tab"),
    "pointer": _("Place pointer: cut out, fold the foot back, stand it by the card in play"),
    "exchange": _("exchange"),
    "place": _("this place"),
}


def add_pieces(doc: Document, language: str, paper: str) -> None:
    w, h = pagedraw.portrait(paper)
    text = {key: in_language(language, label) for key, label in TEXTS.items()}
    doc.add_page(w, h, lambda c, pw, ph: _stones_and_tokens(c, pw, ph, text))
    doc.add_page(w, h, lambda c, pw, ph: _pawns_and_pointer(c, pw, ph, text))


def _disc(c: Canvas, x: float, y: float, d: float, fill: str, label: str, size: float) -> None:
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour("#444444"))
    c.setLineWidth(0.4)
    c.circle(x * mm, y * mm, d / 2 * mm, stroke=1, fill=1)
    pagedraw.text(c, x, y - size * 0.13, label, size, bold=True, anchor="middle",
                  fill=ink_for(fill), ground=fill)  # fmt: skip


def _stones_and_tokens(c: Canvas, w: float, h: float, text: dict[str, str]) -> None:
    m = 18
    pagedraw.heading(c, m, h - m, w - 2 * m, text["stones"], 11)
    row_h = (h - 2 * m - 14) / len(GUESS_COLOURS)
    for row, fill in enumerate(GUESS_COLOURS):
        y = h - m - 14 - (row + 0.5) * row_h
        for k in range(4):
            _disc(c, m + 10 + k * (STONE + 6), y, STONE, fill, str(k + 1), 12)
        for k in range(2):
            x = m + 10 + 4 * (STONE + 6) + 10 + k * (TOKEN + 6) + (TOKEN - STONE) / 2
            _disc(c, x, y, TOKEN, fill, "⇄", 16)
            pagedraw.text(c, x, y - TOKEN / 2 - 3.5, text["exchange"], 6.5, anchor="middle",
                          fill=legible(fill))  # fmt: skip


def draw_pawn(c: Canvas, x: float, y: float, fill: str, number: int) -> None:
    """One pawn at (x, y) mm: a folding tent, two faces over a base and a glue tab, the team's
    ``number`` on both faces; folds dashed, the outline cut."""
    fills = ["#eeeeee", fill, fill, fill]
    pagedraw.fold_strip(c, x, y, PAWN_W, list(zip(PAWN_PANELS, fills, strict=True)))
    bottom = y
    for i, height in enumerate(PAWN_PANELS):
        if i in (2, 3):
            pagedraw.text(c, x + PAWN_W / 2, bottom + height / 2 - 2.5, str(number), 14,
                          bold=True, anchor="middle", fill=ink_for(fill), ground=fill)  # fmt: skip
        bottom += height


def _pawns_and_pointer(c: Canvas, w: float, h: float, text: dict[str, str]) -> None:
    m = 18
    pagedraw.heading(c, m, h - m, w - 2 * m, text["pawns"], 11)
    gap = (w - 2 * m - len(GUESS_COLOURS) * PAWN_W) / (len(GUESS_COLOURS) - 1)
    top = h - m - 10
    for k, fill in enumerate(GUESS_COLOURS):
        draw_pawn(c, m + k * (PAWN_W + gap), top - sum(PAWN_PANELS), fill, k + 1)
    y = top - sum(PAWN_PANELS) - 20
    pagedraw.heading(c, m, y, w - 2 * m, text["pointer"], 11)
    _pointer(c, m + 10, y - 60, text["place"])


def _pointer(c: Canvas, x: float, y: float, label: str) -> None:
    """An arrow 80 mm long on a foot that folds back (the dashed line), so it stands."""
    shaft, head, tall, foot = 58.0, 22.0, 14.0, 16.0
    points = [
        (x, y + foot),
        (x + shaft, y + foot),
        (x + shaft, y + foot - 6),
        (x + shaft + head, y + foot + tall / 2),
        (x + shaft, y + foot + tall + 6),
        (x + shaft, y + foot + tall),
        (x, y + foot + tall),
    ]
    c.setFillColor(colour("#1a2a6c"))
    c.setStrokeColor(colour("#444444"))
    c.setLineWidth(0.4)
    path = c.beginPath()
    path.moveTo(points[0][0] * mm, points[0][1] * mm)
    for px, py in points[1:]:
        path.lineTo(px * mm, py * mm)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    pagedraw.text(c, x + 4, y + foot + tall / 2 - 1.5, label, 10, bold=True,
                  fill=ink_for("#1a2a6c"), ground="#1a2a6c")  # fmt: skip
    c.setFillColor(colour("#dddddd"))
    c.rect(x * mm, y * mm, shaft * mm, foot * mm, stroke=1, fill=1)
    c.setDash(2, 1.5)
    c.line(x * mm, (y + foot) * mm, (x + shaft) * mm, (y + foot) * mm)
    c.setDash()
