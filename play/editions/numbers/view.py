"""What each viewer of a Numbers game may see: the secret boundary. A seat sees its own hand
and nobody else's (unless hands are open); the projector sees every hand's size, the shown
cards and the chain, never a hand's cards."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from play.core.engine import Viewer
from play.editions.numbers import rules
from play.editions.numbers.solver import JOKER, shortest

State = dict[str, Any]


def _label(state: State, card_id: str) -> str:
    return rules.card_label(state["cards"][card_id])


def _step_text(before: int, step: dict[str, Any], joker: bool) -> str:
    card = f"{step['value']} (joker)" if joker else str(step["value"])
    return f"{before} {rules.OP_SYMBOLS[step['op']]} {card} = {step['total']}"


def _names(state: State) -> list[str]:
    return state.get("names") or [f"Player {seat + 1}" for seat in range(state["players"])]


def _chain(state: State, chain: list[dict[str, Any]]) -> list[dict[str, Any]]:
    shown, before, names = [], 0, _names(state)
    for step in chain:
        joker = rules.value_of(state, step["card"]) == JOKER
        shown.append(
            {
                "card": _label(state, step["card"]),
                "value": step["value"],
                "op": step["op"],
                "total": step["total"],
                "seat": step["seat"],
                "seat_name": names[step["seat"]],
                "before": before,
                "symbol": rules.OP_SYMBOLS[step["op"]],
                "joker": joker,
                "text": _step_text(before, step, joker),
            }
        )
        before = step["total"]
    return shown


@lru_cache(maxsize=512)
def hindsight(target: int, cards: tuple[int, ...], small: bool) -> list[dict[str, Any]] | None:
    """The shortest way the hands held at a target's start could have hit it (or ``None``)."""
    found = shortest(0, target, cards, small=small)
    if found is None:
        return None
    steps, before = [], 0
    for kind, value, op, total in found:
        step = {"value": value, "op": op, "total": total}
        steps.append({"card": "J" if kind == JOKER else value, **step})
        steps[-1].update(
            before=before,
            symbol=rules.OP_SYMBOLS[op],
            joker=kind == JOKER,
            text=_step_text(before, step, kind == JOKER),
        )
        before = total
    return steps


def review(state: State) -> list[dict[str, Any]]:
    """Per target: the chain played and, in hindsight, the shortest way to hit it."""
    return [
        {
            "target": entry["target"],
            "hit": entry["hit"],
            "chain": _chain(state, entry["chain"]),
            "hands": ["J" if value == JOKER else value for value in entry["hands"]],
            "shortest": hindsight(entry["target"], tuple(entry["hands"]), state["small"]),
        }
        for entry in state["history"]
    ]


def _ops(state: State) -> list[dict[str, Any]]:
    """The operations the seat to play may choose now (the first card is only added)."""
    if not state["chain"]:
        allowed: tuple[str, ...] = ("+",)
    else:
        allowed = rules.SMALL_OPS if state["small"] else rules.OPS
    return [{"op": op, "symbol": rules.OP_SYMBOLS[op]} for op in allowed]


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """What one viewer may see: only a seat's own hand, unless hands are open."""
    players = state["players"]
    status, reason = rules.outcome(state)
    over = status != "playing"
    shown = [_label(state, card) if card else None for card in state["shown"]]
    data: dict[str, Any] = {
        "level": state["level"],
        "goal": state["goal"],
        "signals": state["signals"],
        "open_hands": state["open_hands"],
        "endless": state["endless"],
        "small": state["small"],
        "players": players,
        "names": _names(state),
        "turn_name": None if over else _names(state)[state["turn"]],
        "active_seats": [] if over else [state["turn"]],
        "target": state["target"],
        "target_cards": [_label(state, card) for card in state["target_cards"]],
        "total": state["total"],
        "chain": _chain(state, state["chain"]),
        "shown": shown,
        "hand_counts": [len(hand) for hand in state["hands"]],
        "stock": len(state["stock"]),
        "discard": len(state["discard"]),
        "discard_top": [_label(state, card) for card in state["discard"][-3:]],
        "hits": state["hits"],
        "turn": None if over else state["turn"],
        "status": status,
        "reason": reason,
        "history": [{"target": entry["target"], "hit": entry["hit"]} for entry in state["history"]],
    }
    data["table"] = [
        {
            "seat": seat,
            "name": data["names"][seat],
            "cards": len(state["hands"][seat]),
            "shown": shown[seat],
            "turn": data["turn"] == seat,
        }
        for seat in range(players)
    ]
    if state["open_hands"]:
        data["hands"] = [[_label(state, card) for card in hand] for hand in state["hands"]]
        for seat, row in enumerate(data["table"]):
            row["hand"] = data["hands"][seat]
    if viewer.role == "seat" and viewer.seat is not None and 0 <= viewer.seat < players:
        seat = viewer.seat
        data["you"] = seat
        data["your_turn"] = not over and state["turn"] == seat
        data["can_show"] = data["your_turn"] and state["signals"] and not state["showed"][seat]
        data["ops"] = _ops(state) if data["your_turn"] else []
        data["joker_values"] = list(range(1, 14))
        data["hand"] = [
            {
                "id": card,
                "label": _label(state, card),
                "value": rules.value_of(state, card),
                "joker": rules.value_of(state, card) == JOKER,
                "shown": state["shown"][seat] == card,
            }
            for card in state["hands"][seat]
        ]
    if over:
        data["review"] = review(state)
    return data


def rows(state: State) -> list[list[Any]]:
    header = ["target", "hit", "chain", "shortest in hindsight"]
    table: list[list[Any]] = [header]
    for entry in review(state):
        best = entry["shortest"]
        table.append(
            [
                entry["target"],
                "yes" if entry["hit"] else "no",
                "; ".join(step["text"] for step in entry["chain"]),
                "; ".join(step["text"] for step in best) if best else "",
            ]
        )
    return table


def result(state: State) -> dict[str, Any] | None:
    return rules.result(state)
