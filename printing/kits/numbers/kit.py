"""The Numbers kit (the cooperative calculation game): a 54-card deck with large indices for
classes without playing cards, a target sheet, and the rules in German and English.

The deck is ``cards.games``'s, the same the play edition deals; its faces are the playing-card
designs of ``printing.kits.numbers.faces``, drawn by the one face renderer.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.games.numbers import numbers_deck
from cards.options import choice
from printing.core import pagedraw, rules_sheet
from printing.core.colours import colour
from printing.core.data import CardData
from printing.core.document import Document
from printing.core.i18n import in_language
from printing.core.kit import (
    BLEED,
    CROP_MARKS,
    DPI,
    FIXED_LANGUAGE,
    LAYOUT,
    PAPER,
    PRESET,
    Job,
    Kit,
    KitError,
    Part,
    apply_preset,
    what_option,
)
from printing.core.png import faces_zip
from printing.core.sheets import CARD_SIZES, MIN_MARGIN, SheetError, SheetSpec
from printing.kits.numbers import (
    faces,  # noqa: F401  (registers the kit's card designs)
    rules,
)

INKS = {"S": "#111111", "H": "#c8102e", "D": "#c8102e", "C": "#111111", "": "#6a1b9a"}


def deck(language: str = "de") -> list[CardData]:
    """The 54 cards: A–K of spades, hearts, diamonds and clubs, then two jokers, as card data
    for the face designs of ``printing.kits.numbers.faces``."""
    return [
        CardData(
            "numbers",
            number,
            card.rank or "Joker",
            language=language,
            rank=card.rank,
            suit=card.suit,
            value_of=card.value,
            ink=INKS[card.suit],
        )
        for number, card in enumerate(numbers_deck(), 1)
    ]


def add_deck(doc: Document, spec: SheetSpec, language: str = "de") -> None:
    """The 54 cards imposed on sheets (fronts, and backs for duplex or fold layouts)."""
    doc.add_sheets(deck(language), spec)


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


def spec_of(job: Job) -> SheetSpec:
    try:
        return SheetSpec(
            job.paper, job["card_size"], job["layout"], job["bleed"], crop_marks=job["crop_marks"]
        )
    except SheetError as exc:
        raise KitError(str(exc)) from None


def _deck_part(doc: Document, job: Job) -> None:
    add_deck(doc, spec_of(job), job.language)


def _faces(job: Job, parts: tuple[str, ...], **write) -> bytes | None:
    return faces_zip(deck(job.language), spec_of(job), job["dpi"], **write)


def _rules_part(doc: Document, job: Job) -> None:
    other = "en" if job.language == "de" else "de"
    for language in (job.language, other):
        rules_sheet.add_rules(doc, rules.sheet(language), job.paper)


PARTS = (
    Part("deck", _("54 playing cards"), _deck_part, faces=True, duplex=True),
    Part("sheet", _("Target sheet"), lambda doc, job: add_note_sheet(doc, job.language, job.paper)),
    Part("rules", _("Rules (German and English)"), _rules_part, cut=False),
)
KIT = Kit(
    rules=rules.sheet,
    slug="numbers",
    title=_("Spot On: Numbers"),
    description=_("54 playing cards with large indices, a target sheet, the rules"),
    parts=PARTS,
    options=(
        what_option(PARTS),
        FIXED_LANGUAGE,
        PAPER,
        choice("card_size", _("Card size"), "poker", tuple(CARD_SIZES)),
        LAYOUT,
        BLEED,
        CROP_MARKS,
        DPI,
        PRESET,
    ),
    refine=apply_preset,
    faces_zip=_faces,
)
