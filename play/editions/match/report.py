"""The report of a match of Spot the Match: per team its claims, wrong taps and the median time
from turning up a card to claiming with it, per game of the match; and the symbols the room
missed most often (the symbol two cards shared when a team tapped another). Pure: every card
in play lies open, so nothing in it is secret."""

from __future__ import annotations

from collections import Counter
from statistics import median
from typing import Any

from play.core.played import Played
from play.editions.match.moves import MOVES
from play.editions.match.rules import GAME_NAMES, own_card


def report(played: Played) -> dict[str, Any]:
    state = played.state
    teams = state["teams"]
    per_game: dict[tuple[int, int], dict[str, Any]] = {}
    missed: Counter[int] = Counter()
    for move, before, after in played.steps(MOVES):
        if move.name != "claim" or move.seat is None or after["moves"] == before["moves"]:
            continue
        team = before["seats"][move.seat]["team"]
        entry = per_game.setdefault(
            (before["game"], team), {"claims": 0, "wrong": 0, "seconds": []}
        )
        if after["events"] and after["events"][-1]["kind"] == "wrong":
            entry["wrong"] += 1
            card = own_card(before, move.seat)
            target = before["refs"].index(move.args["target"])
            shared = set(before["cards"][card]) & set(before["cards"][target])
            missed.update(shared)
        else:
            entry["claims"] += 1
            entry["seconds"].append(move.at - before["seats"][move.seat]["since"])
    # Every team in every game played, those that claimed nothing too.
    for game in {game for game, _team in per_game}:
        for team in range(len(teams)):
            per_game.setdefault((game, team), {"claims": 0, "wrong": 0, "seconds": []})
    names = _team_names(state)
    symbols = state["symbols"]
    return {
        "teams": [{"name": names[i], "points": team["score"]} for i, team in enumerate(teams)],
        "games": [
            {
                "game": game,
                "mode": GAME_NAMES[game],
                "team": names[team],
                "claims": entry["claims"],
                "wrong": entry["wrong"],
                "median_seconds": round(median(entry["seconds"]), 1) if entry["seconds"] else None,
            }
            for (game, team), entry in sorted(per_game.items())
        ],
        "missed_symbols": [
            {"symbol": symbols[index] if index < len(symbols) else str(index), "missed": n}
            for index, n in missed.most_common(10)
        ],
        "answers": [],
    }


def _team_names(state: dict[str, Any]) -> list[str]:
    """A team by its seats' names ("Ada & Ben"), as the screens list them."""
    return [" & ".join(state["seats"][s]["name"] for s in team["seats"]) for team in state["teams"]]
