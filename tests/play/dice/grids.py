"""Hand-built Spot On grids for the tests: six rows of six tokens each.

A token is a card (``7S`` seven of spades, ``JH`` jack of hearts, ``--`` a gap) optionally
followed by counters, bottom first: ``7S:1d`` has seat 1's spot-down counter, ``7S:1d0u`` seat 1's
spot-down counter under seat 0's spot-up one.
"""

from __future__ import annotations

import random
from typing import Any

from play.editions.dice import rules


def card(token: str, ref: str) -> dict[str, Any] | None:
    if token == "--":
        return None
    face, _, marks = token.partition(":")
    rank, suit = face[:-1], face[-1]
    counters = [[int(marks[i]), marks[i + 1] == "u"] for i in range(0, len(marks), 2)]
    value = None if rank in rules.COURT_RANKS else int(rank)
    return {"rank": rank, "suit": suit, "value": value, "ref": ref, "counters": counters}


def state_from(rows: list[str], *, seat: int = 0, taken: list[list[str]] | None = None) -> dict:
    """A game in progress on this grid, ``seat`` to put the pawn."""
    tokens = [token for row in rows for token in row.split()]
    assert len(tokens) == rules.SIZE * rules.SIZE, len(tokens)
    state = rules.new_game(["Ann", "Ben"], random.Random(0), first=seat)
    state["grid"] = [card(token, f"t{i:02d}") for i, token in enumerate(tokens)]
    if taken:
        state["taken"] = [[card(t, f"x{i}") for i, t in enumerate(ts)] for ts in taken]
    return state


def cell(row: int, col: int) -> int:
    return row * rules.SIZE + col


def counters(state: dict, row: int, col: int) -> list[list]:
    return state["grid"][cell(row, col)]["counters"]


# A full grid with all 12 courts and every black value three times.
FULL = [
    "2S 2C 2S 3S 3C 3S",
    "4S 4C 4S 5S 5C 5S",
    "6S 6C 6S 7S 7C 7S",
    "8S 8C 8S 9S 9C 9S",
    "JH JD JH JD QH QD",
    "QH QD KH KD KH KD",
]


# Two 9s alone in a row, one held by each player: the loop two cautious players fell into.
DUEL = [
    "-- -- -- -- -- --",
    "-- -- -- -- -- --",
    "-- -- -- -- -- --",
    "-- -- -- -- -- QH",
    "-- -- 9S:1d 9C:0d -- --",
    "-- 9S -- -- -- QD",
]
