"""What each viewer of a Germany game may see: the secret boundary.

Before a reveal nothing from a card's back leaves the server — no state, description,
population, grid numbers — and with face-down tips no team sees another team's tips before
every tip is placed. Cards are named by their opaque per-game references.
"""

from __future__ import annotations

from typing import Any

from play.core.engine import Viewer, is_over
from play.editions.germany.moves import (
    BACK_FIELDS,
    State,
    current_round,
    result,
    round_state,
    totals,
)


def _round_view(state: State, rnd: dict, viewer: Viewer) -> dict[str, Any]:
    table = round_state(state, rnd)
    complete = table.is_complete()
    hide = state["face_down"] and not complete
    scored = {
        order: (correct, row, points) for order, correct, row, points in rnd.get("scored", [])
    }
    places = []
    for position, ref in enumerate(rnd["places"]):
        card = state["cards"][ref]
        stack = []
        for team, place, value, order in rnd["tips"]:
            if place != ref:
                continue
            visible = not hide or (viewer.role == "seat" and viewer.seat == team)
            entry: dict[str, Any] = {
                "order": order,
                "team": team,
                "tip": value if visible else None,
            }
            if rnd["revealed"]:
                correct, row, points = scored[order]
                entry.update(correct=correct, row=row, points=points)
            stack.append(entry)
        item: dict[str, Any] = {
            "id": ref,
            "position": position,
            "name": card["name"],
            "stack": stack,
        }
        if rnd["revealed"]:
            item["back"] = {k: card[k] for k in BACK_FIELDS}
        places.append(item)
    next_team = None if rnd["revealed"] else table.next_team()
    data: dict[str, Any] = {
        "number": rnd["number"],
        "starting_team": rnd["starting_team"],
        "revealed": rnd["revealed"],
        "complete": complete,
        "next_team": next_team,
        "tips_left": {t: table.tips_left(t) for t in range(state["teams"])},
        "places": places,
    }
    if rnd["revealed"]:
        data["team_points"] = dict(enumerate(rnd["points"]))
    return data


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    rnd = current_round(state)
    round_view = _round_view(state, rnd, viewer) if rnd else None
    running = totals(state)
    data: dict[str, Any] = {
        "rounds_total": state["rounds_total"],
        "face_down": state["face_down"],
        "draw": state["draw"],
        "starting_team": state["starting_team"],
        "points": running,
        "history": [list(r["points"]) for r in state["rounds"] if r["revealed"]],
        "round": round_view,
        "stock_left": len(state["stock"]),
        "over": is_over(state),
        "active_seats": [],
        # The deck's grid edition (its name, extent and ranges): the same for every viewer.
        "grid": state.get("grid"),
    }
    if round_view and round_view["next_team"] is not None and not data["over"]:
        data["active_seats"] = [round_view["next_team"]]
    if viewer.role == "seat" and round_view and not round_view["revealed"]:
        table = round_state(state, rnd)
        data["hand"] = [t.value for t in table.available_tips(viewer.seat)]
        data["played"] = [v for team, _p, v, _o in rnd["tips"] if team == viewer.seat]
        data["my_turn"] = round_view["next_team"] == viewer.seat and not data["over"]
    picking = state["draw"] == "picked" and (rnd is None or rnd["revealed"])
    if viewer.role == "teacher" and picking and not data["over"]:
        used = {ref for r in state["rounds"] for ref in r["places"]}
        data["pickable"] = sorted(
            (
                {"id": ref, "name": card["name"]}
                for ref, card in state["cards"].items()
                if ref not in used
            ),
            key=lambda p: p["name"].casefold(),
        )
    if data["over"]:
        data["ranking"] = result(state)["ranking"]
    return data
