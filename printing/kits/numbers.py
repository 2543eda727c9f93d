"""The Numbers kit (the cooperative calculation game): a 54-card deck with large indices for
classes without playing cards, a target sheet, and the rules in German and English.

The deck is ``cards.gamedata``'s, the same the play edition deals; the faces are drawn here
onto the sheets the document imposes.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.gamedata import SUIT_SYMBOLS, NumbersCard, numbers_deck
from printing import pagedraw, rules
from printing.colours import colour
from printing.fonts import register_fonts
from printing.i18n import in_language
from printing.kitcore import (
    BLEED,
    CROP_MARKS,
    FIXED_LANGUAGE,
    LAYOUT,
    PAPER,
    Job,
    Kit,
    Option,
    Part,
    what_option,
)
from printing.pdf import Document
from printing.shaping import draw_string
from printing.sheets import CARD_SIZES, MIN_MARGIN, SheetSpec

INKS = {"S": "#111111", "H": "#c8102e", "D": "#c8102e", "C": "#111111", "": "#6a1b9a"}
BACK_COLOUR = "#12355b"
BACK_NAME = _("Numbers")


@dataclass(frozen=True)
class PlayingCard:
    rank: str  # "A", "2" … "10", "J", "Q", "K", or "" for a joker
    value: int  # 1–13; 0 for a joker
    symbol: str  # ♠ ♥ ♦ ♣, or "" for a joker
    ink: str

    @property
    def joker(self) -> bool:
        return self.value == 0


def _printed(card: NumbersCard) -> PlayingCard:
    return PlayingCard(card.rank, card.value, SUIT_SYMBOLS.get(card.suit, ""), INKS[card.suit])


def deck() -> list[PlayingCard]:
    """The 54 cards: A–K of spades, hearts, diamonds and clubs, then two jokers."""
    return [_printed(card) for card in numbers_deck()]


def _fonts() -> tuple[str, str]:
    return register_fonts()


def _centred(c: Canvas, x: float, y: float, text: str, size: float, font: str) -> None:
    draw_string(c, x * mm, y * mm, text, font, size, "middle")


def _index(c: Canvas, card: PlayingCard, x: float, top: float, size: float) -> None:
    """A large corner index: the rank over the suit (x, top in mm from the card's bottom-left)."""
    _regular, bold = _fonts()
    rank = "★" if card.joker else card.rank
    narrow = 0.78 if len(rank) > 1 else 1.0  # "10" keeps the height of the others, nearly
    _centred(c, x, top - size * 0.75, rank, size * 2.83 * narrow, bold)
    if card.symbol:
        _centred(c, x, top - size * 1.65, card.symbol, size * 2.4, bold)


def draw_front(c: Canvas, card: PlayingCard, w: float, h: float, bleed: tuple) -> None:
    """One card face at the origin (mm), ``w``×``h`` trimmed, white into the bleed."""
    left, top, right, bottom = bleed
    c.setFillColor(colour("#ffffff"))
    c.rect(-left * mm, -bottom * mm, (w + left + right) * mm, (h + top + bottom) * mm, 0, 1)
    c.setFillColor(colour(card.ink))
    regular, bold = _fonts()
    index = w * 0.16  # mm: the rank's cap height is about this, so it reads across a table
    _index(c, card, 4 + index * 0.55, h - 4, index)
    c.saveState()
    c.translate(w * mm, h * mm)
    c.rotate(180)
    _index(c, card, 4 + index * 0.55, h - 4, index)
    c.restoreState()
    if card.joker:
        _centred(c, w / 2, h / 2 + 4, "JOKER", w * 0.42, bold)
        _centred(c, w / 2, h / 2 - 9, "1 – 13", w * 0.36, regular)
        return
    _centred(c, w / 2, h / 2 - w * 0.14, card.symbol, w * 1.25, bold)
    if card.rank in ("A", "J", "Q", "K"):
        _centred(c, w / 2, h * 0.22, f"= {card.value}", w * 0.38, bold)


def draw_back(c: Canvas, w: float, h: float, bleed: tuple, language: str = "de") -> None:
    left, top, right, bottom = bleed
    c.setFillColor(colour(BACK_COLOUR))
    c.rect(-left * mm, -bottom * mm, (w + left + right) * mm, (h + top + bottom) * mm, 0, 1)
    regular, bold = _fonts()
    c.setFillColor(colour("#2b5a8a"))
    signs = "+−×÷"
    step = w / 5
    for row in range(int(h / step) + 1):
        for col in range(5):
            sign = signs[(row + col) % 4]
            _centred(c, step * (col + 0.5), step * (row + 0.3), sign, step * 1.6, bold)
    c.setFillColor(colour("#ffffff"))
    c.roundRect((w * 0.12) * mm, (h / 2 - 9) * mm, (w * 0.76) * mm, 18 * mm, 2 * mm, 0, 1)
    c.setFillColor(colour(BACK_COLOUR))
    _centred(c, w / 2, h / 2 + 1, "Spot On", w * 0.3, bold)
    _centred(c, w / 2, h / 2 - 6, in_language(language, BACK_NAME), w * 0.24, regular)


def add_deck(doc: Document, spec: SheetSpec, language: str = "de") -> None:
    """The 54 cards imposed on sheets (fronts, and backs for duplex or fold layouts)."""
    cards = deck()
    w, h = spec.card

    def draw(c: Canvas, index: int, side: str, bleed: tuple) -> None:
        if side == "front":
            draw_front(c, cards[index], w, h, bleed)
        else:
            draw_back(c, w, h, bleed, language)

    doc.add_imposed([True] * len(cards), spec, draw, language)


SHEET_TEXT = {
    "title": _("Spot On: Numbers – target sheet"),
    "hits": _("Targets hit"),
    "target": _("Target"),
    "chain": _("Chain (each card: the calculation and the new total)"),
    "level": _("Level:  Easy  ·  Normal  ·  Hard  ·  Expert"),
}


def add_note_sheet(doc: Document, language: str, paper: str) -> None:
    """A sheet for the target and the running total, one row per target."""
    text = {key: in_language(language, label) for key, label in SHEET_TEXT.items()}
    w, h = pagedraw.portrait(paper)

    def draw(c: Canvas, pw: float, ph: float) -> None:
        m = MIN_MARGIN + 8
        pagedraw.text(c, m, ph - m, text["title"], 16, bold=True)
        pagedraw.text(c, m, ph - m - 8, text["level"], 10)
        pagedraw.text(c, m, ph - m - 16, text["hits"], 11, bold=True)
        c.setStrokeColor(colour("#000000"))
        c.setLineWidth(0.6)
        for box in range(6):
            c.rect((m + 42 + box * 12) * mm, (ph - m - 19) * mm, 9 * mm, 9 * mm, 1, 0)
        top, rows, first = ph - m - 26, 8, 28
        row_h = (top - m) / rows
        pagedraw.text(c, m + 2, top - 5, text["target"], 10, bold=True)
        pagedraw.text(c, m + first + 2, top - 5, text["chain"], 10, bold=True)
        for row in range(rows):
            y = top - 7 - row * row_h
            c.rect(m * mm, (y - row_h + 7) * mm, (pw - 2 * m) * mm, (row_h - 7) * mm, 1, 0)
            c.line((m + first) * mm, (y - row_h + 7) * mm, (m + first) * mm, y * mm)
            c.setDash(1, 2)
            for line in range(1, 4):
                ly = y - line * (row_h - 7) / 4
                c.line((m + first + 2) * mm, ly * mm, (pw - m - 2) * mm, ly * mm)
            c.setDash()

    doc.add_page(w, h, draw)


# --- the kit ---------------------------------------------------------------------------------


def _deck_part(doc: Document, job: Job) -> None:
    spec = SheetSpec(
        job.paper, job["card_size"], job["layout"], job["bleed"], crop_marks=job["crop_marks"]
    )
    add_deck(doc, spec, job.language)


def _rules_part(doc: Document, job: Job) -> None:
    other = "en" if job.language == "de" else "de"
    for language in (job.language, other):
        rules.add_rules(doc, "numbers", language, job.paper)


PARTS = (
    Part("deck", _("54 playing cards"), _deck_part, faces=False, duplex=True),
    Part("sheet", _("Target sheet"), lambda doc, job: add_note_sheet(doc, job.language, job.paper)),
    Part("rules", _("Rules (German and English)"), _rules_part, cut=False),
)
KIT = Kit(
    slug="numbers",
    title=_("Spot On: Numbers"),
    description=_("54 playing cards with large indices, a target sheet, the rules"),
    parts=PARTS,
    options=(
        what_option(PARTS),
        FIXED_LANGUAGE,
        PAPER,
        Option("card_size", _("Card size"), "poker", tuple(CARD_SIZES)),
        LAYOUT,
        BLEED,
        CROP_MARKS,
    ),
)
