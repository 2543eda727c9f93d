"""The Match kit: a match deck's round cards on A4/Letter sheets (or one PNG per face) and
the rules of the island games. No database: the card source is ``cards.symbols.decks``'s plain
``MatchDeckData``. Each front page carries a line crediting the symbols' source and licence.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable

from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.options import choice
from cards.symbols.decks import MatchCardData, MatchDeckData
from printing.core import rules_sheet
from printing.core.deck import glyph_refusal
from printing.core.document import Document
from printing.core.fonts import GlyphError, register_fonts
from printing.core.i18n import in_language
from printing.core.kit import (
    BLEED,
    DPI,
    LANGUAGE,
    LAYOUT_LABELS,
    PAPER,
    Job,
    Kit,
    KitError,
    Option,
    Part,
    what_option,
)
from printing.core.png import rasterise
from printing.core.render import draw_face
from printing.core.round_imposition import (
    DEFAULT_DIAMETER,
    MAX_DIAMETER,
    MIN_DIAMETER,
    ROUND_LAYOUTS,
    RoundPage,
    RoundSpec,
    impose_round,
)
from printing.core.shaping import check_text, draw_string
from printing.core.shaping import width as run_width
from printing.core.sheets import SheetError
from printing.kits.match import faces as match_faces
from printing.kits.match import rules
from printing.kits.match.draw import cut_circle
from printing.kits.match.faces import RoundCardData

FOOTER_SIZE = 6.5  # points
FOOTER_ROOM = 4.0  # mm the footer needs below the lowest card


def check_match_deck(deck: MatchDeckData) -> None:
    """Refuse, naming the card, the symbol and the character, a label no font can print."""
    checked: set[int] = set()
    for card in deck.cards:
        for index in card.symbols:
            symbol = deck.symbol(index)
            if symbol.kind == "icon" or index in checked:
                continue
            checked.add(index)
            label = symbol.label(deck.language)
            try:
                check_text(label)
            except GlyphError as exc:
                raise glyph_refusal(deck.language, label, card.number, exc) from None


def add_round_sheets(doc: Document, deck: MatchDeckData, spec: RoundSpec) -> None:
    """The deck's round cards imposed on sheets (fronts, then their backs for duplex)."""
    cards = list(deck.cards)
    doc.request_duplex(spec.layout)
    # Every card has a back: its role's, or the deck's name on plain symbol cards.
    for page in impose_round([True] * len(cards), spec):
        doc.add_page(page.width, page.height, _page_drawer(deck, cards, page, spec))


def render_match_pdf(deck: MatchDeckData, spec: RoundSpec) -> bytes:
    """The cards alone (the kit's "cards" part)."""
    return KIT.render(job_for(deck, spec, what="cards"))


def _page_drawer(
    deck: MatchDeckData, cards: list[MatchCardData], page: RoundPage, spec: RoundSpec
) -> Callable[[Canvas, float, float], None]:
    def draw(canvas: Canvas, width: float, height: float) -> None:
        r = spec.diameter / 2
        b = spec.bleed
        for slot in page.slots:
            card = cards[slot.card]
            canvas.saveState()
            canvas.translate(slot.cx * mm, (height - slot.cy) * mm)
            if slot.rotate:
                canvas.rotate(slot.rotate)
            canvas.saveState()
            canvas.translate(-r * mm, -r * mm)  # the face's origin: its trim box's corner
            face = match_faces.front if slot.side == "front" else match_faces.back
            draw_face(canvas, face(deck, card, spec.diameter), RoundCardData(deck, card),
                      (b, b, b, b))  # fmt: skip
            canvas.restoreState()
            if spec.cut_lines:
                cut_circle(canvas, spec.diameter)
            canvas.restoreState()
        if page.side == "front":
            _footer(canvas, deck, page, spec, width, height)

    return draw


def credit_line(deck: MatchDeckData) -> str:
    head = f"Spot the Match · {deck.name}"
    if not deck.credit:
        return head
    return f"{head} · {in_language(deck.language, SYMBOLS_CREDIT)}: {deck.credit}"


def _footer(
    canvas: Canvas, deck: MatchDeckData, page: RoundPage, spec: RoundSpec, w: float, h: float
) -> None:
    highest = min(s.cy for s in page.slots) - spec.diameter / 2 - spec.bleed
    if highest < FOOTER_ROOM:
        return  # no room above the cards: the about page still credits the icons
    regular, _ = register_fonts()
    text = credit_line(deck)
    room = (w - 2 * spec.margin) * mm
    size = min(FOOTER_SIZE, room / run_width(text, regular, 1))
    canvas.setFillColorRGB(0.3, 0.3, 0.3)
    y = (h - highest / 2) * mm - size / 3
    draw_string(canvas, w / 2 * mm, y, text, regular, size, "middle")


def face_name(card: MatchCardData, side: str) -> str:
    role = f"{card.role}-{card.colour}" if card.colour else card.role
    return f"{card.number:04d}-{side}-{role}"


def render_match_png_zip(deck: MatchDeckData, spec: RoundSpec, dpi: int = 300) -> bytes:
    """One square PNG per face (card plus bleed; outside the bleed circle stays white)."""
    check_match_deck(deck)
    if not deck.cards:
        raise KitError(in_language(deck.language, EMPTY))
    doc = Document("Spot the Match faces", compress=False)
    size = spec.diameter + 2 * spec.bleed
    names = []
    for card in deck.cards:
        for side, face in (("front", match_faces.front), ("back", match_faces.back)):

            def draw(canvas: Canvas, w: float, h: float, card=card, face=face) -> None:
                b = spec.bleed
                canvas.translate(b * mm, b * mm)
                draw_face(canvas, face(deck, card, spec.diameter), RoundCardData(deck, card),
                          (b, b, b, b))  # fmt: skip

            doc.add_page(size, size, draw)
            names.append(face_name(card, side))
    pdf = doc.finish()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, png in zip(names, rasterise(pdf, dpi), strict=True):
            archive.writestr(f"{name}.png", png)
    return out.getvalue()


# --- the kit ---------------------------------------------------------------------------------

SYMBOLS_CREDIT = _("Symbols")
EMPTY = _("This deck has no cards yet.")


def spec_of(job: Job) -> RoundSpec:
    try:
        return RoundSpec(
            paper=job.paper,
            diameter=job["diameter"],
            bleed=job["bleed"],
            layout=job["layout"],
            cut_lines=job["cut_lines"],
        )
    except SheetError as exc:
        raise KitError(str(exc)) from None


def job_for(deck: MatchDeckData, spec: RoundSpec, what: str = "kit", dpi: int = 300) -> Job:
    """The kit's job for a deck's data and a round-sheet spec (tests, benchmarks)."""
    given = {
        "what": what,
        "paper": spec.paper,
        "diameter": spec.diameter,
        "bleed": spec.bleed,
        "layout": spec.layout,
        "cut_lines": spec.cut_lines,
        "dpi": dpi,
    }
    return KIT.clean(given, source=deck)


def _check(job: Job) -> None:
    deck: MatchDeckData = job.source
    spec_of(job)
    if not deck.cards:
        raise KitError(in_language(deck.language, EMPTY))
    check_match_deck(deck)


def _load(deck, language: str | None) -> MatchDeckData:
    """The card source of a match deck of the card database, in ``language`` or its own."""
    return deck.match.as_data(language or None)


def _fingerprint(deck) -> str:
    """Everything a match deck prints: its cards, symbols and names, as JSON."""
    return json.dumps(deck.match.as_data().as_json(), sort_keys=True)


def _count(deck) -> int:
    return deck.match.cards.count()


def _unready(deck) -> str | None:
    """A deck of the match edition prints once ``make_match_deck`` has made its cards."""
    if hasattr(deck, "match"):
        return None
    return f"the match deck {deck.slug!r} has no cards yet (make_match_deck)"


def _credit(deck) -> str:
    """The symbol set (and its licence) beside the card count on the print page."""
    symbols = deck.match.symbol_set
    return f"{symbols.name} ({symbols.licence})" if symbols.licence else symbols.name


def _faces(job: Job, parts: tuple[str, ...], out=None, progress=None, processes=1):
    """Round faces are few (at most 273): drawn in one go, then written."""
    if progress is not None:
        progress.set_total(1)
    data = render_match_png_zip(job.source, spec_of(job), job["dpi"])
    if out is None:
        return data
    with open(out, "wb") as file:
        file.write(data)
    if progress is not None:
        progress.advance()
    return None


def _cards_part(doc: Document, job: Job) -> None:
    add_round_sheets(doc, job.source, spec_of(job))


def _rules_part(doc: Document, job: Job) -> None:
    for language in (job.language, "en" if job.language == "de" else "de"):
        rules_sheet.add_rules(doc, rules.sheet(language), job.paper)


PARTS = (
    Part("cards", _("Round cards"), _cards_part, faces=True, duplex=True),
    Part("rules", _("Rules (German and English)"), _rules_part, cut=False),
)
KIT = Kit(
    rules=rules.sheet,
    slug="match",
    title=_("Spot the Match"),
    description=_("a match deck's round cards and the rules of the island games"),
    parts=PARTS,
    options=(
        what_option(PARTS, "cards"),
        LANGUAGE,
        PAPER,
        choice("layout", _("Layout"), "duplex-long", ROUND_LAYOUTS, LAYOUT_LABELS),
        Option(
            "diameter",
            _("Diameter (mm)"),
            DEFAULT_DIAMETER,
            kind=float,
            min=MIN_DIAMETER,
            max=MAX_DIAMETER,
        ),
        BLEED,
        Option("cut_lines", _("Cut lines"), True, kind=bool),
        DPI,
    ),
    source="deck",
    editions=("match",),
    check=_check,
    load=_load,
    faces_zip=_faces,
    fingerprint=_fingerprint,
    count=_count,
    unready=_unready,
    credit=_credit,
)
