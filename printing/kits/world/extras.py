"""The World's paper extras: guess cards and the scoring track."""

from __future__ import annotations

import math

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.games import world
from geo.boards import BOARD_CODES, BOARDS
from printing.core import pagedraw
from printing.core.colours import colour
from printing.core.document import Document
from printing.core.fonts import CAP, register_fonts
from printing.core.i18n import in_language
from printing.core.sheets import MIN_MARGIN
from printing.core.textfit import text_width

GUESS_COLOURS = ("#c0392b", "#1f5fa8", "#1e8449", "#f4d03f", "#7d3c98", "#e67e22")


def _setting(name: str, default: int) -> int:
    from django.conf import settings

    try:
        return int(getattr(settings, name, default))
    except ImproperlyConfigured:  # printing without Django configured (benchmarks, scripts)
        return default


def track_length() -> int:
    """The play app's track length (a setting), so print and play agree."""
    return _setting("WORLD_TRACK_LENGTH", world.WORLD_TRACK_LENGTH)


def final_spaces() -> int:
    """The dark-blue final spaces after the track, numbered 1, 2, … as in the play app."""
    return _setting("WORLD_FINAL_SPACES", world.WORLD_FINAL_SPACES)


def add_guess_cards(doc: Document, language: str, paper: str) -> None:
    """Six guess cards, two per landscape page half: board, column, row, rectangle."""
    de = language == "de"
    w, h = pagedraw.portrait(paper)
    for first in range(0, 6, 2):

        def draw(c: Canvas, pw: float, ph: float, first: int = first) -> None:
            m = MIN_MARGIN + 5
            card_h = (ph - 2 * m - 10) / 2
            for k, player in enumerate((first, first + 1)):
                top = ph - m - k * (card_h + 10)
                _guess_card(c, m, top, pw - 2 * m, card_h, player, de, BOARD_CODES, BOARDS)

        doc.add_page(w, h, draw)


def _guess_card(c, x, top, width, height, player, de, codes, boards) -> None:
    """Board, column, row and rectangle; the rectangles A B over C D, as on the boards."""
    accent = GUESS_COLOURS[player]
    c.setStrokeColor(colour(accent))
    c.setLineWidth(2)
    c.roundRect(x * mm, (top - height) * mm, width * mm, height * mm, 4 * mm, stroke=1, fill=0)
    language = "de" if de else "en"
    title = in_language(language, GUESS_CARD).format(n=player + 1)
    pagedraw.text(c, x + 5, top - 9, title, 13, bold=True, fill=accent)
    grey = "#444444"
    boards_row = [(boards[code].name(language), boards[code].colour) for code in codes]
    unit = (height - 16) / 5  # rows 1–3 one unit each, the 2 × 2 rectangles two
    inner = width - 20
    third = inner / 3
    grey_row = [[(k, grey) for k in ("W", "M", "O" if de else "E")], [(k, grey) for k in "NMS"]]
    rows = [(boards_row, [(x + 14 + j * inner / 6, top - 14, inner / 6) for j in range(6)])]
    for k, labels in enumerate(grey_row, 1):
        rows.append((labels, [(x + 14 + j * third, top - 14 - k * unit, third) for j in range(3)]))
    left = x + 14 + third / 2  # two boxes of the columns' width, centred under them
    boxes = [(left + (i % 2) * third, top - 14 - (3 + i // 2) * unit, third) for i in range(4)]
    rows.append(([(k, grey) for k in "ABCD"], boxes))
    _, bold = register_fonts()
    for step, (labels, boxes) in enumerate(rows):
        number_y = boxes[0][1] - (2 * unit if step == 3 else unit) / 2 - 2
        pagedraw.text(c, x + 5, number_y, str(step + 1), 14, bold=True, fill=accent)
        for (label, fill), (bx, by, bw) in zip(labels, boxes, strict=True):
            c.setStrokeColor(colour(fill))
            c.setLineWidth(1)
            c.roundRect(
                (bx + 1) * mm, (by - unit + 2) * mm, (bw - 2) * mm, (unit - 4) * mm, 2 * mm,
                stroke=1, fill=0,
            )  # fmt: skip
            size = 16 if len(label) == 1 else 10
            while size > 5 and text_width(label, bold, size) > (bw - 4) * mm:
                size -= 0.5  # long board names shrink to their box
            pagedraw.text(c, bx + bw / 2, by - unit / 2 - size * 0.13, label, size, bold=True,
                  anchor="middle", fill=fill)  # fmt: skip


def _ring(count: int, width: float, height: float) -> tuple[int, int]:
    """(cells along, cells down) of the ring of at least ``count`` cells with the largest
    cells filling a width × height area."""
    best, best_cell = (0, 0), 0.0
    for along in range(3, count):
        down = max(3, math.ceil((count + 4 - 2 * along) / 2))
        cell = min(width / along, height / down)
        if 2 * (along + down) - 4 >= count and cell > best_cell:
            best, best_cell = (along, down), cell
    return best


def label_size(label: str, cell_w: float, cell_h: float) -> float:
    """The largest size (points) at which ``label`` fits its cell with a little room: a long
    track's small cells get smaller numbers, never numbers across their neighbours."""
    _, bold = register_fonts()
    wide = text_width(label, bold, 1.0) / mm  # mm per point of size
    tall = CAP * 25.4 / 72  # mm of capital height per point of size
    return min((cell_w - 1.0) / max(wide, 1e-6), 0.6 * cell_h / tall)


def track_cells(count: int, x0: float, y0: float, width: float, height: float) -> list:
    """Cells (x, top, w, h) clockwise from the top-left corner, filling the area."""
    along, down = _ring(count, width, height)
    cw, ch = width / along, height / down
    cells = [(x0 + i * cw, y0) for i in range(along)]
    cells += [(x0 + (along - 1) * cw, y0 - i * ch) for i in range(1, down)]
    cells += [(x0 + i * cw, y0 - (down - 1) * ch) for i in range(along - 2, -1, -1)]
    cells += [(x0, y0 - i * ch) for i in range(down - 2, 0, -1)]
    return [(cx, cy, cw, ch) for cx, cy in cells[:count]]


TRACK_TEXTS = (
    _("Scoring track"),
    _("Start"),
    _("Pawns begin here; the first step goes onto ➜."),
    _("spaces"),
    _("Finish: the dark-blue spaces"),
)
GUESS_CARD = _("Guess card {n}")


def add_scoring_track(doc: Document, language: str, paper: str, length: int | None = None) -> None:
    """The start area, the arrow space, the numbered track clockwise and the final spaces,
    laid out around the whole page."""
    title, start, start_note, spaces, finish = (in_language(language, t) for t in TRACK_TEXTS)
    w, h = pagedraw.landscape(paper)
    length = length or track_length()
    finals = final_spaces()
    total = length + finals + 1  # the arrow space, the track, the final spaces

    def draw(c: Canvas, pw: float, ph: float) -> None:
        m = MIN_MARGIN + 3
        cells = track_cells(total, m, ph - m, pw - 2 * m, ph - 2 * m)
        c.setLineWidth(0.8)
        for n, (x, y, cw, ch) in enumerate(cells):
            final = n > length
            fill = "#1a2a6c" if final else ("#f7d038" if n == 0 else "#ffffff")
            c.setFillColor(colour(fill))
            c.setStrokeColor(colour("#000000"))
            c.rect(x * mm, (y - ch) * mm, cw * mm, ch * mm, stroke=1, fill=1)
            label = "➜" if n == 0 else str(n - length if final else n)
            size = min(12 if n == 0 else 10, label_size(label, cw, ch))
            pagedraw.text(c, x + cw / 2, y - ch / 2 - size * 0.13, label, size, bold=True,
                  anchor="middle", fill="#ffffff" if final else "#000000",
                  ground="#1a2a6c" if final else fill)  # fmt: skip
        x, y, cw, ch = cells[0]
        # The start area sits inside the ring beside the arrow space: pawns step onto ➜ first.
        sx, stop = x + cw + 3, y - ch - 3
        sw, sh = 72.0, 26.0  # inside the ring, which fills the page
        c.setStrokeColor(colour("#000000"))
        c.setFillColor(colour("#fdf3c4"))
        c.setLineWidth(1.2)
        c.roundRect(sx * mm, (stop - sh) * mm, sw * mm, sh * mm, 4 * mm, stroke=1, fill=1)
        pagedraw.text(c, sx + 5, stop - 9, start, 18, bold=True)
        pagedraw.paragraph(c, sx + 5, stop - 11, sw - 10, start_note, 8)
        c.setLineWidth(1.5)  # from the start area's corner onto the arrow space
        c.line((sx + 1.5) * mm, (stop - 1.5) * mm, (x + cw - 1.5) * mm, (y - ch + 1.5) * mm)
        cx, cy = pw / 2, ph / 2
        pagedraw.text(c, cx, cy + 4, title, 22, bold=True, anchor="middle")
        pagedraw.text(c, cx, cy - 5, f"{length} {spaces} · {finish}", 11, anchor="middle")

    doc.add_page(w, h, draw)
