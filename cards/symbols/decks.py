"""A symbol-matching deck as plain data: which symbols each card shows and what the card is for.

``build_cards`` turns a projective plane into a deck (a seeded choice and order of its lines,
each card's symbols in a seeded order, and the island edition's roles); ``MatchDeckData`` is
the shape that printing and play read: every card's symbols in order, its role and colour, and
each symbol's names (German, English) with its icon or text label. No Django here.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass

from cards import DATA_DIR
from cards.symbols.planes import check_order, plane_size, projective_plane

ISLAND, TEAM, PORT, SCORE, SYMBOL = "island", "team", "port", "score", "symbol"
ROLES = (ISLAND, TEAM, PORT, SCORE, SYMBOL)
TEAM_COLOURS = ("blue", "orange", "red")
# The island edition (rules/match.md): order 8, all 73 cards, plus one score card per team.
ISLAND_ORDER = 8
ISLAND_CARDS = 19
TEAM_CARDS = 16  # per colour
PORT_CARDS = 6


class DeckError(ValueError):
    """A deck that cannot be made; the message says why."""


@dataclass(frozen=True)
class CardSpec:
    number: int  # 1-based, the printed order
    role: str
    colour: str  # a team colour for team and score cards, else ""
    symbols: tuple[int, ...]  # symbol indexes (points of the plane), in the card's order


def is_island_edition(order: int, count: int) -> bool:
    return order == ISLAND_ORDER and count == plane_size(ISLAND_ORDER)


def build_cards(order: int, *, seed: int, cards: int | None = None) -> list[CardSpec]:
    """The cards of a deck from the plane of ``order``: ``cards`` of its lines (all by default).

    Any subset of lines keeps the rule that two cards share exactly one symbol. The full plane
    of order 8 becomes the island edition: 19 island, 48 team (16 blue, orange, red), 6 port
    cards and 3 score cards without symbols; any other deck has plain symbol cards.
    """
    lines = projective_plane(check_order(order))
    count = len(lines) if cards is None else cards
    if not 2 <= count <= len(lines):
        raise DeckError(
            f"a deck of order {order} has between 2 and {len(lines)} cards, not {count}"
        )
    rng = random.Random(seed)
    chosen = rng.sample(range(len(lines)), count)
    roles = _island_roles() if is_island_edition(order, count) else [(SYMBOL, "")] * count
    result = []
    for number, (line, (role, colour)) in enumerate(zip(chosen, roles, strict=True), 1):
        symbols = list(lines[line])
        rng.shuffle(symbols)
        result.append(CardSpec(number, role, colour, tuple(symbols)))
    if is_island_edition(order, count):
        for colour in TEAM_COLOURS:
            result.append(CardSpec(len(result) + 1, SCORE, colour, ()))
    return result


def _island_roles() -> list[tuple[str, str]]:
    roles = [(ISLAND, "")] * ISLAND_CARDS
    for colour in TEAM_COLOURS:
        roles += [(TEAM, colour)] * TEAM_CARDS
    return roles + [(PORT, "")] * PORT_CARDS


@dataclass(frozen=True)
class SymbolData:
    index: int  # the point of the plane; cards refer to symbols by it
    name: str  # German
    name_en: str
    icon: str = ""  # SVG path data, or "" for a text symbol
    view_box: str = "0 0 512 512"
    text: str = ""  # a label printed instead of the name, for text symbols
    colour: str = "#1b1b1b"

    @property
    def kind(self) -> str:
        return "icon" if self.icon else "text"

    def display_name(self, language: str = "de") -> str:
        if language == "en":
            return self.name_en or self.name
        return self.name or self.name_en

    def label(self, language: str = "de") -> str:
        """What a text symbol prints."""
        return self.text or self.display_name(language)


@dataclass(frozen=True)
class MatchCardData:
    number: int
    role: str
    colour: str
    symbols: tuple[int, ...]  # SymbolData.index values, in the card's order


@dataclass(frozen=True)
class MatchDeckData:
    slug: str
    name: str
    language: str
    order: int
    seed: int
    symbol_set: str
    credit: str  # where the symbols come from and their licence, for the printed kit
    symbols: tuple[SymbolData, ...]
    cards: tuple[MatchCardData, ...]

    def symbol(self, index: int) -> SymbolData:
        return self._by_index()[index]

    def _by_index(self) -> dict[int, SymbolData]:
        cached = self.__dict__.get("_index")
        if cached is None:
            cached = {s.index: s for s in self.symbols}
            object.__setattr__(self, "_index", cached)
        return cached

    def as_json(self) -> dict:
        """Plain JSON: the deck, its symbols (with their kind) and its cards."""
        data = asdict(self)
        data["symbols"] = [
            {**raw, "kind": symbol.kind}
            for symbol, raw in zip(self.symbols, data["symbols"], strict=True)
        ]
        data["cards"] = [{**raw, "symbols": list(raw["symbols"])} for raw in data["cards"]]
        return data


ISLAND_DATA = DATA_DIR / "island_symbols.json"


def island_symbols() -> tuple[SymbolData, ...]:
    """The built-in island symbols from the committed icon data (as the database starts)."""
    data = json.loads(ISLAND_DATA.read_text(encoding="utf-8"))
    return tuple(
        SymbolData(i, row["name_de"], row["name_en"], icon=row["d"], view_box=data["view_box"])
        for i, row in enumerate(data["symbols"])
    )


def deck_from_symbols(
    name: str,
    order: int,
    symbols: tuple[SymbolData, ...],
    *,
    seed: int = 1,
    cards: int | None = None,
    language: str = "de",
    credit: str = "",
) -> MatchDeckData:
    """A deck straight from symbols, without the database (benchmarks, tests, previews)."""
    needed = plane_size(check_order(order))
    if len(symbols) < needed:
        raise DeckError(f"order {order} needs {needed} symbols, not {len(symbols)}")
    chosen = tuple(SymbolData(**{**asdict(s), "index": i}) for i, s in enumerate(symbols[:needed]))
    specs = build_cards(order, seed=seed, cards=cards)
    return MatchDeckData(
        slug=name.lower().replace(" ", "-"),
        name=name,
        language=language,
        order=order,
        seed=seed,
        symbol_set="",
        credit=credit,
        symbols=chosen,
        cards=tuple(MatchCardData(s.number, s.role, s.colour, s.symbols) for s in specs),
    )
