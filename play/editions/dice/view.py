"""What a viewer of a dice game sees. Everything on the table is public (face-up cards,
counters, the pawn), so every viewer sees the same; a seat's view adds which lines it may
choose and the chance of busting on each."""

from __future__ import annotations

from typing import Any

from play.core.engine import Viewer
from play.editions.dice import rules

State = dict[str, Any]


def _card(card: dict[str, Any] | None, steps: list[int] | None = None) -> dict[str, Any] | None:
    if card is None:
        return None
    return {
        "steps": steps or [],  # where the last roll's count passed this card (1, 2, …)
        "ref": card["ref"],
        "rank": card["rank"],
        "suit": card["suit"],
        "court": rules.is_court(card),
        "counters": [{"seat": seat, "up": up} for seat, up in card["counters"]],
    }


def _lines(state: State, seat: int) -> list[dict[str, Any]]:
    grid = state["grid"]
    return [
        {
            "edge": edge,
            "index": index,
            "ok": rules.line_choosable(grid, seat, edge, index),
            "bust": rules.bust_chance(state, seat, edge, index)[0],
        }
        for edge in rules.EDGES
        for index in range(rules.SIZE)
    ]


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    turn = state["turn"]
    players = [
        {
            "seat": seat,
            "name": name,
            "supply": rules.supply(state, seat),
            "score": rules.score(state["taken"][seat]),
            "taken": [_card({**card, "counters": []}) for card in state["taken"][seat]],
        }
        for seat, name in enumerate(state["players"])
    ]
    seat = turn["seat"]
    pawn = turn["pawn"]
    steps: dict[int, list[int]] = {}
    last = state["last"]
    if last is not None and last["kind"] in ("placed", "bust"):
        for step, cell in enumerate(last["path"], start=1):
            steps.setdefault(cell, []).append(step)
    return {
        "you": viewer.seat if viewer.role == "seat" else None,
        "active_seats": [] if rules.how_it_ended(state) else [seat],
        "mix": state["mix"],
        "size": rules.SIZE,
        "grid": [_card(card, steps.get(cell)) for cell, card in enumerate(state["grid"])],
        "players": players,
        "turn": {
            "seat": seat,
            "number": turn["number"],
            "phase": turn["phase"],
            "pawn": pawn,
            "placed": list(turn["placed"]),
            "bust": (
                rules.bust_chance(state, seat, pawn["edge"], pawn["index"])[0] if pawn else None
            ),
        },
        "lines": _lines(state, seat) if turn["phase"] == "place" else [],
        "last": state["last"],
        # The latest roll stays on the die after a stop, so the room sees what was thrown.
        "die": next((e["die"] for e in reversed(state["events"]) if "die" in e), None),
        "events": state["events"],
        "courts_left": rules.courts_left(state),
        "result": rules.result(state),
    }
