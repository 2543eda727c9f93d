"""Printing a match deck: round cards on A4/Letter sheets, or one PNG per face. No database.

``render_match_pdf(deck, spec)`` takes the plain ``MatchDeckData`` of ``cards.matchdeck`` and a
``RoundSpec``; each front page carries a footer crediting the symbols' source and licence.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.matchdeck import MatchCardData, MatchDeckData
from printing.fonts import GlyphError, register_fonts
from printing.match_draw import cut_circle, draw_back, draw_front
from printing.pdf import Document
from printing.png import rasterise
from printing.round_sheets import RoundPage, RoundSpec, impose_round
from printing.shaping import check_text, draw_string
from printing.shaping import width as run_width

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
                raise GlyphError(f"card {card.number}, symbol {label!r}: {exc}") from None


def render_match_pdf(deck: MatchDeckData, spec: RoundSpec) -> bytes:
    check_match_deck(deck)
    doc = Document(f"Spot the Match · {deck.name}")
    cards = list(deck.cards)
    # Every card has a back: its role's, or the deck's name on plain symbol cards.
    for page in impose_round([True] * len(cards), spec):
        doc.add_page(page.width, page.height, _page_drawer(deck, cards, page, spec))
    return doc.finish()


def _page_drawer(
    deck: MatchDeckData, cards: list[MatchCardData], page: RoundPage, spec: RoundSpec
) -> Callable[[Canvas, float, float], None]:
    def draw(canvas: Canvas, width: float, height: float) -> None:
        for slot in page.slots:
            card = cards[slot.card]
            canvas.saveState()
            canvas.translate(slot.cx * mm, (height - slot.cy) * mm)
            if slot.rotate:
                canvas.rotate(slot.rotate)
            face = draw_front if slot.side == "front" else draw_back
            face(canvas, deck, card, spec.diameter, spec.bleed)
            if spec.cut_lines:
                cut_circle(canvas, spec.diameter)
            canvas.restoreState()
        if page.side == "front":
            _footer(canvas, deck, page, spec, width, height)

    return draw


def credit_line(deck: MatchDeckData) -> str:
    if deck.language == "de":
        head = f"Spot the Match · {deck.name}"
        return f"{head} · Symbole: {deck.credit}" if deck.credit else head
    head = f"Spot the Match · {deck.name}"
    return f"{head} · Symbols: {deck.credit}" if deck.credit else head


def _footer(
    canvas: Canvas, deck: MatchDeckData, page: RoundPage, spec: RoundSpec, w: float, h: float
) -> None:
    lowest = max(s.cy for s in page.slots) + spec.diameter / 2 + spec.bleed
    if h - lowest < FOOTER_ROOM:
        return  # no room below the cards: the about page still credits the icons
    regular, _ = register_fonts()
    text = credit_line(deck)
    room = (w - 2 * spec.margin) * mm
    size = min(FOOTER_SIZE, room / run_width(text, regular, 1))
    canvas.setFillColorRGB(0.3, 0.3, 0.3)
    draw_string(canvas, w / 2 * mm, (h - lowest) / 2 * mm - size / 3, text, regular, size, "middle")


def face_name(card: MatchCardData, side: str) -> str:
    role = f"{card.role}-{card.colour}" if card.colour else card.role
    return f"{card.number:04d}-{side}-{role}"


def render_match_png_zip(deck: MatchDeckData, spec: RoundSpec, dpi: int = 300) -> bytes:
    """One square PNG per face (card plus bleed; outside the bleed circle stays white)."""
    check_match_deck(deck)
    doc = Document("Spot the Match faces", compress=False)
    size = spec.diameter + 2 * spec.bleed
    names = []
    for card in deck.cards:
        for side, face in (("front", draw_front), ("back", draw_back)):

            def draw(canvas: Canvas, w: float, h: float, card=card, face=face) -> None:
                canvas.translate(w / 2 * mm, h / 2 * mm)
                face(canvas, deck, card, spec.diameter, spec.bleed)

            doc.add_page(size, size, draw)
            names.append(face_name(card, side))
    pdf = doc.finish()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, png in zip(names, rasterise(pdf, dpi), strict=True):
            archive.writestr(f"{name}.png", png)
    return out.getvalue()
