"""The report of a Numbers game (one team of all players): each target turned up, whether it
was hit, in how many turns, the signals shown for it, and where the team got stuck (the total
it reached on a target it missed). Pure; only what the table showed: no hand is in it."""

from __future__ import annotations

from typing import Any

from play.core.played import Played
from play.editions.numbers.moves import MOVES

# The operations as the cards and the screens print them.
OPS = {"+": "+", "-": "−", "*": "×", "/": "÷"}


def report(played: Played) -> dict[str, Any]:
    state = played.state
    targets = [
        {
            "target": entry["target"],
            "hit": bool(entry["hit"]),
            "turns": 0,
            "signals": 0,
            "steps": [
                f"{OPS.get(step['op'], step['op'])}{step['value']}" for step in entry["chain"]
            ],
            "reached": entry["chain"][-1]["total"] if entry["chain"] else 0,
        }
        for entry in state["history"]
    ]
    for move, before, _after in played.steps(MOVES):
        index = len(before["history"]) - 1
        if not 0 <= index < len(targets):
            continue
        if move.name == "show":
            targets[index]["signals"] += 1
        elif move.name in ("play", "pass"):
            targets[index]["turns"] += 1
    hit = [t for t in targets if t["hit"]]
    missed = [t for t in targets if not t["hit"]]
    team = " · ".join(played.names)
    return {
        "teams": [{"name": team, "points": state["hits"]}],
        "targets": targets,
        "hits": len(hit),
        "goal": state["goal"],
        "turns_per_target": round(sum(t["turns"] for t in hit) / len(hit), 1) if hit else None,
        "signals": sum(t["signals"] for t in targets),
        "stuck": missed[-1] if missed and state["status"] != "playing" else None,
        "answers": [],
    }
