"""Whole-page parts of a grid edition's kit: its answer and quiz maps with the index of their
numbers, and its poster (Germany's or any other country's).

Each part appends pages to a ``printing.core.document.Document``; map pages draw ``geo.maps``
drawings as vectors through ``printing.core.mapdraw_pdf``.
"""

from __future__ import annotations

import math

from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.core import pagedraw
from printing.core.colours import colour
from printing.core.deck import DeckInfo
from printing.core.document import Document
from printing.core.fonts import CAP
from printing.core.i18n import in_language
from printing.core.mapdraw_pdf import map_form
from printing.core.sheets import MIN_MARGIN

POSTER_OVERLAP = 10.0  # mm each tile repeats of its neighbour, for gluing
POSTER_COLUMNS = 2


def _dots(deck: DeckInfo) -> list:
    return list(deck.dots)


def grid_drawing(deck: DeckInfo, width_mm: float, labels: str = "fit"):
    """The deck's grid-edition map ``width_mm`` wide (Germany's when the deck names no other
    grid), as a drawing and its index of dots; ``labels`` as in ``geo.labels.dot_layer``."""
    # The map modules load the outlines and shapely (about 0.3 s): only map pages need them.
    from geo.maps import GERMANY_MAP, grid_map_indexed

    return grid_map_indexed(
        deck.grid or GERMANY_MAP,
        _dots(deck),
        width_mm=width_mm,
        language=deck.language,
        labels=labels,
        measure=pagedraw.measure,
    )


def _form_prefix(deck: DeckInfo) -> str:
    return "germany" if deck.grid is None else "grid"


def _is_wide(deck: DeckInfo) -> bool:
    base = grid_drawing(deck, 180, "none")[0]
    return base.width > base.height


def fit_width(deck: DeckInfo, avail_w: float, avail_h: float) -> float:
    """The drawing width that fits the map into avail_w × avail_h mm. Only the grid scales
    with the width (its margins and legend do not): measured at two widths, solved exactly,
    so a tall country (Chile) or a wide one fills the page. Germany keeps its rule-book map's
    scaling."""
    base = grid_drawing(deck, 180, "none")[0]
    scale = min(avail_w / base.width, avail_h / base.height)
    if deck.grid is None:
        return 180 * scale
    wide = grid_drawing(deck, 360, "none")[0]
    per_mm = (wide.height - base.height) / 180  # height per mm of width
    fixed = base.height - per_mm * 180
    return min(avail_w, (avail_h - fixed) / per_mm if per_mm > 0 else avail_w)


MAP_TITLES = (_("Quiz map: which dot is which place?"), _("Answer map"))


def add_germany_map(doc: Document, deck: DeckInfo, paper: str, quiz: bool = False) -> None:
    """The deck's grid-edition map on one page, scaled to fill the printable area: as a quiz
    (grid and dots, no names) or as the answer map (names where they fit, numbers and an index
    for the rest)."""
    pw, ph = pagedraw.portrait(paper)
    if deck.grid is not None and _is_wide(deck):  # a wide country (Austria) prints landscape
        pw, ph = pagedraw.landscape(paper)
    avail_w, avail_h = pw - 2 * MIN_MARGIN - 4, ph - 2 * MIN_MARGIN - 10
    width = fit_width(deck, avail_w, avail_h)
    title = in_language(deck.language, MAP_TITLES[0 if quiz else 1])
    form = f"{_form_prefix(deck)}-{'quiz' if quiz else 'answer'}-map"
    # The answer map of a grid edition is drawn smaller, down to the last of MAP_SCALES, when that
    # frees a band under it for its index: a place shown by a number is then found on the
    # same sheet. Germany's map fills its page; its index follows on pages of its own.
    scales = MAP_SCALES if deck.grid is not None and not quiz else (1.0,)
    for scale in scales:
        # Drawn at its printed size, so labels are measured as they will print.
        drawing, index = grid_drawing(deck, width * scale, "none" if quiz else "fit")
        bottom = MIN_MARGIN
        if deck.grid is not None:  # below the page's title, not at the foot of a half-empty page
            bottom = max(MIN_MARGIN, ph - MIN_MARGIN - 6 - drawing.height)
        band = _index_band(pw, bottom - MIN_MARGIN - 3, len(index))
        if band is not None or not index:
            break
    else:
        if len(scales) > 1:  # no band fits: the map at its full size, the index on pages
            drawing, index = grid_drawing(deck, width, "fit")
            bottom = max(MIN_MARGIN, ph - MIN_MARGIN - 6 - drawing.height)

    def draw(c: Canvas, w: float, h: float) -> None:
        name = map_form(c, drawing, form)
        c.saveState()
        c.translate((w - drawing.width) / 2 * mm, bottom * mm)
        c.doForm(name)
        c.restoreState()
        pagedraw.text(c, w - MIN_MARGIN - 2, h - MIN_MARGIN - 4, title, 9, bold=True, anchor="end")
        if band is not None:
            heading = in_language(deck.language, INDEX_TITLES[0])
            note = in_language(deck.language, INDEX_TITLES[1])
            top = bottom - 3
            pagedraw.text(c, MIN_MARGIN + 2, top, f"{heading} · {note}", 6.5, bold=True)
            _draw_entries(c, index, MIN_MARGIN + 2, top - 3.6, *band, size=BAND_TYPE)

    doc.add_page(pw, ph, draw)
    if band is None:
        add_index(doc, deck.language, paper, index)


BAND_TYPE, BAND_LINE, BAND_COLUMN = 6.0, 2.8, 46.0  # pt, mm, mm: the index under a map
# Tried in turn until the index fits under the map; smaller, more dots stay bare (Switzerland
# at 0.6 left 25 of 166 without a name or number, against 2 at full size).
MAP_SCALES = (1.0, 0.92, 0.85, 0.78, 0.72)


def _index_band(page_w: float, height: float, entries: int) -> tuple[int, float, float] | None:
    """Rows per column, column width and line height of an index of ``entries`` drawn in a
    band ``height`` mm high across the page under the map; None when it does not fit there."""
    if not entries:
        return None
    rows = int((height - 3.6) // BAND_LINE)
    cols = int((page_w - 2 * MIN_MARGIN - 4) // BAND_COLUMN)
    if rows < 1 or rows * cols < entries:
        return None
    rows = -(-entries // cols)  # as few rows as the columns allow: the band's top stays tidy
    return rows, (page_w - 2 * MIN_MARGIN - 4) / cols, BAND_LINE


def _draw_entries(
    c: Canvas, entries: list, x0: float, y0: float, per_col: int, col_w: float, line: float,
    size: float = 7,
) -> None:  # fmt: skip
    """Index entries in columns from (x0, y0) down: number, name, grid numbers."""
    for i, entry in enumerate(entries):
        x = x0 + (i // per_col) * col_w
        y = y0 - (i % per_col) * line
        number = "–" if entry.number is None else str(entry.number)
        pagedraw.text(c, x + 6, y, number, size, bold=True, anchor="end", fill="#8a1c1c")
        pagedraw.text(c, x + 8, y, _clip(entry.name, col_w - 22, size), size)
        pagedraw.text(c, x + col_w - 3, y, entry.where, size, anchor="end", fill="#555555")


INDEX_TITLES = (
    _("Index"),
    _("Places shown by a number instead of their name; north–south/west–east."),
)


def add_index(doc: Document, language: str, paper: str, entries: list) -> None:
    """The places a map shows by number, in columns: number, name, grid numbers."""
    if not entries:
        return
    title, note = (in_language(language, t) for t in INDEX_TITLES)
    pw, ph = pagedraw.portrait(paper)
    m, line, cols = MIN_MARGIN + 8, 3.4, 3
    per_col = int((ph - 2 * m - 14) // line)
    per_page = per_col * cols
    col_w = (pw - 2 * m) / cols
    for start in range(0, len(entries), per_page):
        chunk = entries[start : start + per_page]

        def draw(c: Canvas, w: float, h: float, chunk=chunk) -> None:
            pagedraw.text(c, m, h - m, title, 14, bold=True)
            pagedraw.text(c, m, h - m - 6, note, 8, fill="#555555")
            _draw_entries(c, chunk, m, h - m - 14, per_col, col_w, line)

        doc.add_page(pw, ph, draw)


def _clip(text: str, width_mm: float, size: float = 7) -> str:
    while len(text) > 3 and pagedraw.measure(text, size * CAP / mm, False) > width_mm:
        text = text[:-2] + "…"
    return text


def add_poster(doc: Document, deck: DeckInfo, paper: str) -> None:
    """The map enlarged over POSTER_COLUMNS × n pages, overlapping, with alignment marks."""
    pw, ph = pagedraw.portrait(paper)
    inner_w, inner_h = pw - 2 * MIN_MARGIN, ph - 2 * MIN_MARGIN
    step_w, step_h = inner_w - POSTER_OVERLAP, inner_h - POSTER_OVERLAP
    width = POSTER_COLUMNS * step_w + POSTER_OVERLAP
    height = grid_drawing(deck, width, "none")[0].height
    rows = math.ceil((height - POSTER_OVERLAP) / step_h)
    if rows > 1 and (height - POSTER_OVERLAP) / step_h - (rows - 1) < 0.35:
        # A last row of tiles that would be nearly blank: shrink the map to one row fewer.
        rows -= 1
        width *= (rows * step_h + POSTER_OVERLAP) / height
    drawing, index = grid_drawing(deck, width, "fit")
    form = f"{_form_prefix(deck)}-poster"
    for row in range(rows):
        for col in range(POSTER_COLUMNS):
            doc.add_page(pw, ph, _poster_tile(drawing, 1.0, col, row, rows, step_w, step_h, form))
    add_index(doc, deck.language, paper, index)


def _poster_tile(drawing, scale, col, row, rows, step_w, step_h, form="germany-poster"):
    def draw(c: Canvas, w: float, h: float) -> None:
        m = MIN_MARGIN
        name = map_form(c, drawing, form)
        c.saveState()
        clip = c.beginPath()
        clip.rect(m * mm, m * mm, (w - 2 * m) * mm, (h - 2 * m) * mm)
        c.clipPath(clip, stroke=0, fill=0)
        # Tile (col, row) shows the drawing from (col * step_w, row * step_h), top-left origin.
        c.translate((m - col * step_w) * mm, (h - m + row * step_h) * mm)
        c.scale(scale, scale)
        c.translate(0, -drawing.height * mm)
        c.doForm(name)
        c.restoreState()
        _alignment_marks(c, w, h, col, row, rows)

    return draw


def _alignment_marks(c: Canvas, w: float, h: float, col: int, row: int, rows: int) -> None:
    """Crosshairs at the overlap's corners and a label, so tiles line up when glued."""
    m, o = MIN_MARGIN, POSTER_OVERLAP
    c.setStrokeColor(colour("#d62728"))
    c.setLineWidth(0.4)
    corners = []
    if col + 1 < POSTER_COLUMNS:
        corners += [(w - m - o, m + 2), (w - m - o, h - m - 2)]
    if col > 0:
        corners += [(m + o, m + 2), (m + o, h - m - 2)]
    if row + 1 < rows:
        corners += [(m + 2, m + o), (w - m - 2, m + o)]
    if row > 0:
        corners += [(m + 2, h - m - o), (w - m - 2, h - m - o)]
    for x, y in corners:
        c.line((x - 3) * mm, y * mm, (x + 3) * mm, y * mm)
        c.line(x * mm, (y - 3) * mm, x * mm, (y + 3) * mm)
        c.circle(x * mm, y * mm, 1.5 * mm, stroke=1, fill=0)
    c.setDash(1.5, 1.5)
    if col > 0:
        c.line((m + o) * mm, m * mm, (m + o) * mm, (h - m) * mm)
    if row > 0:
        c.line(m * mm, (h - m - o) * mm, (w - m) * mm, (h - m - o) * mm)
    c.setDash()
    label = f"{chr(65 + row)}{col + 1}"
    pagedraw.text(c, w - m - 1, m + 1, label, 9, bold=True, anchor="end", fill="#d62728")
