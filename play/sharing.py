"""A game's fixed part (what setup laid out and no move changes, such as a deck's cards) as the
part many games hold alike and the part that is the game's own.

Games made from one deck hold the same cards, each game under references of its own and in an
order of its own (The World keeps its cards in stack order, so that nothing can be read from
where a card sits). The shared part holds each mapping's values in an order of their content
alone, so every game of the deck has the same one: stored once, and read once per server
process instead of once per game. The game's own part holds the mapping's keys in the game's
order, each with its value's place in the shared part. Joined again, the fixed part is what
setup made: the same keys in the same order with equal values.

Pure: no Django (``play.models`` stores the parts, a migration moves stored games over).
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

Fixed = dict[str, Any]


def _content(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def split(fixed: Fixed) -> tuple[Fixed, Fixed]:
    """``fixed`` as (own, shared): for each mapping, its keys in order with the places of their
    values (own) and the values in content order (shared); any other value is shared whole."""
    own: Fixed = {}
    shared: Fixed = {}
    for key, value in fixed.items():
        if not isinstance(value, dict):
            shared[key] = value
            continue
        items = list(value.items())
        order = sorted(range(len(items)), key=lambda i: _content(items[i][1]))
        place = [0] * len(items)
        for position, index in enumerate(order):
            place[index] = position
        shared[key] = [items[i][1] for i in order]
        own[key] = [[name, place[i]] for i, (name, _value) in enumerate(items)]
    return own, shared


def join(own: Fixed, shared: Fixed) -> Fixed:
    """The fixed part again: ``split``'s inverse. The values are the shared part's own objects,
    so the games of one deck hold one copy of its cards in a process."""
    return {
        key: {name: value[place] for name, place in own[key]} if key in own else value
        for key, value in shared.items()
    }


def digest(shared: Fixed) -> str:
    """The name a shared part is stored under: the same for the same content."""
    return hashlib.sha256(_content(shared)).hexdigest()
