"""What each viewer of a match sees: the secret boundary. Public: the island's visible cards,
ports, the middle, scores and counts; a seat adds its own turned-up card and what it may claim.
Face-down piles appear only as counts."""

from __future__ import annotations

from typing import Any

from play.core.engine import Viewer
from play.editions.match import pace, rules
from play.editions.match.faces import layout
from play.editions.match.island import CARD_HEIGHT, CARD_WIDTH, PORT_XY, PORTS, SPOT_XY
from play.editions.match.moves import result
from play.editions.match.rules import GAME_NAMES, State


def _names(state: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The deck's symbol names (and English names) as tuples, made once per view."""
    return tuple(state["symbols"]), tuple(state.get("symbols_en") or ())


def _card(state: State, card: int | None, names: tuple | None = None) -> dict[str, Any] | None:
    """A visible card: its reference, its symbols and where they sit on its face."""
    if card is None:
        return None
    ref, symbols = state["refs"][card], state["cards"][card]
    face = layout(symbols, ref, *(names or _names(state)))
    return {"ref": ref, "symbols": symbols, "face": face}


def _left(state: State, team: dict) -> int:
    if state["phase"] != "play":
        return 0
    if state["game"] <= 3:
        seats = [state["seats"][seat] for seat in team["seats"]]
        return sum(len(seat["pile"]) + (seat["card"] is not None) for seat in seats)
    if state["game"] == 4:
        return 1
    return len(team["pile"]) + (not team["out"])


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """Public: the island's visible cards, ports, the middle, scores and counts; a seat adds its
    own turned-up card and what it may claim. Face-down piles appear only as counts."""
    game, playing = state["game"], state["phase"] == "play"
    names = _names(state)
    island = []
    if game != 5:
        for spot, stack in enumerate(state["island"]):
            top = _card(state, stack[-1], names) if stack else None
            if top is not None:
                top.update(role=state["roles"][stack[-1]], height=len(stack))
            x, y = SPOT_XY[spot]
            island.append({"spot": spot, "x": x, "y": y, "card": top})
    teams = [
        {
            "colour": team["colour"],
            "score": team["score"],
            "solo": team["solo"],
            "seats": [
                {
                    "seat": seat,
                    "name": state["seats"][seat]["name"],
                    "left": len(state["seats"][seat]["pile"])
                    + (state["seats"][seat]["card"] is not None)
                    if playing and game <= 3
                    else 0,
                }
                for seat in team["seats"]
            ],
            "left": _left(state, team),
            "collected": team["collected"],
            "games": [entry["points"][number] for entry in state["history"]],
            "out": team["out"],
            "locked_until": team["locked_until"],
        }
        for number, team in enumerate(state["teams"])
    ]
    shown: dict[str, Any] = {
        "phase": state["phase"],
        "game": game,
        "game_name": GAME_NAMES[game],
        "mode": state["options"]["mode"],
        "points": state["options"]["points"],
        "lock": state["options"]["lock"],
        **pace.shown(state),
        "played": state["played"],
        "round": state["round"],
        "symbols": state["symbols"],
        "teams": teams,
        "island": island,
        "ports": [
            {
                "symbols": state["cards"][card],
                "role": "port",
                "face": layout(state["cards"][card], f"{k:08x}", *names),
                "touches": list(PORTS[k]),
                "x": PORT_XY[k][0],
                "y": PORT_XY[k][1],
            }
            for k, card in enumerate(state["ports"])
        ],
        "card_size": [CARD_WIDTH, CARD_HEIGHT],
        "middle": [
            dict(
                _card(state, team["card"], names), team=number, role=team["colour"], out=team["out"]
            )
            for number, team in enumerate(state["teams"])
            if game == 5 and team["card"] is not None
        ],
        "history": state["history"],
        "events": state["events"],
        "result": result(state),
    }
    if viewer.role == "seat" and viewer.seat is not None:
        seat = state["seats"][viewer.seat]
        team = state["teams"][seat["team"]]
        card = rules.own_card(state, viewer.seat) if playing else None
        shown["me"] = {
            "seat": viewer.seat,
            "team": seat["team"],
            "colour": team["colour"],
            "card": None
            if card is None
            else dict(_card(state, card, names), role=state["roles"][card]),
            "pile": len(seat["pile"]) if game <= 3 else len(team["pile"]),
            "targets": [state["refs"][c] for c in rules.targets(state, viewer.seat)],
            "locked_until": team["locked_until"],
        }
    return shown
