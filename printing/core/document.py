"""PDF documents: imposed card sheets, single-face pages, and full-page parts (maps, pads…).

This is the boundary where the sheet's millimetres become points and each card face is handed
to ``draw_face`` at its slot.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence

from django.utils.translation import gettext_lazy as _
from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.core import reportlab_fast
from printing.core.data import CardData
from printing.core.designs import faces_for
from printing.core.fonts import register_fonts
from printing.core.i18n import in_language
from printing.core.imposition import impose
from printing.core.layouts import Face
from printing.core.render import draw_face
from printing.core.shaping import draw_string
from printing.core.sheets import MIN_MARGIN, PAPER_EDGE, Mark, Page, Rect, SheetSpec, face_page

PageDrawer = Callable[[Canvas, float, float], None]  # canvas, page width and height in mm
Bleed = tuple[float, float, float, float]  # left, top, right, bottom in mm
FaceDrawer = Callable[[Canvas, int, str, Bleed], None]  # canvas, card index, side, bleed
MARK_COLOUR = HexColor("#000000")
# Binary (Flate-only) streams: ASCII85 on top makes files 25 % larger and, in pure Python,
# costs more time than drawing the cards.
rl_config.useA85 = 0
FOLD_COLOUR = HexColor("#777777")
NOTE = _("{cm} cm · print at 100 %")
DUPLEX = {"duplex-long": "DuplexFlipLongEdge", "duplex-short": "DuplexFlipShortEdge"}


def _side(data: CardData, side: str, w: float, h: float) -> tuple[Face, CardData]:
    """The face and data of one side; a back of another kind (tip cards) brings its design."""
    if side == "front":
        return faces_for(data.kind, w, h, data.language, data.edition_name)[0], data
    back = data.back or data
    if back.kind != data.kind:
        return faces_for(back.kind, w, h, back.language)[1], back
    return faces_for(data.kind, w, h, data.language, data.edition_name)[1], back


def expand_quantities(cards: Iterable[CardData]) -> list[CardData]:
    """Each card repeated by its quantity (at least once), in deck order."""
    return [card for card in cards for _ in range(max(1, card.quantity))]


class Document:
    """One PDF being written; parts are appended in order and ``finish`` returns the bytes."""

    def __init__(
        self,
        title: str = "Spot On",
        *,
        compress: bool = True,
        author: str = "Spot On Studio",
        subject: str = "",
        language: str = "de",
    ) -> None:
        regular, _ = register_fonts()
        self.buffer = io.BytesIO()
        # The initial font is ours: reportlab's default would reference an unembedded
        # Helvetica in every file, which print-shop preflight flags.
        # The catalogue's /Lang: screen readers and text-to-speech read the kit in its language.
        self.canvas = Canvas(
            self.buffer,
            invariant=1,
            pageCompression=int(compress),
            initialFontName=regular,
            lang=language,
        )
        # Invariant output (stable file IDs) but the real date in the document information.
        reportlab_fast.real_date(self.canvas)
        self.canvas.setTitle(title)
        self.canvas.setAuthor(author)
        self.canvas.setSubject(subject or title)
        self.canvas.setCreator("Spot On Studio")
        # Cards must print at their real size: no "fit to page" in the print dialogue.
        self.canvas.setViewerPreference("PrintScaling", "None")
        self.pages = 0
        self.language = language
        self._cut = False  # the current part's pages are cut out: each gets the scale note
        # The file asks for duplex: a single-sided part's pages then start on a front and
        # each gets a blank back, so that nothing meant to be cut out backs another part.
        self.duplex = False
        self._single = False  # the current part is single-sided
        self._parts = 0
        self._pending: str | None = None
        self._mark_forms: dict[tuple[float, float, tuple[Mark, ...]], str] = {}
        self._note_forms: dict[tuple[tuple[float, float], Rect, str], str] = {}

    def _boxes(self, page_h: float, trim: Rect, bleed: Rect) -> None:
        def box(r: Rect) -> tuple[float, float, float, float]:
            return (r.x * mm, (page_h - r.bottom) * mm, r.right * mm, (page_h - r.y) * mm)

        self.canvas.setTrimBox(box(trim))
        self.canvas.setBleedBox(box(bleed))

    def begin_part(self, title: str, cut: bool = True, single_sided: bool = False) -> None:
        """A new part of the kit: a bookmark to its first page (viewers list them in their
        sidebar), and whether its pages carry the scale note. In a duplex file every part
        starts on a front; a ``single_sided`` part's pages each get a blank back."""
        if self.duplex and self.pages % 2:
            self._blank_page()
        self._pending = title  # marked on the part's first page, when it has one
        self._cut = cut
        self._single = single_sided

    def _blank_page(self) -> None:
        self.canvas.showPage()  # the size of the page before it
        self.pages += 1

    def _end_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1
        if self.duplex and self._single:
            self._blank_page()

    def _mark_part(self) -> None:
        if self._pending is None:
            return
        key = f"part-{self._parts}"
        self._parts += 1
        self.canvas.bookmarkPage(key)
        self.canvas.addOutlineEntry(self._pending, key, level=0)
        self._pending = None

    def request_duplex(self, layout: str) -> None:
        """Ask the print dialogue for the flip the layout's backs need (or for one side). Once
        a part has asked for duplex the file stays duplex: a later one-sided layout keeps it."""
        if layout in DUPLEX:
            self.duplex = True
            self.canvas.setViewerPreference("Duplex", DUPLEX[layout])
        elif not self.duplex:
            self.canvas.setViewerPreference("Duplex", "Simplex")

    def add_sheets(self, cards: Sequence[CardData], spec: SheetSpec) -> None:
        """Data-driven cards (``printing.core.designs``) imposed on sheets."""
        w, h = spec.card

        def draw(c: Canvas, index: int, side: str, bleed: Bleed) -> None:
            face, face_data = _side(cards[index], side, w, h)
            draw_face(c, face, face_data, bleed)

        language = cards[0].language if cards else None
        self.add_imposed([c.has_back for c in cards], spec, draw, language)

    def add_imposed(
        self,
        has_back: Sequence[bool],
        spec: SheetSpec,
        draw: FaceDrawer,
        language: str | None = None,
    ) -> None:
        """Cards imposed on sheets with crop marks, the duplex request and the scale note;
        ``draw(canvas, card, side, bleed)`` paints one face with the origin at its trim box's
        bottom-left corner (the bleed in mm: left, top, right, bottom)."""
        self.request_duplex(spec.layout)
        w, h = spec.card
        language = language or self.language
        for page in impose(list(has_back), spec):
            self._sheet_page(page, w, h, draw, language)

    def _sheet_page(self, page: Page, w: float, h: float, draw: FaceDrawer, language: str) -> None:
        self._mark_part()
        c = self.canvas
        c.setPageSize((page.width * mm, page.height * mm))
        self._boxes(page.height, page.trim_box, page.bleed_box)
        for slot in page.slots:
            t, b = slot.trim, slot.bleed
            bleed = (t.x - b.x, t.y - b.y, b.right - t.right, b.bottom - t.bottom)
            c.saveState()
            x, y = t.x * mm, (page.height - t.bottom) * mm
            if slot.rotate == 180:
                # Turned about the card's centre: one matrix instead of translate + rotate.
                c.transform(-1, 0, 0, -1, x + w * mm, y + h * mm)
                bleed = (bleed[2], bleed[3], bleed[0], bleed[1])
            else:
                c.transform(1, 0, 0, 1, x, y)
            draw(c, slot.card, slot.side, bleed)
            c.restoreState()
        if page.marks:
            c.doForm(self._marks_form(page))
        if page.note is not None:
            self.scale_note(page.height, page.note, language)
        self._end_page()

    def _marks_form(self, page: Page) -> str:
        """The page's crop and fold marks as a form: every sheet of a deck has the same."""
        key = (page.width, page.height, page.marks)
        name = self._mark_forms.get(key)
        if name is not None:
            return name
        c = self.canvas
        name = f"marks-{len(self._mark_forms)}"
        c.beginForm(name, 0, 0, page.width * mm, page.height * mm)
        art = [m for m in page.marks if m.on_art]
        if art:  # marks over the bleed get a white edge so they show on dark art
            c.setLineWidth(1.0)
            c.setStrokeColor(HexColor("#ffffff"))
            for mark in art:
                c.line(
                    mark.x1 * mm,
                    (page.height - mark.y1) * mm,
                    mark.x2 * mm,
                    (page.height - mark.y2) * mm,
                )
        c.setLineWidth(0.25)
        for mark in page.marks:
            c.setStrokeColor(FOLD_COLOUR if mark.kind == "fold" else MARK_COLOUR)
            c.setDash(2, 1.5) if mark.kind == "fold" else c.setDash()
            c.line(
                mark.x1 * mm,
                (page.height - mark.y1) * mm,
                mark.x2 * mm,
                (page.height - mark.y2) * mm,
            )
        c.endForm()
        self._mark_forms[key] = name
        return name

    def scale_note(self, page_h: float, note: Rect, language: str | None = None) -> None:
        """A scale bar in whole centimetres and "print at 100 %": a ruler checks the print.
        Drawn once per document, place and language as a form (every sheet of a deck has the
        same), which each page then shows."""
        language = language or self.language
        key = (reportlab_fast.page_size(self.canvas), note, language)
        name = self._note_forms.get(key)
        if name is None:
            name = self._note_forms[key] = f"note-{len(self._note_forms)}"
            self.canvas.beginForm(name)  # the page's own size
            self._draw_scale_note(page_h, note, language)
            self.canvas.endForm()
        self.canvas.doForm(name)

    def _draw_scale_note(self, page_h: float, note: Rect, language: str) -> None:
        c = self.canvas
        cm = max(1, min(5, int((note.w - 24) // 10)))
        x0, y_bar = note.x, page_h - note.bottom + 0.6
        c.setStrokeColor(MARK_COLOUR)
        c.setFillColor(MARK_COLOUR)
        c.setLineWidth(0.4)
        c.line(x0 * mm, y_bar * mm, (x0 + 10 * cm) * mm, y_bar * mm)
        for k in range(cm + 1):
            x = (x0 + 10 * k) * mm
            c.line(x, y_bar * mm, x, (y_bar + 1.4) * mm)
        regular, _ = register_fonts()
        text = in_language(language, NOTE).format(cm=cm)
        draw_string(c, (x0 + 10 * cm + 1.5) * mm, y_bar * mm, text, regular, 5.5)

    def add_faces(self, cards: Sequence[CardData], spec: SheetSpec) -> list[str]:
        """One page per face (card plus bleed, for print shops); returns each page's name."""
        c = self.canvas
        w, h = spec.card
        pw, ph = face_page(spec)
        b = spec.bleed
        names = []
        for data in cards:
            sides = [("front", *_side(data, "front", w, h))]
            if data.has_back:
                sides.append(("back", *_side(data, "back", w, h)))
            for side, face, face_data in sides:
                c.setPageSize((pw * mm, ph * mm))
                self._boxes(ph, Rect(b, b, w, h), Rect(0, 0, pw, ph))
                c.saveState()
                c.translate(b * mm, b * mm)
                draw_face(c, face, face_data, (b, b, b, b))
                c.restoreState()
                c.showPage()
                self.pages += 1
                names.append(data.file_stem.format(side=side))
        return names

    def add_page(self, width: float, height: float, draw: PageDrawer) -> None:
        """A whole page drawn by ``draw``; a page to cut out gets the scale note in its
        bottom margin (kit pages keep the lowest ``NOTE_ROOM`` millimetres free for it)."""
        self._mark_part()
        c = self.canvas
        c.setPageSize((width * mm, height * mm))
        whole = Rect(0, 0, width, height)
        self._boxes(height, whole, whole)
        c.saveState()
        draw(c, width, height)
        c.restoreState()
        if self._cut:
            self.scale_note(height, bottom_note(width, height))
        self._end_page()

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()


NOTE_ROOM = 5.0  # mm at the foot of a kit page kept free for the scale note


def bottom_note(width: float, height: float) -> Rect:
    """Where the scale note goes on a whole page: in the bottom margin, from the left."""
    return Rect(MIN_MARGIN, height - PAPER_EDGE - 3.5 - 0.5, min(80.0, width / 2), 3.5)


def cards_pdf(cards: Sequence[CardData], spec: SheetSpec, title: str = "Spot On") -> bytes:
    doc = Document(title)
    doc.add_sheets(expand_quantities(cards), spec)
    return doc.finish()
