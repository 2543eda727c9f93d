"""The standard playing cards that Numbers and the dice game are played with: rank and suit
labels as printed."""

from __future__ import annotations

RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
