"""Whole-page parts of a grid edition's kit: its answer and quiz maps with the index of their
numbers, and its poster (Germany's or any other country's).

Each part appends pages to a ``printing.core.document.Document``; map pages draw ``geo.maps``
drawings as vectors through ``printing.core.mapdraw_pdf``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

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
    """The deck's grid-edition map (Germany's when the deck names no other grid)."""
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


class MapLayout(NamedTuple):
    """A map page as planned: its size, the drawing and its index, where the drawing sits, and
    the index's band under it (None: the index goes on pages of its own)."""

    page: tuple[float, float]
    drawing: object
    index: list
    bottom: float
    band: tuple[int, float, float] | None
    details: list  # geo.map_details.Detail: crowded regions enlarged
    inset: bool  # the details are inside the map's frame (else on pages after the map)


def map_layout(deck: DeckInfo, paper: str, quiz: bool = False) -> MapLayout:
    """The deck's grid-edition map on one page, scaled to fill the printable area."""
    pw, ph = pagedraw.portrait(paper)
    if deck.grid is not None and _is_wide(deck):  # a wide country (Austria) prints landscape
        pw, ph = pagedraw.landscape(paper)
    avail_w, avail_h = pw - 2 * MIN_MARGIN - 4, ph - 2 * MIN_MARGIN - 10
    width = fit_width(deck, avail_w, avail_h)
    # The answer map of a grid edition is drawn smaller, down to the last of MAP_SCALES, when that
    # frees a band under it for its index: a place shown by a number is then found on the
    # same sheet. Germany's map fills its page; its index follows on pages of its own.
    # Tried largest first: the first scale whose index fits under the map and whose crowded
    # regions (if any) fit inside its frame; else the first whose index fits; else full size.
    scales = MAP_SCALES if deck.grid is not None and not quiz else (1.0,)
    fallback = None
    for scale in scales:
        layout = _plan(deck, width * scale, quiz, paper, (pw, ph))
        if layout.band is None and layout.index and len(scales) > 1:
            continue
        if layout.inset or not layout.details:
            return layout
        fallback = fallback or layout
    return fallback or _plan(deck, width, quiz, paper, (pw, ph))


def _plan(deck: DeckInfo, width: float, quiz: bool, paper: str, page: tuple) -> MapLayout:
    # Drawn at its printed size, so labels are measured as they will print.
    drawing, index = grid_drawing(deck, width, "none" if quiz else "fit")
    pw, ph = page
    bottom = MIN_MARGIN
    if deck.grid is not None:  # below the page's title, not at the foot of a half-empty page
        bottom = max(MIN_MARGIN, ph - MIN_MARGIN - 6 - drawing.height)
    band = _index_band(pw, bottom - MIN_MARGIN - 3, len(index))
    details, inset = [], False
    if any(not entry.shown for entry in index):
        details, inset, drawing = _with_details(deck, drawing, index, paper)
    return MapLayout(page, drawing, index, bottom, band, details, inset)


def _with_details(deck: DeckInfo, drawing, index: list, paper: str) -> tuple[list, bool, object]:
    """Details of the regions too crowded for their numbers: inside the map's frame where
    they find room (the whole answer is then on one sheet), else on pages of their own."""
    from geo.grid_frame import GERMANY_MAP, grid_layers
    from geo.map_details import inset_details, with_details

    edition = deck.grid or GERMANY_MAP
    frame, _others, own, _lines = grid_layers(edition, drawing.width)
    box = (frame.left, frame.top, frame.left + frame.width, frame.top + frame.height)
    for share in INSET:
        small = _details(deck, drawing.width, index, frame.width * share, frame.height * share)
        if any(d.bare for d in small):
            break  # smaller would leave numbers without room
        inset = inset_details(drawing, small, box, pagedraw.measure, avoid=own)
        if inset is not None:
            return small, True, inset
    pw, ph = pagedraw.portrait(paper)
    m = MIN_MARGIN + 8
    details = _details(deck, drawing.width, index, pw - 2 * m, ph - 2 * m - DETAIL_HEAD)
    return details, False, with_details(drawing, details)


# A detail inside the map's frame takes at most this share of its width and height: the
# largest first, smaller where it finds no room.
INSET = (0.3, 0.24, 0.18)


def _details(deck: DeckInfo, width: float, index: list, max_width: float, max_height: float):
    from geo.map_details import grid_details
    from geo.maps import GERMANY_MAP

    return grid_details(
        deck.grid or GERMANY_MAP,
        _dots(deck),
        index,
        width_mm=width,
        max_width=max_width,
        max_height=max_height,
        measure=pagedraw.measure,
    )


DETAIL_HEAD, DETAIL_GAP = 16.0, 6.0  # mm: the details' page title, the space between details
DETAIL_TITLES = (
    _("Details of the answer map"),
    _(
        "Crowded regions enlarged: every dot with its number in the index. The letters mark "
        "the regions on the map."
    ),
)


def add_details(doc: Document, language: str, paper: str, details: list) -> None:
    """The details of a map, packed in rows, as many to a page as fit."""
    if not details:
        return
    title, note = (in_language(language, t) for t in DETAIL_TITLES)
    pw, ph = pagedraw.portrait(paper)
    m = MIN_MARGIN + 8
    prefix = f"map-detail-{doc.pages}"  # a kit's answer map and poster each have their details
    for placed in detail_pages(paper, details):

        def draw(c: Canvas, w: float, h: float, placed=placed) -> None:
            pagedraw.text(c, m, h - m, title, 14, bold=True)
            pagedraw.text(c, m, h - m - 6, note, 8, fill="#555555")
            for x, y, detail in placed:
                name = map_form(c, detail.drawing, f"{prefix}-{detail.letter}")
                c.saveState()
                c.translate(x * mm, (h - y - detail.drawing.height) * mm)
                c.doForm(name)
                c.restoreState()

        doc.add_page(pw, ph, draw)


def detail_pages(paper: str, details: list) -> list[list[tuple[float, float, object]]]:
    """The details packed in rows, as many to a page as fit: (x, y from the top, detail)."""
    if not details:
        return []
    pw, ph = pagedraw.portrait(paper)
    m = MIN_MARGIN + 8
    pages: list[list[tuple[float, float, object]]] = [[]]
    x, y, row = m, m + DETAIL_HEAD, 0.0  # y from the top of the page
    for detail in details:
        d = detail.drawing
        if x + d.width > pw - m + 0.01:  # a new row
            x, y, row = m, y + row + DETAIL_GAP, 0.0
        if y + d.height > ph - m + 0.01:  # a new page
            pages.append([])
            x, y, row = m, m + DETAIL_HEAD, 0.0
        pages[-1].append((x, y, detail))
        x, row = x + d.width + DETAIL_GAP, max(row, d.height)
    return pages


def add_germany_map(doc: Document, deck: DeckInfo, paper: str, quiz: bool = False) -> None:
    """The deck's grid-edition map on one page: as a quiz (grid and dots, no names) or as the
    answer map (names where they fit, numbers and an index for the rest)."""
    (pw, ph), drawing, index, bottom, band, details, inset = map_layout(deck, paper, quiz)
    title = in_language(deck.language, MAP_TITLES[0 if quiz else 1])
    form = f"{_form_prefix(deck)}-{'quiz' if quiz else 'answer'}-map"
    follow = _follow_note(deck.language, details if not inset else [], band is None and index)

    def draw(c: Canvas, w: float, h: float) -> None:
        name = map_form(c, drawing, form)
        c.saveState()
        c.translate((w - drawing.width) / 2 * mm, bottom * mm)
        c.doForm(name)
        c.restoreState()
        pagedraw.text(c, w - MIN_MARGIN - 2, h - MIN_MARGIN - 4, title, 9, bold=True, anchor="end")
        if follow:  # where a reader finds what a framed letter or a number on the map keys to
            pagedraw.text(c, w - MIN_MARGIN - 2, h - MIN_MARGIN - 8, follow, 7, anchor="end")
        if band is not None:
            heading = in_language(deck.language, INDEX_TITLES[0])
            note = in_language(deck.language, INDEX_TITLES[1])
            top = bottom - 3
            pagedraw.text(c, MIN_MARGIN + 2, top, f"{heading} · {note}", 6.5, bold=True)
            _draw_entries(c, index, MIN_MARGIN + 2, top - 3.6, *band, size=BAND_TYPE)

    doc.add_page(pw, ph, draw)
    if not inset:
        add_details(doc, deck.language, paper, details)
    if band is None:  # on pages of its own, titled as this map's
        add_index(doc, deck.language, paper, index, ANSWER_INDEX)


FOLLOW_NOTES = (
    _("Details %(first)s–%(last)s and the index follow after this page."),
    _("Detail A and the index follow after this page."),
    _("Details %(first)s–%(last)s follow after this page."),
    _("Detail A follows after this page."),
    _("The index follows after this page."),
)


def _follow_note(language: str, details: list, index_after: bool) -> str:
    """The line under a map's title saying what its next pages hold (empty: nothing)."""
    if not details and not index_after:
        return ""
    letters = {"first": details[0].letter, "last": details[-1].letter} if details else {}
    if not details:
        note = FOLLOW_NOTES[4]
    else:
        note = FOLLOW_NOTES[(0 if index_after else 2) + (len(details) == 1)]
    return in_language(language, note) % letters if letters else in_language(language, note)


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


ANSWER_INDEX = _("Index of the answer map")


def add_index(
    doc: Document, language: str, paper: str, entries: list, heading=INDEX_TITLES[0]
) -> None:
    """The places a map shows by number, in columns: number, name, grid numbers."""
    if not entries:
        return
    title, note = in_language(language, heading), in_language(language, INDEX_TITLES[1])
    pw, ph = pagedraw.portrait(paper)
    m, line, cols = MIN_MARGIN + 8, 3.4, 3
    per_col = int((ph - 2 * m - 14) // line)
    per_page = per_col * cols
    col_w = (pw - 2 * m) / cols
    for start in range(0, len(entries), per_page):  # index_pages() counts these
        chunk = entries[start : start + per_page]

        def draw(c: Canvas, w: float, h: float, chunk=chunk) -> None:
            pagedraw.text(c, m, h - m, title, 14, bold=True)
            pagedraw.text(c, m, h - m - 6, note, 8, fill="#555555")
            _draw_entries(c, chunk, m, h - m - 14, per_col, col_w, line)

        doc.add_page(pw, ph, draw)


def index_pages(paper: str, entries: list) -> int:
    """How many pages ``add_index`` takes for ``entries``."""
    _pw, ph = pagedraw.portrait(paper)
    per_col = int((ph - 2 * (MIN_MARGIN + 8) - 14) // 3.4)
    return -(-len(entries) // (per_col * 3))


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
    details, inset = [], False
    if any(not entry.shown for entry in index):  # as on the answer map: no dot left bare
        details, inset, drawing = _with_details(deck, drawing, index, paper)
    form = f"{_form_prefix(deck)}-poster"
    for row in range(rows):
        for col in range(POSTER_COLUMNS):
            doc.add_page(pw, ph, _poster_tile(drawing, 1.0, col, row, rows, step_w, step_h, form))
    if not inset:
        add_details(doc, deck.language, paper, details)
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
