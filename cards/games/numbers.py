"""Numbers: the 54 cards of its deck (a standard deck's 52 and two jokers) and their labels."""

from __future__ import annotations

from dataclasses import dataclass

from cards.games.playing_cards import RANK_LABELS

NUMBERS_JOKER = 0
NUMBERS_SUITS = ("S", "H", "D", "C")
NUMBERS_JOKERS_PRINTED = 2  # the deck holds both; a level says how many are in play


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
