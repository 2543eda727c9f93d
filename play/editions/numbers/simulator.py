"""Many computer games of Numbers with the simple strategy, and their win rate (pure).

Each game is seeded from the run's seed and the game's number, so a run is repeatable and can be
split over processes without changing a figure.
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass
from typing import Any, NoReturn

from play.editions.numbers import rules
from play.editions.numbers.bots import next_move

MOVES = {"show": rules.show, "play": rules.play, "pass": rules.pass_}
Z95 = 1.959963984540054


@dataclass(frozen=True)
class GameOutcome:
    won: bool
    hits: int
    turns: int


def play_game(
    players: int, level: str, signals: bool, seed: int | str, **variants: bool
) -> GameOutcome:
    """One game between computer players, to its end."""
    state = rules.new_game(
        players, random.Random(f"numbers:{seed}"), level=level, signals=signals, **variants
    )
    while state["status"] == "playing":
        seat = state["turn"]
        name, args = next_move(state, seat)
        MOVES[name](state, seat, args)
    return GameOutcome(state["status"] == "won", state["hits"], state["turns"])


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def outcomes(players: int, level: str, signals: bool, games: range, seed: int) -> list[GameOutcome]:
    return [play_game(players, level, signals, f"{seed}:{number}") for number in games]


def summary(
    players: int, level: str, signals: bool, seed: int, results: list[GameOutcome]
) -> dict[str, Any]:
    """The JSON line of ``simulate numbers`` for these games."""
    games = len(results)
    wins = sum(outcome.won for outcome in results)
    hits = sum(outcome.hits for outcome in results)
    turns = sum(outcome.turns for outcome in results)
    low, high = wilson(wins, games)
    return {
        "players": players,
        "level": level,
        "signals": signals and rules.LEVELS[level]["signals"],
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci_low": round(low, 4),
        "ci_high": round(high, 4),
        # plays and passes per target hit, over all the games (lost targets' turns included)
        "turns_per_target": round(turns / hits, 2) if hits else None,
    }


def run(players: int, level: str, signals: bool, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` games and sum them up."""
    results = outcomes(players, level, signals, range(games), seed)
    return summary(players, level, signals, seed, results)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def simulate(words: list[str]) -> list[dict[str, Any]]:
    """``simulate numbers --players 2|3|4 --level L [--no-signals] --games N --seed S``."""
    parser = _Parser(prog="simulate numbers", add_help=False)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--level", choices=tuple(rules.LEVELS), default="normal")
    parser.add_argument("--no-signals", action="store_true")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    if "-h" in words or "--help" in words:
        raise ValueError(parser.format_usage().strip())
    options = parser.parse_args(words)
    if options.games < 1:
        raise ValueError("--games must be at least 1.")
    signals = not options.no_signals
    return [run(options.players, options.level, signals, options.games, options.seed)]
