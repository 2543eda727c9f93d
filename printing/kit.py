"""What a print request produces: options in, PDF (or PNG zip) bytes out. No database here."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field

from printing.data import CardData, tip_cards
from printing.pdf import Document, expand_quantities
from printing.sheets import SheetError, SheetSpec

WHATS = ("cards", "tips", "map", "poster", "boards", "kit")
RENDER_VERSION = "1"  # bump when the printed design changes, so cached files are not reused


@dataclass(frozen=True)
class PrintOptions:
    what: str = "cards"
    layout: str = "duplex-long"
    card_size: str = "skat"
    paper: str = "a4"
    bleed: float = 3.0
    crop_marks: bool = True
    dpi: int = 300

    def __post_init__(self) -> None:
        if self.what not in WHATS:
            raise SheetError(f"unknown part {self.what!r}; choose one of {', '.join(WHATS)}")
        if not 72 <= self.dpi <= 1200:
            raise SheetError(f"dpi must be between 72 and 1200, not {self.dpi}")
        self.spec  # noqa: B018 - validates the sheet options early, with their message

    @property
    def spec(self) -> SheetSpec:
        return SheetSpec(
            self.paper, self.card_size, self.layout, self.bleed, crop_marks=self.crop_marks
        )

    def key(self, content: str) -> str:
        raw = json.dumps([RENDER_VERSION, content, asdict(self)], sort_keys=True)
        return hashlib.sha256(raw.encode()).hexdigest()


@dataclass(frozen=True)
class DeckInfo:
    """A deck as the printer sees it."""

    name: str
    edition: str  # "germany" | "world"
    language: str
    cards: list[CardData]
    dots: list[tuple[str, float, float]] = field(default_factory=list)  # name, lat, lon


def _card_set(deck: DeckInfo, what: str) -> list[CardData]:
    if what == "tips":
        return tip_cards(deck.language) if deck.edition == "germany" else []
    return deck.cards


def render_pdf(deck: DeckInfo, options: PrintOptions) -> bytes:
    """The PDF for ``options.what`` of ``deck``."""
    doc = Document(f"Spot On · {deck.name}")
    spec = options.spec
    what = options.what
    if what in ("cards", "kit"):
        doc.add_sheets(expand_quantities(_card_set(deck, "cards")), spec)
    if what in ("tips", "kit") and deck.edition == "germany":
        doc.add_sheets(_card_set(deck, "tips"), spec)
    if what in ("map", "kit") and deck.edition == "germany":
        _pages().add_germany_map(doc, deck, options.paper)
    if what == "poster":
        _pages().add_poster(doc, deck, options.paper)
    if what in ("boards", "kit") and deck.edition == "world":
        _pages().add_boards(doc, deck, options.paper)
    if what == "kit":
        _pages().add_extras(doc, deck, options.paper)
    if doc.pages == 0:
        _pages().add_notice(doc, options.paper, _nothing(deck, what))
    return doc.finish()


def _pages():
    """The full-page parts; they pull in the geometry code, so only when a part needs them."""
    from printing import pages

    return pages


def _nothing(deck: DeckInfo, what: str) -> str:
    if not deck.cards and what in ("cards", "kit"):
        if deck.language == "en":
            return "This deck has no cards yet."
        return "Dieses Deck hat noch keine Karten."
    return f"Nothing to print: '{what}' does not exist for the {deck.edition} edition."


def render_png_zip(deck: DeckInfo, options: PrintOptions) -> bytes:
    """One PNG per card face (with bleed) of the chosen card set."""
    from printing.png import faces_zip

    what = "tips" if options.what == "tips" else "cards"
    return faces_zip(_card_set(deck, what), options.spec, options.dpi)
