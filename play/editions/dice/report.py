"""The report of a game of Spot On (the dice game): per player the rolls, busts and stops
(a stop forced by the last counter counts as one), and the court cards and sets taken. Pure:
the grid is open on the table, so nothing in it is secret."""

from __future__ import annotations

from typing import Any

from play.core.played import Played
from play.editions.dice import rules
from play.editions.dice.moves import MOVES


def report(played: Played) -> dict[str, Any]:
    state = played.state
    players = state["players"]
    counts = [{"rolls": 0, "busts": 0, "stops": 0} for _ in players]
    for move, before, after in played.steps(MOVES):
        seat = move.seat
        if seat is None or not 0 <= seat < len(players):
            continue
        if move.name == "stop":
            counts[seat]["stops"] += 1
        elif move.name == "roll":
            counts[seat]["rolls"] += 1
            if after["last"] and after["last"]["kind"] == "bust":
                counts[seat]["busts"] += 1
            elif after["turn"]["number"] != before["turn"]["number"]:
                counts[seat]["stops"] += 1  # the last counter placed stops the turn
    scores = [rules.score(taken) for taken in state["taken"]]
    return {
        "teams": [{"name": name, "points": scores[i]["total"]} for i, name in enumerate(players)],
        "players": [
            {
                "name": name,
                **counts[i],
                "courts": scores[i]["courts"],
                "sets": list(scores[i]["sets"]),
                "points": scores[i]["total"],
            }
            for i, name in enumerate(players)
        ],
        "answers": [],
    }
