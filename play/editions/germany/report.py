"""The report of a Germany (or grid edition) game: every tip of every revealed round with its
place, row, right or wrong and points; per team, right and wrong by tip kind; the places for
the map, each with the share of right tips on it. Pure: rounds not yet revealed are left out
whole, so nothing from a card's back (nor a face-down tip) is in a running game's report."""

from __future__ import annotations

from typing import Any

from play.core.played import Played, share
from play.editions.germany.moves import TIPS, totals


def report(played: Played) -> dict[str, Any]:
    state = played.state
    names = state["names"]
    tips: list[dict[str, Any]] = []
    places: list[dict[str, Any]] = []
    kinds = [{kind: [0, 0] for kind in TIPS} for _ in names]  # per team: kind → [right, wrong]
    for rnd in state["rounds"]:
        if not rnd["revealed"]:
            continue
        scored = {order: (correct, row, points) for order, correct, row, points in rnd["scored"]}
        for ref in rnd["places"]:
            card = state["cards"][ref]
            right = asked = 0
            for team, place, value, order in rnd["tips"]:
                if place != ref:
                    continue
                correct, _row, points = scored[order]
                asked += 1
                right += correct
                kinds[team][value][0 if correct else 1] += 1
                tips.append(
                    {
                        "round": rnd["number"],
                        "team": names[team],
                        "seat": team,
                        "place": card["name"],
                        "tip": value,
                        # The row the team placed it in (a right tip may score from a higher
                        # one, once wrong tips above it are removed: ``points`` says).
                        "row": _placed_row(rnd, ref, order),
                        "correct": bool(correct),
                        "points": points,
                        "place_id": card["id"],
                        "latitude": card["latitude"],
                        "longitude": card["longitude"],
                    }
                )
            places.append(
                {
                    "round": rnd["number"],
                    "name": card["name"],
                    "asked": asked,
                    "right": right,
                    "share": share(right, asked),
                    "latitude": card["latitude"],
                    "longitude": card["longitude"],
                }
            )
    points = totals(state)
    return {
        "teams": [{"name": name, "points": points[i]} for i, name in enumerate(names)],
        "tips": tips,
        "places": places,
        "by_kind": [
            {
                "team": name,
                "kinds": [{"tip": k, "right": r, "wrong": w} for k, (r, w) in kind.items()],
            }
            for name, kind in zip(names, kinds, strict=True)
        ],
        "answers": [
            {
                "place": t["place"],
                "place_id": t["place_id"],
                "kind": t["tip"],
                "seat": t["seat"],
                "correct": t["correct"],
                "latitude": t["latitude"],
                "longitude": t["longitude"],
            }
            for t in tips
        ],
        "map": {"kind": "grid", "grid": state.get("grid"), "places": places},
    }


def _placed_row(rnd: dict, ref: str, order: int) -> int:
    """The row a tip was placed in: 1 plus the tips placed under that place before it."""
    return 1 + sum(1 for _t, place, _v, o in rnd["tips"] if place == ref and o < order)
