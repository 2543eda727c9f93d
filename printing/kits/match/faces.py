"""A match deck's round cards as face data: discs, symbols, a hexagon and texts in millimetres
from the card's top-left corner, drawn by the one face renderer (``printing.core.render``) like
every other card. Symbols are laid out per card (``printing.kits.match.draw.place_symbols``)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from cards.symbols.decks import ISLAND, SCORE, TEAM, MatchCardData, MatchDeckData, SymbolData
from printing.core.colours import ink_for, legible
from printing.core.i18n import in_language
from printing.core.layouts import Disc, Face, Polygon, Symbol, Text
from printing.kits.match.draw import RIM, ROLE_TITLES, TEAM_COLOURS, place_symbols, rim_colour
from printing.kits.match.draw import team_name as _team_name

WHITE = "#ffffff"
PT = 25.4 / 72  # mm per point


@dataclass(frozen=True)
class RoundCardData:
    """What a round card's face elements take from the deck and the card."""

    deck: MatchDeckData
    card: MatchCardData

    @property
    def language(self) -> str:
        return self.deck.language

    def symbol(self, index: int) -> SymbolData:
        return self.deck.symbol(index)

    def value(self, key: str) -> str:
        card, language = self.card, self.deck.language
        if key == "title":
            if card.role in (TEAM, SCORE):
                return _team_name(language, card.colour)
            return in_language(language, ROLE_TITLES.get(card.role, ""))
        if key == "deck_name":
            return self.deck.name
        if key == "score_title":
            return in_language(language, ROLE_TITLES[SCORE])
        raise KeyError(key)

    def colour_value(self, key: str) -> str:
        rim = rim_colour(self.card) if self.card.role != SCORE else self._team()
        if key == "rim":
            return rim
        if key == "rim_ink":
            return ink_for(rim)  # white or dark, whichever reads on the rim's colour
        if key == "rim_legible":
            return legible(rim)
        raise KeyError(key)

    def _team(self) -> str:
        return TEAM_COLOURS.get(self.card.colour, "#5d6d7e")


def _ground(d: float) -> tuple[Disc, Disc]:
    r = d / 2
    return Disc(r, r, r, fill="@rim", bleed=True), Disc(r, r, r - RIM * r, fill=WHITE)


def front(deck: MatchDeckData, card: MatchCardData, d: float) -> Face:
    """The symbols on a white card with a coloured rim (a score card: its dial's 0–5)."""
    if card.role == SCORE:
        return dial(d, range(0, 6))
    r = d / 2
    symbols = tuple(
        Symbol(r + p.x, r - p.y, p.r, p.angle, p.symbol.index) for p in place_symbols(deck, card, d)
    )
    return Face(f"match-front-{card.number}", d, d, (*_ground(d), *symbols))


def back(deck: MatchDeckData, card: MatchCardData, d: float) -> Face:
    """The role's colour, a ring, the role (or team) and the deck's name; islands a hexagon."""
    if card.role == SCORE:
        return dial(d, range(6, 11))
    r = d / 2
    parts: list = [
        Disc(r, r, r, fill="@rim", bleed=True),
        Disc(r, r, 0.86 * r, stroke="@rim_ink", stroke_width=1.2 * PT),
    ]
    if card.role == ISLAND:
        corners = [math.radians(60 * i + 30) for i in range(6)]
        hexagon = tuple((r + 0.55 * r * math.cos(a), r - 0.55 * r * math.sin(a)) for a in corners)
        parts.append(Polygon(hexagon, stroke="@rim_ink", stroke_width=2 * PT))
    parts += [
        Text(r - 0.6 * r, r - 0.13 * r, 1.2 * r, 0.26 * r, content="title", bold=True,
             size=0.2 * r / PT, min_size=4, fill="@rim_ink"),
        Text(r - 0.55 * r, r + 0.55 * r, 1.1 * r, 0.14 * r, content="deck_name",
             size=min(9.0, 0.12 * r / PT), min_size=3, fill="@rim_ink"),
    ]  # fmt: skip
    return Face(f"match-back-{card.role}", d, d, tuple(parts))


def dial(d: float, numbers: range) -> Face:
    """A score dial: the numbers round the rim in the team's colour; a paper clip (or a coin)
    on a number marks the team's score; 0–5 on the front, 6–10 on the back."""
    r = d / 2
    count = len(numbers)
    ring = 0.64 * r
    bubble = min(0.24 * r, ring * math.sin(math.pi / count) * 0.9)
    parts: list = list(_ground(d))
    for k, n in enumerate(numbers):
        a = math.radians(90 - 360 * k / count)  # clockwise from the top
        x, y = r + ring * math.cos(a), r - ring * math.sin(a)
        parts.append(Disc(x, y, bubble, fill="@rim"))
        size = bubble / PT * (0.95 if n < 10 else 0.75)
        parts.append(Text(x - bubble, y - 0.6 * bubble, 2 * bubble, 1.2 * bubble, text=str(n),
                          bold=True, size=size, min_size=4, fill="@rim_ink"))  # fmt: skip
    parts += [
        Text(r - 0.31 * r, r - 0.08 * r - 0.09 * r, 0.62 * r, 0.18 * r, content="title",
             bold=True, size=0.13 * r / PT, min_size=3, fill="@rim_legible"),
        Text(r - 0.31 * r, r + 0.16 * r - 0.07 * r, 0.62 * r, 0.14 * r, content="score_title",
             bold=True, size=0.09 * r / PT, min_size=3, fill="@rim_legible"),
    ]  # fmt: skip
    return Face(f"match-dial-{numbers.start}", d, d, tuple(parts))
