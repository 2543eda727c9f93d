"""The plain data a card face shows, and the formatting of numbers and labels.

No Django here: ``printing.cards`` builds these from the database, the benchmark and the tests
build them directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cards.gamedata import SUIT_SYMBOLS
from printing.colours import ink_for

# Colours of the world edition's card backs/fronts and the tip cards' player colours.
CARD_COLOURS = {"yellow": "#f7d038", "orange": "#f39a2b", "green": "#8cc665"}
PLAYER_COLOURS = {
    "red": ("#c0392b", "#ffffff"),
    "blue": ("#1f5fa8", "#ffffff"),
    "green": ("#1e8449", "#ffffff"),
    "yellow": ("#f4d03f", "#1b1b1b"),
}
KIND_LABELS = {
    "de": {
        "city": "Stadt",
        "mountains": "Gebirge",
        "river": "Fluss",
        "lake": "See",
        "island": "Insel",
        "sea": "Meer",
        "desert": "Wüste",
        "region": "Region",
    },
    "en": {
        "city": "City",
        "mountains": "Mountains",
        "river": "River",
        "lake": "Lake",
        "island": "Island",
        "sea": "Sea",
        "desert": "Desert",
        "region": "Region",
    },
}


def format_population(n: int | None, language: str) -> str:
    """'111.407 Einwohner' in German decks, '111,407 inhabitants' in English ones."""
    if n is None:
        return ""
    grouped = f"{n:,}"
    if language == "de":
        return grouped.replace(",", ".") + " Einwohner"
    return grouped + (" inhabitant" if n == 1 else " inhabitants")


@dataclass(frozen=True)
class CardData:
    """What one printed card (both sides) needs; ``kind`` picks the design."""

    kind: str  # "germany" | "world" | "tip"
    number: int
    name: str
    language: str = "de"
    state: str = ""
    description: str = ""
    population: int | None = None
    ns: int | None = None
    we: int | None = None
    place_kind: str = "city"
    colour: str = ""  # world: yellow/orange/green
    board: str = ""
    board_name: str = ""
    board_colour: str = "#555555"
    solutions: tuple[str, ...] = ()
    solution_texts: tuple[str, ...] = ()
    tip_letter: str = ""
    tip_caption: str = ""
    accent: str = "#888888"
    ink: str = "#000000"
    edition_mark: str = ""
    # A grid edition's name on the front's wordmark ("" for Germany's: DEUTSCHLAND).
    edition_name: str = ""
    rank: str = ""  # playing cards: A, 2 … 10, J, Q, K; "" for a joker
    suit: str = ""  # S H D C; "" for a joker
    value_of: int = 0  # what the card counts (Numbers: A 1 … K 13; 0 for a joker)
    quantity: int = 1
    back: CardData | None = field(default=None, compare=False)  # a different back (tip cards)
    has_back: bool = True

    @property
    def file_stem(self) -> str:
        words = "".join(c if c.isalnum() else " " for c in self.name).split()
        return f"{self.number:04d}-{{side}}-{'_'.join(words) or 'card'}"

    def value(self, key: str) -> str:
        """The text of a data field, as printed."""
        if key == "population":
            return format_population(self.population, self.language)
        if key in ("ns", "we"):
            number = getattr(self, key)
            return "" if number is None else str(number)
        if key == "solutions":
            lines = []
            for code, text in zip(self.solutions, self.solution_texts, strict=False):
                lines.append(f"**{printed_code(code, self.language)}**")
                if text:
                    # Keep "Feld C" together: a lone letter at a line start reads badly.
                    head, _, letter = text.rpartition(" ")
                    lines.append(f"{head}\u00a0{letter}" if head else text)
            return "\n".join(lines)
        if key in PLAYING_CARD_FIELDS:
            return _playing_card_value(self, key)
        if key == "kind_label":
            return KIND_LABELS.get(self.language, KIND_LABELS["en"]).get(self.place_kind, "")
        return str(getattr(self, key))

    def colour_value(self, key: str) -> str:
        if key == "card_colour":
            return CARD_COLOURS.get(self.colour, "#dddddd")
        if key == "board_ink":  # the board's name on its colour, legible on each board
            return ink_for(self.board_colour)
        return str(getattr(self, key))


def printed_code(code: str, language: str) -> str:
    """A solution as printed: English cards call the east column E (the data says O, Ost)."""
    if language != "en":
        return code
    parts = code.split("-")
    if len(parts) == 4 and parts[1] == "O":
        parts[1] = "E"
    return "-".join(parts)


def edition_title(edition: str, language: str, grid_name: str = "") -> str:
    """'Spot On: Deutschland', 'Spot On: The World'; a grid edition's: 'Spot On: Österreich'."""
    if grid_name:
        return f"Spot On: {grid_name}"
    return {
        ("germany", "de"): "Spot On: Deutschland",
        ("germany", "en"): "Spot On: Germany",
        ("world", "de"): "Spot On: Die Welt",
        ("world", "en"): "Spot On: The World",
    }.get((edition, language), "Spot On")


def edition_mark(
    edition: str, language: str, deck_name: str, number: int, grid_name: str = ""
) -> str:
    """'Spot On: Deutschland · Klasse 7b · 12'; a deck named like its edition is not repeated.
    ``grid_name``: a grid edition's name in the deck's language ('Österreich')."""
    title = edition_title(edition, language, grid_name)
    name = deck_name.strip()
    if not name or name.casefold() in title.casefold():
        return f"{title} · {number}"
    return f"{title} · {name} · {number}"


TIP_CARDS = {
    "de": [
        ("N", "liegt am weitesten im Norden"),
        ("S", "liegt am weitesten im Süden"),
        ("W", "liegt am weitesten im Westen"),
        ("O", "liegt am weitesten im Osten"),
        ("+", "Die meisten Einwohner"),
        ("−", "Die wenigsten Einwohner"),
    ],
    "en": [
        ("N", "lies furthest north"),
        ("S", "lies furthest south"),
        ("W", "lies furthest west"),
        ("E", "lies furthest east"),
        ("+", "most inhabitants"),
        ("−", "fewest inhabitants"),
    ],
}
TIP_MIDDLE = {
    "de": ("M", "liegt in keiner Richtung am weitesten außen"),
    "en": ("M", "is furthest in no direction"),
}


def tip_cards(language: str = "de", first_number: int = 1, grid_name: str = "") -> list[CardData]:
    """The 24 tip cards: 6 per player colour; W carries M on its back, the others the
    colour's plain back. Marked with Germany's edition, or the grid edition ``grid_name``."""
    cards = []
    number = first_number
    mark = edition_title("germany", "de" if language == "de" else "en", grid_name)
    for colour, (accent, ink) in PLAYER_COLOURS.items():
        for letter, caption in TIP_CARDS.get(language, TIP_CARDS["en"]):
            back = CardData(
                "tip-back",
                number,
                f"{colour}-back",
                language,
                accent=accent,
                ink=ink,
                edition_mark=mark,
            )
            if letter == "W":
                m_letter, m_caption = TIP_MIDDLE.get(language, TIP_MIDDLE["en"])
                back = CardData(
                    "tip",
                    number,
                    f"{colour}-M",
                    language,
                    tip_letter=m_letter,
                    tip_caption=m_caption,
                    accent=accent,
                    ink=ink,
                    edition_mark=mark,
                )
            cards.append(
                CardData(
                    "tip",
                    number,
                    f"{colour}-{letter}",
                    language,
                    tip_letter=letter,
                    tip_caption=caption,
                    accent=accent,
                    ink=ink,
                    edition_mark=mark,
                    back=back,
                )
            )
            number += 1
    return cards


PLAYING_CARD_FIELDS = frozenset({"rank", "suit_symbol", "centre", "centre_note"})


def _playing_card_value(card: CardData, key: str) -> str:
    joker = not card.rank
    if key == "rank":
        return "★" if joker else card.rank
    if key == "suit_symbol":
        return SUIT_SYMBOLS.get(card.suit, "")
    if key == "centre":
        return "JOKER" if joker else SUIT_SYMBOLS.get(card.suit, "")
    if joker:  # centre_note
        return "1 – 13"
    return f"= {card.value_of}" if card.rank in ("A", "J", "Q", "K") and card.value_of else ""
