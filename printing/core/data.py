"""The plain data a card face shows, and the formatting of numbers and labels.

No database here: ``printing.core.deck_source`` builds these from the database, the benchmark
and the tests build them directly. The fixed labels (kinds of place, inhabitants, tip captions) come
from the catalogue, in German for German cards and in English for any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from django.utils import translation
from django.utils.translation import npgettext, pgettext

from cards.games.playing_cards import SUIT_SYMBOLS
from printing.core.colours import ink_for
from printing.core.i18n import edition_names

# Colours of the world edition's card backs/fronts and the tip cards' player colours.
CARD_COLOURS = {"yellow": "#f7d038", "orange": "#f39a2b", "green": "#8cc665"}
PLAYER_COLOURS = {
    "red": ("#c0392b", "#ffffff"),
    "blue": ("#1f5fa8", "#ffffff"),
    "green": ("#1e8449", "#ffffff"),
    "yellow": ("#f4d03f", "#1b1b1b"),
}


def _label_language(language: str) -> str:
    """The language of a card's labels: German for German, English for any other."""
    return "de" if language == "de" else "en"


# The labels below are looked up once per language, not per card: switching the language for
# each of a deck's thousands of cards would cost more than drawing the labels.


@lru_cache(maxsize=8)
def _kind_labels(language: str) -> dict[str, str]:
    """What a world card's front calls each kind of place."""
    with translation.override(language):
        return {
            "city": pgettext("kind of place", "City"),
            "mountains": pgettext("kind of place", "Mountains"),
            "river": pgettext("kind of place", "River"),
            "lake": pgettext("kind of place", "Lake"),
            "island": pgettext("kind of place", "Island"),
            "sea": pgettext("kind of place", "Sea"),
            "desert": pgettext("kind of place", "Desert"),
            "region": pgettext("kind of place", "Region"),
        }


@lru_cache(maxsize=8)
def _inhabitants(language: str, one: bool) -> str:
    # German and English have one form for 1 and another for every other number.
    with translation.override(language):
        return npgettext(
            "card back", "%(count)s inhabitant", "%(count)s inhabitants", 1 if one else 2
        )


def format_population(n: int | None, language: str) -> str:
    """'111.407 Einwohner' in German decks, '111,407 inhabitants' in English ones."""
    if n is None:
        return ""
    language = _label_language(language)
    grouped = f"{n:,}"
    if language == "de":
        grouped = grouped.replace(",", ".")
    return _inhabitants(language, n == 1) % {"count": grouped}


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
            return _kind_labels(_label_language(self.language)).get(self.place_kind, "")
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
    if language not in ("de", "en") or edition not in ("germany", "world"):
        return "Spot On"
    return f"Spot On: {edition_names(language)[edition]}"


def edition_mark(
    edition: str, language: str, deck_name: str, number: int, grid_name: str = ""
) -> str:
    """'Spot On: Deutschland · Klasse 7b · 12'; a deck named like its edition (in either
    language: the starter deck "Deutschland" printed in English) is not repeated.
    ``grid_name``: a grid edition's name in the deck's language ('Österreich')."""
    title = edition_title(edition, language, grid_name)
    name = deck_name.strip()
    titles = {title, *(edition_title(edition, other, grid_name) for other in ("de", "en"))}
    if not name or any(name.casefold() in t.casefold() for t in titles):
        return f"{title} · {number}"
    return f"{title} · {name} · {number}"


# The tips, in the order of the printed set: the compass letter W carries M on its back.
TIPS = ("N", "S", "W", "E", "+", "−")


@lru_cache(maxsize=8)
def tip_texts(language: str) -> dict[str, tuple[str, str]]:
    """Each tip's letter and caption as printed (German: O for east), and M's under "M"."""
    with translation.override(language):
        return {
            "N": (pgettext("tip card", "N"), pgettext("tip card", "lies furthest north")),
            "S": (pgettext("tip card", "S"), pgettext("tip card", "lies furthest south")),
            "W": (pgettext("tip card", "W"), pgettext("tip card", "lies furthest west")),
            "E": (pgettext("tip card", "E"), pgettext("tip card", "lies furthest east")),
            "+": ("+", pgettext("tip card", "most inhabitants")),
            "−": ("−", pgettext("tip card", "fewest inhabitants")),
            "M": (pgettext("tip card", "M"), pgettext("tip card", "is furthest in no direction")),
        }


def tip_cards(language: str = "de", first_number: int = 1, grid_name: str = "") -> list[CardData]:
    """The 24 tip cards: 6 per player colour; W carries M on its back, the others the
    colour's plain back. Marked with Germany's edition, or the grid edition ``grid_name``."""
    cards = []
    number = first_number
    texts = tip_texts(_label_language(language))
    mark = edition_title("germany", _label_language(language), grid_name)
    for colour, (accent, ink) in PLAYER_COLOURS.items():
        for tip in TIPS:
            letter, caption = texts[tip]
            back = CardData(
                "tip-back",
                number,
                f"{colour}-back",
                language,
                accent=accent,
                ink=ink,
                edition_mark=mark,
            )
            if tip == "W":
                m_letter, m_caption = texts["M"]
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
