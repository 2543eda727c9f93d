"""PDF documents: imposed card sheets, single-face pages, and full-page parts (maps, pads…).

This is the boundary where the sheet's millimetres become points and each card face is handed
to ``draw_face`` at its slot.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.lib.utils import TimeStamp
from reportlab.pdfgen.canvas import Canvas

from printing.data import CardData
from printing.designs import faces_for
from printing.fonts import register_fonts
from printing.imposition import impose
from printing.layouts import Face
from printing.render import draw_face
from printing.shaping import draw_string
from printing.sheets import Mark, Page, Rect, SheetSpec, face_page

PageDrawer = Callable[[Canvas, float, float], None]  # canvas, page width and height in mm
MARK_COLOUR = HexColor("#000000")
# Binary (Flate-only) streams: ASCII85 on top makes files 25 % larger and, in pure Python,
# costs more time than drawing the cards.
rl_config.useA85 = 0
FOLD_COLOUR = HexColor("#777777")
NOTES = {"de": "{cm} cm · mit 100 % drucken", "en": "{cm} cm · print at 100 %"}
DUPLEX = {"duplex-long": "DuplexFlipLongEdge", "duplex-short": "DuplexFlipShortEdge"}


def _side(data: CardData, side: str, w: float, h: float) -> tuple[Face, CardData]:
    """The face and data of one side; a back of another kind (tip cards) brings its design."""
    if side == "front":
        return faces_for(data.kind, w, h, data.language)[0], data
    back = data.back or data
    if back.kind != data.kind:
        return faces_for(back.kind, w, h, back.language)[1], back
    return faces_for(data.kind, w, h, data.language)[1], back


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
    ) -> None:
        regular, _ = register_fonts()
        self.buffer = io.BytesIO()
        # The initial font is ours: reportlab's default would reference an unembedded
        # Helvetica in every file, which print-shop preflight flags.
        self.canvas = Canvas(
            self.buffer, invariant=1, pageCompression=int(compress), initialFontName=regular
        )
        # Invariant output (stable file IDs) but the real date in the document information.
        self.canvas._doc._timeStamp = TimeStamp(invariant=False)
        self.canvas.setTitle(title)
        self.canvas.setAuthor(author)
        self.canvas.setSubject(subject or title)
        self.canvas.setCreator("Spot On Studio")
        # Cards must print at their real size: no "fit to page" in the print dialogue.
        self.canvas.setViewerPreference("PrintScaling", "None")
        self.pages = 0
        self._mark_forms: dict[tuple[float, float, tuple[Mark, ...]], str] = {}

    def _boxes(self, page_h: float, trim: Rect, bleed: Rect) -> None:
        def box(r: Rect) -> tuple[float, float, float, float]:
            return (r.x * mm, (page_h - r.bottom) * mm, r.right * mm, (page_h - r.y) * mm)

        self.canvas.setTrimBox(box(trim))
        self.canvas.setBleedBox(box(bleed))

    def add_sheets(self, cards: Sequence[CardData], spec: SheetSpec) -> None:
        card_w, card_h = spec.card
        pages = impose([c.has_back for c in cards], spec)
        self.canvas.setViewerPreference("Duplex", DUPLEX.get(spec.layout, "Simplex"))
        language = cards[0].language if cards else "de"
        for page in pages:
            self._sheet_page(page, cards, card_w, card_h, language)

    def _sheet_page(
        self, page: Page, cards: Sequence[CardData], w: float, h: float, language: str
    ) -> None:
        c = self.canvas
        c.setPageSize((page.width * mm, page.height * mm))
        self._boxes(page.height, page.trim_box, page.bleed_box)
        for slot in page.slots:
            data = cards[slot.card]
            face, face_data = _side(data, slot.side, w, h)
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
            draw_face(c, face, face_data, bleed)
            c.restoreState()
        if page.marks:
            c.doForm(self._marks_form(page))
        if page.note is not None:
            self._scale_note(page, language)
        c.showPage()
        self.pages += 1

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

    def _scale_note(self, page: Page, language: str) -> None:
        """A scale bar in whole centimetres and "print at 100 %": a ruler checks the print."""
        c = self.canvas
        note = page.note
        cm = max(1, min(5, int((note.w - 24) // 10)))
        x0, y_bar = note.x, page.height - note.bottom + 0.6
        c.setStrokeColor(MARK_COLOUR)
        c.setFillColor(MARK_COLOUR)
        c.setLineWidth(0.4)
        c.line(x0 * mm, y_bar * mm, (x0 + 10 * cm) * mm, y_bar * mm)
        for k in range(cm + 1):
            x = (x0 + 10 * k) * mm
            c.line(x, y_bar * mm, x, (y_bar + 1.4) * mm)
        regular, _ = register_fonts()
        text = NOTES.get(language, NOTES["en"]).format(cm=cm)
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
        c = self.canvas
        c.setPageSize((width * mm, height * mm))
        whole = Rect(0, 0, width, height)
        self._boxes(height, whole, whole)
        draw(c, width, height)
        c.showPage()
        self.pages += 1

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()


def cards_pdf(cards: Sequence[CardData], spec: SheetSpec, title: str = "Spot On") -> bytes:
    doc = Document(title)
    doc.add_sheets(expand_quantities(cards), spec)
    return doc.finish()
