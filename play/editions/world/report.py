"""The report of a game of The World: each evaluated card with its team's guess (board, field,
rectangle: the stones used) against the card's solutions, right or wrong. Pure: only cards
already turned over are in it, so a running game's report shows nothing of a card still held."""

from __future__ import annotations

from typing import Any

from play.core.played import Played

# The stones of a guess, by their number: board, column, row, rectangle.
STONE_KINDS = ("board", "field", "row", "rectangle")


def report(played: Played) -> dict[str, Any]:
    state = played.state
    names = state["names"]
    guesses: list[dict[str, Any]] = []
    for rnd in state["rounds"]:
        for ev in rnd["evaluations"]:
            card = state["cards"][ev["card"]]
            guesses.append(
                {
                    "round": rnd["number"],
                    "team": names[ev["team"]],
                    "seat": ev["team"],
                    "place": card["name"],
                    "guess": ev["guess"] or "",
                    "stones": ev["stones"],
                    "solutions": list(card["solutions"]),
                    "correct": bool(ev["correct"]),
                    "kept": bool(ev["kept"]),
                    "place_id": card["id"],
                    "latitude": card["latitude"],
                    "longitude": card["longitude"],
                }
            )
    positions = state["positions"]
    return {
        "teams": [
            {"name": name, "points": positions[i] if positions[i] is not None else 0}
            for i, name in enumerate(names)
        ],
        "guesses": guesses,
        "answers": [
            {
                "place": g["place"],
                "place_id": g["place_id"],
                # A guess with fewer stones is wrong at its last one: the kind names how far
                # the team dared to go.
                "kind": STONE_KINDS[max(g["stones"], 1) - 1],
                "seat": g["seat"],
                "correct": g["correct"],
                "latitude": g["latitude"],
                "longitude": g["longitude"],
            }
            for g in guesses
        ],
        "map": {
            "kind": "world",
            "guesses": [
                {k: g[k] for k in ("place", "guess", "correct", "latitude", "longitude")}
                for g in guesses
            ],
        },
    }
