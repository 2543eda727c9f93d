"""Spot On: Germany as a game on the play core: setup, moves, views and result on plain data.

The state keeps the deck's cards under opaque per-game references (drawn from the setup's
random generator), so nothing a viewer receives before a reveal — references, order, sizes —
says anything about a card's back. The rules themselves are in ``rules.py``.
"""

from __future__ import annotations

import random
from typing import Any

from play.core.engine import Context, RoundClosed, RuleViolation, Viewer
from play.editions.germany import rules

State = dict[str, Any]
BACK_FIELDS = ("state", "description", "population", "ns", "we", "latitude", "longitude")
TIPS = [t.value for t in rules.TipCard]


def new_ref(rng: random.Random, taken: set[str]) -> str:
    while True:
        ref = f"{rng.getrandbits(48):012x}"
        if ref not in taken:
            taken.add(ref)
            return ref


def check_options(options: dict[str, Any], seats: int) -> None:
    if not 0 <= options["starting_team"] < seats:
        raise RuleViolation("unknown_team", "The starting team must be one of the teams.")
    if options["face_down"] and seats < 3:
        raise RuleViolation("face_down_teams", "Face-down tips are a variant for 3 or 4 teams.")


def setup(options: dict[str, Any], deck: list[dict] | None, seats: list[str], rng) -> State:
    teams = len(seats)
    taken: set[str] = set()
    cards = {}
    for card in sorted(deck or [], key=lambda c: c["id"]):
        if card.get("population") is None:
            raise RuleViolation(
                "population_missing", f"{card['name']} has no population; the deck needs one."
            )
        cards[new_ref(rng, taken)] = {k: card.get(k) for k in ("id", "name", *BACK_FIELDS)}
    stock = sorted(cards)
    rng.shuffle(stock)
    rounds = options["rounds"] or rules.rounds_for(teams)
    if len(cards) < rules.places_for(teams):
        raise RuleViolation("deck_exhausted", "The deck has too few places for one round.")
    return {
        "teams": teams,
        "names": list(seats),
        "starting_team": options["starting_team"],
        "face_down": options["face_down"],
        "draw": options["draw"],
        "rounds_total": rounds,
        "cards": cards,
        "stock": stock,
        "rounds": [],
        "ended": False,
    }


def _current(state: State) -> dict | None:
    return state["rounds"][-1] if state["rounds"] else None


def _round_state(state: State, rnd: dict) -> rules.RoundState:
    return rules.RoundState(
        teams=state["teams"],
        starting_team=rnd["starting_team"],
        places=list(rnd["places"]),
        tips=[rules.Tip(t, p, rules.TipCard(v), o) for t, p, v, o in rnd["tips"]],
        revealed=rnd["revealed"],
    )


def lay_out(state: State, seat, args: dict, ctx: Context) -> State:
    """The teacher lays out the next round: drawn from the stock, or the places given."""
    last = _current(state)
    if last is not None and not last["revealed"]:
        raise RoundClosed("round_open", "Reveal the current round before starting a new one.")
    number = len(state["rounds"]) + 1
    if number > state["rounds_total"]:
        raise RoundClosed("no_rounds_left", "Every round of this game has been played.")
    needed = rules.places_for(state["teams"])
    picked = args.get("places")
    if picked is None:
        if len(state["stock"]) < needed:
            raise RoundClosed("deck_exhausted", "The deck has too few unused places left.")
        places = state["stock"][:needed]
    else:
        if not isinstance(picked, list) or not all(isinstance(p, str) for p in picked):
            raise RuleViolation("place_ids", "Choose places from the list.")
        used = {ref for rnd in state["rounds"] for ref in rnd["places"]}
        rules.check_new_places(state["teams"], picked, used)
        unknown = [p for p in picked if p not in state["cards"]]
        if unknown:
            raise RuleViolation("place_not_in_deck", "A chosen place is not in this game's deck.")
        places = list(picked)
        # Hand-picked places leave the stock too; the order of a hand-picked row is the
        # teacher's, which shows nothing the fronts do not.
    state["stock"] = [ref for ref in state["stock"] if ref not in places]
    starting = rules.starting_team_for_round(state["starting_team"], number - 1, state["teams"])
    state["rounds"].append(
        {
            "number": number,
            "starting_team": starting,
            "places": places,
            "tips": [],
            "revealed": False,
        }
    )
    return state


def tip(state: State, seat, args: dict, ctx: Context) -> State:
    rnd = _current(state)
    if rnd is None:
        raise RoundClosed("no_round", "No round has been laid out yet.")
    if seat is None:
        raise RuleViolation("unknown_team", "Say which team places the tip.")
    value, place = args.get("tip"), args.get("place")
    if not isinstance(value, str) or not isinstance(place, str):
        raise RuleViolation("bad_input", "Choose a place and a tip card.")
    table = _round_state(state, rnd)
    played = table.play(seat, place, value)
    rnd["tips"].append([played.team, played.place_id, played.tip.value, played.order])
    return state


def reveal(state: State, seat, args: dict, ctx: Context) -> State:
    rnd = _current(state)
    if rnd is None:
        raise RoundClosed("no_round", "No round has been laid out yet.")
    table = _round_state(state, rnd)
    table.check_reveal()
    facts = [
        rules.PlaceFacts(
            ref,
            state["cards"][ref]["ns"],
            state["cards"][ref]["we"],
            state["cards"][ref]["population"] or 0,
        )
        for ref in rnd["places"]
    ]
    result = rules.score_round(facts, table.tips, state["teams"])
    rnd["scored"] = [[s.tip.order, s.correct, s.row, s.points] for s in result.scored_tips()]
    rnd["points"] = [result.team_points.get(t, 0) for t in range(state["teams"])]
    rnd["revealed"] = True
    return state


def end(state: State, seat, args: dict, ctx: Context) -> State:
    state["ended"] = True
    return state


MOVES = {"lay_out": lay_out, "tip": tip, "reveal": reveal, "end": end}
TEACHER_MOVES = frozenset({"lay_out", "reveal", "end"})


def totals(state: State) -> list[int]:
    points = [0] * state["teams"]
    for rnd in state["rounds"]:
        for team, value in enumerate(rnd.get("points") or []):
            points[team] += value
    return points


def is_over(state: State) -> bool:
    last = _current(state)
    played_out = last is not None and last["revealed"] and last["number"] >= state["rounds_total"]
    return state["ended"] or played_out


def result(state: State) -> dict[str, Any] | None:
    if not is_over(state):
        return None
    ranking = rules.final_ranking(totals(state))
    return {
        "winners": [team for rank, team, _points in ranking if rank == 1],
        "ranking": [[rank, team, points] for rank, team, points in ranking],
    }


def _round_view(state: State, rnd: dict, viewer: Viewer) -> dict[str, Any]:
    table = _round_state(state, rnd)
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
    rnd = _current(state)
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
    }
    if round_view and round_view["next_team"] is not None and not data["over"]:
        data["active_seats"] = [round_view["next_team"]]
    if viewer.role == "seat" and round_view and not round_view["revealed"]:
        table = _round_state(state, rnd)
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


def rows(state: State, round_label: str = "Round", total_label: str = "Total") -> list[list]:
    table: list[list[Any]] = [[round_label, *state["names"]]]
    for rnd in state["rounds"]:
        if rnd["revealed"]:
            table.append([rnd["number"], *rnd["points"]])
    table.append([total_label, *totals(state)])
    return table
