"""Game data that print and play both need, kept once below both (no Django, no ORM).

- Numbers: the 54 cards of its deck (a standard deck's 52 and two jokers) and their labels.
- The dice game (Knizia's Spot On): the card mixes that fill its 6 × 6 grid.
- The World: the limits of the scoring track's length.

``printing`` draws these cards and ``play`` deals them; neither imports the other.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- Numbers ----------------------------------------------------------------------------------

NUMBERS_JOKER = 0
NUMBERS_SUITS = ("S", "H", "D", "C")
NUMBERS_JOKERS_PRINTED = 2  # the deck holds both; a level says how many are in play
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclass(frozen=True)
class NumbersCard:
    value: int  # 1–13; NUMBERS_JOKER for a joker
    suit: str  # S H D C, or "" for a joker

    @property
    def joker(self) -> bool:
        return self.value == NUMBERS_JOKER

    @property
    def rank(self) -> str:
        """A, 2 … 10, J, Q, K as printed; "" for a joker."""
        return "" if self.joker else RANK_LABELS.get(self.value, str(self.value))


def numbers_deck(jokers: int = NUMBERS_JOKERS_PRINTED) -> tuple[NumbersCard, ...]:
    """A–K of spades, hearts, diamonds and clubs, then ``jokers`` jokers."""
    faces = tuple(NumbersCard(v, s) for s in NUMBERS_SUITS for v in range(1, 14))
    return faces + (NumbersCard(NUMBERS_JOKER, ""),) * jokers


# --- the dice game ------------------------------------------------------------------------------

DICE_GRID = 6
DICE_COURT_RANKS = ("J", "Q", "K")
DICE_COURT_SUITS = ("H", "D", "H", "D")  # hearts and diamonds from both decks
# Turns in a row (both players' together) without a card taken after which a game ends as it
# stands: the rules' stall end, printed on the rules sheet as well.
DICE_STALL_TURNS = 60
# Per value: the suits of its black cards (♠ ♣ from the first deck, then the second deck's).
DICE_MIXES: dict[str, dict] = {
    "standard": {"values": tuple(range(2, 10)), "suits": ("S", "C", "S")},
    "fours": {"values": tuple(range(4, 10)), "suits": ("S", "C", "S", "C")},
}


def dice_set_size(mix: str) -> int:
    """How many black cards of one value make a set: three, or four with "fours"."""
    return len(DICE_MIXES[mix]["suits"])


def dice_deck(mix: str = "standard") -> list[dict]:
    """The 36 cards of a mix, in a fixed order: black cards value by value, then the courts.
    Each card is ``{"rank", "suit", "value"}`` (value None for a court card)."""
    if mix not in DICE_MIXES:
        raise ValueError(f"mix must be one of {', '.join(DICE_MIXES)}, not {mix!r}")
    spec = DICE_MIXES[mix]
    cards = [
        {"rank": str(value), "suit": suit, "value": value}
        for value in spec["values"]
        for suit in spec["suits"]
    ]
    cards += [
        {"rank": r, "suit": s, "value": None} for r in DICE_COURT_RANKS for s in DICE_COURT_SUITS
    ]
    if len(cards) != DICE_GRID * DICE_GRID:
        raise ValueError(f"the {mix} mix has {len(cards)} cards, not {DICE_GRID**2}")
    return cards


# --- the World --------------------------------------------------------------------------------

WORLD_TRACK_MIN, WORLD_TRACK_MAX = 10, 200  # spaces on the scoring track, in play and in print
