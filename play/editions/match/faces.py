"""Where a card's symbols sit on screen: one in the middle and the others on a ring.

Positions are in a 100 × 100 box (the card is the circle of radius 50 around 50, 50). The ring
is turned by an angle taken from the card's per-game reference, so that cards do not all look
alike and the position of a symbol says nothing about the card beyond what is shown.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

CENTRE_RADIUS = 15.0
RING_RADIUS = 33.5
SLOT_RADIUS = 12.5


@lru_cache(maxsize=4096)
def _slots(count: int, turn: int) -> tuple[tuple[float, float, float], ...]:
    slots = [(50.0, 50.0, CENTRE_RADIUS)]
    ring = count - 1
    offset = (turn >> 8) % 360
    for k in range(ring):
        angle = math.radians(offset + 360.0 * k / ring)
        slots.append(
            (
                round(50.0 + RING_RADIUS * math.cos(angle), 2),
                round(50.0 + RING_RADIUS * math.sin(angle), 2),
                SLOT_RADIUS,
            )
        )
    return tuple(slots)


def layout(
    symbols: list[int],
    ref: str,
    names: Sequence[str] | None = None,
    names_en: Sequence[str] | None = None,
) -> list[dict[str, Any]]:
    """Each symbol's slot: ``symbol``, ``name`` (and ``name_en`` when known), ``x``, ``y``,
    ``r`` (the slot's radius). The slots are shared between calls: read them, never change
    them (every screen of a game draws the same card again after each claim). A caller that
    lays out many cards passes the names as tuples, made once per screen: converting a deck's
    names again for every card showed up in profiles of the Match screens."""
    return list(_layout(tuple(symbols), ref, _as_tuple(names), _as_tuple(names_en)))


def _as_tuple(names: Sequence[str] | None) -> tuple[str, ...]:
    return names if isinstance(names, tuple) else tuple(names or ())


@lru_cache(maxsize=16384)
def _layout(
    symbols: tuple[int, ...], ref: str, names: tuple[str, ...], names_en: tuple[str, ...]
) -> tuple[dict[str, Any], ...]:
    if not symbols:
        return ()
    turn = int(ref[:8], 16) if ref else 0
    first = turn % len(symbols)
    order = symbols[first:] + symbols[:first]
    slots = []
    for symbol, (x, y, r) in zip(order, _slots(len(order), turn), strict=True):
        slot = {
            "symbol": symbol,
            "name": names[symbol] if symbol < len(names) else str(symbol),
            "x": x,
            "y": y,
            "r": r,
        }
        if symbol < len(names_en):
            slot["name_en"] = names_en[symbol]
        slots.append(slot)
    return tuple(slots)
