"""Games of Numbers with chosen cards: hands, stock and target set by the test."""

from __future__ import annotations

import random
from typing import Any

from play.editions.numbers import rules

J = rules.JOKER


def rigged(
    hands: list[list[int]],
    stock: list[int],
    target: int | None = 500,
    level: str = "normal",
    **variants: Any,
) -> dict[str, Any]:
    """A game whose hands hold ``hands`` and whose stock, top last, is ``stock`` (values).

    With ``target`` the target is set directly and nothing is turned up; with ``None`` the
    first target is turned up from ``stock`` as the rules say.
    """
    state = rules.new_game(len(hands), random.Random(0), level=level, **variants)
    cards: dict[str, list] = {}
    counter = iter(range(10_000))

    def make(value: int) -> str:
        card_id = f"c{next(counter):03d}"
        cards[card_id] = [value, "" if value == J else "S"]
        return card_id

    state["hands"] = [[make(value) for value in hand] for hand in hands]
    state["stock"] = [make(value) for value in stock]
    state["cards"] = cards
    state["discard"] = []
    state["history"] = []
    state["target_cards"] = []
    state["hand_size"] = max(len(hand) for hand in hands) if hands else 5
    if target is None:
        rules.turn_up(state)
    else:
        state["target"] = target
        state["history"].append(
            {"target": target, "starter": 0, "hands": [], "chain": [], "hit": False}
        )
    return state


def card(state: dict[str, Any], seat: int, value: int) -> str:
    """The id of the first card of ``value`` in the seat's hand."""
    for card_id in state["hands"][seat]:
        if state["cards"][card_id][0] == value:
            return card_id
    raise AssertionError(f"seat {seat} holds no {value}")


def play(state, seat: int, value: int, op: str, joker_value: int | None = None):
    args = {"card": card(state, seat, value), "op": op}
    if joker_value is not None:
        args["value"] = joker_value
    return rules.play(state, seat, args)
