"""The place quiz sheet: a deck's places as a numbered list for pupils to find and mark on the
quiz map (the grid kit's "quiz map", or a wall map), with an answer key for the teacher: each
place's grid numbers (north–south, west–east) or, for a World deck, its board and fields.

It prints any deck of the Germany, grid and World editions beside that deck's own kit
(``/print/<deck>/?kit=quiz``, ``render_kit quiz --deck <deck>``).
"""

from __future__ import annotations

import random

from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.options import Option, choice
from printing.core import pagedraw
from printing.core.data import CardData
from printing.core.deck import DeckInfo, PrintError, check_cards
from printing.core.deck_source import deck_fingerprint, deck_info
from printing.core.deckkit import EMPTY, deck_of
from printing.core.document import Document
from printing.core.i18n import in_language
from printing.core.kit import LANGUAGE, PAPER, Job, Kit, Part, what_option
from printing.core.sheets import MIN_MARGIN

TITLE = _("Where is it? Mark these places on the map")
NOTE = _("Write each place's number beside its dot on the quiz map.")
KEY = _("Answer key")
LINE = 7.0  # mm per place: room to read the name and write beside it
ORDERS = {"deck": _("as in the deck"), "name": _("by name"), "shuffled": _("shuffled")}


def places(job: Job) -> list[CardData]:
    """The deck's places in the order asked for, at most ``count`` of them. "shuffled" is
    the same shuffle every time for the same deck, so that a sheet and its key agree."""
    cards = list(deck_of(job).cards)
    if job["order"] == "name":
        cards.sort(key=lambda card: card.name.casefold())
    elif job["order"] == "shuffled":
        random.Random(deck_of(job).name).shuffle(cards)
    return cards[: job["count"]] if job["count"] else cards


def answer(card: CardData) -> str:
    """Where the place is: its board and fields (World), or its two grid numbers."""
    if card.solutions:
        return ", ".join(card.solutions)
    if card.ns is None or card.we is None:
        return ""
    return f"{card.ns} / {card.we}"


def _pages(doc: Document, job: Job, key: bool) -> None:
    deck: DeckInfo = deck_of(job)
    language = job.language
    pw, ph = pagedraw.portrait(job.paper)
    m = MIN_MARGIN + 8
    per_page = int((ph - 2 * m - 18) // LINE)
    listed = places(job)
    title = in_language(language, KEY if key else TITLE)
    note = deck.name if key else f"{deck.name} · {in_language(language, NOTE)}"
    for start in range(0, max(len(listed), 1), per_page):
        chunk = listed[start : start + per_page]

        def draw(c: Canvas, w: float, h: float, chunk=chunk, start=start) -> None:
            pagedraw.text(c, m, h - m, title, 14, bold=True)
            pagedraw.text(c, m, h - m - 6, note, 8, fill="#555555")
            for i, card in enumerate(chunk):
                y = h - m - 16 - i * LINE
                pagedraw.text(c, m + 8, y, str(start + i + 1), 10, bold=True, anchor="end")
                pagedraw.text(c, m + 11, y, card.name, 10)
                if key:
                    pagedraw.text(c, w - m, y, answer(card), 10, anchor="end")
                else:  # a line to write on
                    c.setStrokeColorRGB(0.6, 0.6, 0.6)
                    c.setLineWidth(0.4)
                    c.line((w - m - 30) * mm, (y - 1) * mm, (w - m) * mm, (y - 1) * mm)

        doc.add_page(pw, ph, draw)


PARTS = (
    Part("sheet", _("Quiz sheet"), lambda doc, job: _pages(doc, job, key=False), cut=False),
    Part("key", _("Answer key"), lambda doc, job: _pages(doc, job, key=True), cut=False),
)


def _check(job: Job) -> None:
    deck = deck_of(job)
    if not deck.cards:
        raise PrintError(in_language(deck.language, EMPTY))
    check_cards(deck.cards, deck.language)


KIT = Kit(
    slug="quiz",
    title=_("Place quiz sheet"),
    description=_("a deck's places to find on the quiz map, and the answer key"),
    parts=PARTS,
    options=(
        what_option(PARTS),
        LANGUAGE,
        PAPER,
        choice("order", _("Order"), "shuffled", tuple(ORDERS), ORDERS),
        Option("count", _("Places (0: all)"), 0, min=0, max=500),
    ),
    source="deck",
    editions=("germany", "grid", "world"),
    companion=True,
    check=_check,
    load=deck_info,
    fingerprint=deck_fingerprint,
    count=lambda deck: deck.cards.count(),
)
