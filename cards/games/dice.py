"""The dice game (Knizia's Spot On): the card mixes that fill its 6 × 6 grid, and its stall end."""

from __future__ import annotations

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
