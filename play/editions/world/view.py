"""What each viewer sees of a game of The World (pure): the projector and the teacher see the
fronts of the cards until they are evaluated and no team's stones while the guessing is open; a
team's device also sees its own card and stones. Cards are named by their per-game references.
"""

from __future__ import annotations

from typing import Any

from play.core.engine import Viewer, is_over
from play.core.ranking import no_winner_unless_scored
from play.editions.world import rules
from play.editions.world.moves import (
    CHOOSING,
    DONE,
    EXCHANGING,
    GUESSING,
    State,
    current,
    next_team,
    track_of,
)


def _card_view(state: State, rnd: dict[str, Any], ref: str, evaluated: dict) -> dict[str, Any]:
    card = state["cards"][ref]
    holder = next((t for t, r in enumerate(rnd["held"]) if r == ref), None)
    if ref in rnd["exchanged"]:
        status = "exchanged"
        holder = next(t for t, r in enumerate(rnd["chosen"]) if r == ref)
    elif ref in evaluated:
        status = "kept" if evaluated[ref]["kept"] else "returned"
    elif holder is not None:
        status = "held"
    else:
        status = "table"
    item: dict[str, Any] = {
        "ref": ref,
        "name": card["name"],
        "colour": card["colour"],
        "status": status,
        "team": holder,
        "evaluated": ref in evaluated,
    }
    if ref in evaluated:
        item["back"] = {"board": card["board"] or None, "solutions": list(card["solutions"])}
    return item


def _round_view(state: State, rnd: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
    evaluated = {e["card"]: e for e in rnd["evaluations"]}
    exchanged_in = [r for r in rnd["held"] if r is not None and r not in rnd["table"]]
    refs = list(rnd["table"]) + [r for r in rnd["exchanged"] if r not in rnd["table"]]
    refs += [r for r in exchanged_in if r not in refs]
    open_guessing = rnd["phase"] == GUESSING
    guesses = []
    for team, entry in enumerate(rnd["guesses"]):
        own = viewer.role == "seat" and viewer.seat == team
        visible = entry is not None and (not open_guessing or own)
        guesses.append(
            {
                "team": team,
                "placed": entry is not None,
                "locked": bool(entry and entry["locked"]),
                "guess": entry["guess"] if visible else None,
            }
        )
    nxt = next_team(rnd)
    return {
        "number": rnd["number"],
        "phase": rnd["phase"],
        "order": list(rnd["order"]),
        "next_team": nxt,
        "cards": [_card_view(state, rnd, ref, evaluated) for ref in refs],
        "guesses": guesses,
        "all_locked": all(g["locked"] for g in guesses),
        "locked_count": sum(1 for g in guesses if g["locked"]),
        "exchanges": list(rnd["exchanges"]),
        "evaluations": [dict(e) for e in rnd["evaluations"]],
        "start": list(rnd["start"]),
        "revealed": rnd["phase"] == DONE,
    }


def active_seats(state: State) -> list[int]:
    rnd = current(state)
    if is_over(state) or rnd is None:
        return []
    if rnd["phase"] in (CHOOSING, EXCHANGING):
        nxt = next_team(rnd)
        return [] if nxt is None else [nxt]
    if rnd["phase"] == GUESSING:
        return [t for t, g in enumerate(rnd["guesses"]) if not (g and g["locked"])]
    return []


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    track = track_of(state)
    teams = len(state["names"])
    furthest = max((p for p in state["positions"] if p is not None), default=0)
    rnd = current(state)
    data: dict[str, Any] = {
        "track": {
            "length": track.length,
            "final_spaces": track.final_spaces,
            # The final spaces go on as far as a pawn needs.
            "shown_finals": max(track.final_spaces, furthest - track.length),
            "longer_game": state["track"]["longer_game"],
            "end": rules.end_position(track, teams, state["track"]["longer_game"]),
        },
        "starting_team": state["starting_team"],
        "stack_left": len(state["stack"]),
        "teams": [
            {
                "index": t,
                "position": state["positions"][t],
                "exchanges_left": rules.MAX_EXCHANGES - state["exchanges_used"][t],
                "kept": dict(state["kept"][t]),
            }
            for t in range(teams)
        ],
        "round": _round_view(state, rnd, viewer) if rnd else None,
        "active_seats": active_seats(state),
        "finished": is_over(state),
    }
    if state["before_bonus"] is not None:
        data["bonus"] = [dict(b) for b in state["bonus"]]
        data["before_bonus"] = list(state["before_bonus"])
    if viewer.role == "seat" and rnd is not None:
        ref = rnd["held"][viewer.seat]
        mine = next((c for c in data["round"]["cards"] if c["ref"] == ref), None)
        data["round"]["mine"] = {
            "card": mine,
            "guess": data["round"]["guesses"][viewer.seat],
            "evaluation": next(
                (e for e in data["round"]["evaluations"] if e["team"] == viewer.seat), None
            ),
            "my_turn": data["round"]["next_team"] == viewer.seat and not is_over(state),
        }
    return data


def result(state: State) -> dict[str, Any] | None:
    if not is_over(state):
        return None
    positions = state["positions"]
    result = {
        "winners": rules.world_winners(positions),
        "ranking": [[rank, team, pos] for rank, team, pos in rules.ranking(positions)],
    }
    return no_winner_unless_scored(result, any(rnd["evaluations"] for rnd in state["rounds"]))
