"""What a print request produces: options in, PDF (or PNG zip) bytes out. No database here."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field

from printing import pages
from printing.data import CardData, tip_cards
from printing.fonts import GlyphError
from printing.pdf import Document, expand_quantities
from printing.png import faces_zip
from printing.shaping import check_text
from printing.sheets import SheetError, SheetSpec

WHATS = ("cards", "tips", "map", "quiz-map", "poster", "boards", "kit")
# What each edition's kit has; editions not listed print their cards.
EDITION_PARTS = {
    "germany": ("cards", "tips", "map", "quiz-map", "poster", "kit"),
    "world": ("cards", "boards", "poster", "kit"),
}
PNG_PARTS = ("cards", "tips")
RENDER_VERSION = "2"  # bump when the printed design changes, so cached files are not reused
TRACK_LENGTHS = (10, 120)

_MESSAGES = {
    "empty": {"de": "Dieses Deck hat noch keine Karten.", "en": "This deck has no cards yet."},
    "part": {
        "de": "„{what}“ gibt es in der Ausgabe „{edition}“ nicht; möglich: {choices}.",
        "en": "'{what}' does not exist in the {edition} edition; choose one of {choices}.",
    },
    "png": {
        "de": "PNG-Dateien gibt es nur für Karten ({choices}), nicht für „{what}“.",
        "en": "PNG files are made of cards only ({choices}), not of '{what}'.",
    },
    "glyph": {
        "de": "„{name}“ (Karte {number}) lässt sich nicht drucken: {detail}",
        "en": "Cannot print '{name}' (card {number}): {detail}",
    },
}


class PrintError(ValueError):
    """A request this deck cannot fulfil; the message is in the deck's language."""


def message(key: str, language: str, **values: object) -> str:
    texts = _MESSAGES[key]
    return texts.get(language, texts["en"]).format(**values)


def parts_for(edition: str) -> tuple[str, ...]:
    """The kit parts an edition has, in menu order."""
    return EDITION_PARTS.get(edition, ("cards",))


@dataclass(frozen=True)
class PrintOptions:
    what: str = "cards"
    layout: str = "duplex-long"
    card_size: str = "skat"
    paper: str = "a4"
    bleed: float = 3.0
    crop_marks: bool = True
    dpi: int = 300
    preset: str = ""  # a print shop's preset: overrides card size, bleed and dpi
    track_length: int | None = None  # world scoring track; None: the play app's setting

    def __post_init__(self) -> None:
        if self.what not in WHATS:
            raise SheetError(f"unknown part {self.what!r}; choose one of {', '.join(WHATS)}")
        if self.preset:
            from printing.presets import PRESETS

            preset = PRESETS.get(self.preset)
            if preset is None:
                raise SheetError(
                    f"unknown preset {self.preset!r}; choose one of {', '.join(PRESETS)}"
                )
            object.__setattr__(self, "card_size", preset.card_size)
            object.__setattr__(self, "bleed", preset.bleed)
            object.__setattr__(self, "dpi", preset.dpi)
        if not 72 <= self.dpi <= 1200:
            raise SheetError(f"dpi must be between 72 and 1200, not {self.dpi}")
        low, high = TRACK_LENGTHS
        if self.track_length is not None and not low <= self.track_length <= high:
            raise SheetError(
                f"track length must be between {low} and {high}, not {self.track_length}"
            )
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
    # name, lat, lon and population (labels go to the most populous first)
    dots: list[tuple] = field(default_factory=list)


def _card_set(deck: DeckInfo, what: str) -> list[CardData]:
    if what == "tips":
        return tip_cards(deck.language) if "tips" in parts_for(deck.edition) else []
    return deck.cards


def check_cards(cards: list[CardData], language: str) -> None:
    """Refuse, naming the card and the character, any text no shipped font can print."""
    for card in cards:
        for key in ("name", "state", "description", "board_name", "solutions", "tip_caption"):
            try:
                check_text(card.value(key))
            except GlyphError as exc:
                raise PrintError(
                    message("glyph", language, name=card.name, number=card.number, detail=exc)
                ) from None


def _check_part(deck: DeckInfo, what: str) -> None:
    parts = parts_for(deck.edition)
    if what not in parts:
        choices = ", ".join(parts)
        raise PrintError(
            message("part", deck.language, what=what, edition=deck.edition, choices=choices)
        )
    if what == "cards" and not deck.cards:
        raise PrintError(message("empty", deck.language))


def render_pdf(deck: DeckInfo, options: PrintOptions) -> bytes:
    """The PDF for ``options.what`` of ``deck``; ``PrintError`` for a part it does not have."""
    what = options.what
    _check_part(deck, what)
    check_cards(deck.cards, deck.language)
    doc = Document(
        f"Spot On · {deck.name} · {_TITLES.get(what, what)}",
        subject=f"Spot On ({deck.edition}): {deck.name}",
    )
    spec = options.spec
    if what in ("cards", "kit") and deck.cards:
        doc.add_sheets(expand_quantities(_card_set(deck, "cards")), spec)
    if what in ("tips", "kit") and "tips" in parts_for(deck.edition):
        doc.add_sheets(_card_set(deck, "tips"), spec)
    if what in ("map", "kit") and deck.edition == "germany":
        pages.add_germany_map(doc, deck, options.paper)
    if what in ("quiz-map", "kit") and deck.edition == "germany":
        pages.add_germany_map(doc, deck, options.paper, quiz=True)
    if what == "poster":
        pages.add_poster(doc, deck, options.paper)
    if what in ("boards", "kit") and deck.edition == "world":
        pages.add_boards(doc, deck, options.paper)
    if what == "kit":
        pages.add_extras(doc, deck, options.paper, options.track_length)
    return doc.finish()


_TITLES = {
    "cards": "cards",
    "tips": "tip cards",
    "map": "map",
    "quiz-map": "quiz map",
    "poster": "poster",
    "boards": "boards",
    "kit": "kit",
}


def render_png_zip(deck: DeckInfo, options: PrintOptions) -> bytes:
    """One PNG per card face (with bleed) of the chosen card set."""
    what = options.what
    if what not in PNG_PARTS:
        raise PrintError(message("png", deck.language, what=what, choices=", ".join(PNG_PARTS)))
    _check_part(deck, what)
    cards = _card_set(deck, what)
    check_cards(cards, deck.language)
    return faces_zip(cards, options.spec, options.dpi)
