"""Computer against computer: win rates of the dice bots, for ``manage.py simulate dice``.

Each game is played through the edition's own moves (``play.core.engine.apply_move``), with the die
drawn from the same per-move generator the core uses, so a simulated game is a game the site
could have logged. The starting player alternates between games (even games: the first bot
starts; odd games: the second), which makes the comparison of the bots fair and lets the first
player's advantage be measured: ``first_player_win_rate`` is the share of games the starting
player won (ties count as not won). Intervals are 95 % Wilson score intervals.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Iterator

from play.core.engine import Context, Edition, Seats, apply_move, move_rng, setup_rng
from play.editions.dice import moves, rules, view
from play.editions.dice.bots import LEVELS, choose

# A turn is at most a pawn, 12 counters and a stop, and the rules end every game within
# ``rules.max_turns`` turns (a stall ends it): a game past this is a bug to report.
TURN_MOVES = rules.COUNTERS + 2
Z95 = 1.959964

# The rules alone, as the engine needs them (the registered edition adds options and texts).
EDITION = Edition(
    slug="dice",
    name="dice",
    seats=Seats(2, 2, "players"),
    setup=moves.setup,
    moves=moves.MOVES,
    turn=moves.TURN,
    end_if=rules.end_if,
    on_end=rules.close_turn,
    view=view.view,
    result=rules.result,
)


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default)."""
    if games <= 0:
        raise ValueError("an interval needs at least one game")
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    return (centre - spread) / denominator, (centre + spread) / denominator


def play_game(levels: tuple[str, str], seed: int, first: int, mix: str = "standard") -> dict:
    """One whole game between two bot levels (seat 0 plays ``levels[0]``); returns the state."""
    options = {"mix": mix, "first": first, "bot": levels[0]}
    state = EDITION.setup(options, None, list(levels), setup_rng(seed))
    number = 0
    limit = rules.max_turns(mix) * TURN_MOVES
    while EDITION.result(state) is None:
        number += 1
        if number > limit:
            raise RuntimeError(f"game with seed {seed} did not end after {limit} moves")
        seat = state["turn"]["seat"]
        name, args = choose(state, seat, levels[seat])
        ctx = Context(rng=move_rng(seed, number), now=0.0)
        state = apply_move(EDITION, state, seat, name, args, ctx)
    return state


def pairing(levels: tuple[str, str], games: int, seed: int, mix: str = "standard") -> dict:
    """Play ``games`` games and summarise them in the DESIGN.md format."""
    if games < 1:
        raise ValueError("--games must be at least 1")
    a, b = levels
    wins = [0, 0]
    ties = first_wins = 0
    for game in range(games):
        game_seed = random.Random(f"{seed}:{game}").randrange(2**31)
        first = game % 2
        result = EDITION.result(play_game(levels, game_seed, first, mix))
        if len(result["winners"]) == 2:
            ties += 1
            continue
        winner = result["winners"][0]
        wins[winner] += 1
        first_wins += winner == first
    intervals = [wilson(w, games) for w in wins]
    names = [a, b] if a != b else [f"{a}#1", f"{b}#2"]
    return {
        "bots": [a, b],
        "games": games,
        "wins": dict(zip(names, wins, strict=True)),
        "ties": ties,
        "win_rate": {name: round(w / games, 4) for name, w in zip(names, wins, strict=True)},
        "ci_low": {name: round(ci[0], 4) for name, ci in zip(names, intervals, strict=True)},
        "ci_high": {name: round(ci[1], 4) for name, ci in zip(names, intervals, strict=True)},
        "first_player_win_rate": round(first_wins / games, 4),
    }


def pairings(bots: str | None) -> list[tuple[str, str]]:
    """``strong,random`` → one pairing; none given → the strong bot against each other bot."""
    if bots is None:
        return [("strong", other) for other in LEVELS if other != "strong"]
    names = [name.strip() for name in bots.split(",")]
    unknown = [name for name in names if name not in LEVELS]
    if len(names) != 2 or unknown:
        raise ValueError(f"--bots takes two of {', '.join(LEVELS)}, e.g. strong,random")
    return [(names[0], names[1])]


class _Parser(argparse.ArgumentParser):
    """Bad options become a ``ValueError`` with argparse's message, for the command to show."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise ValueError(f"{self.format_usage().strip()}\n{message}")


def parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="manage.py simulate dice", add_help=False)
    parser.add_argument("--games", type=int, default=2000, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bots", default=None, help=f"two of {', '.join(LEVELS)}; default: strong against each"
    )
    parser.add_argument("--mix", default="standard", choices=tuple(rules.MIXES))
    return parser


def simulate(words: list[str]) -> Iterator[dict]:
    """The ``simulate dice`` command: one summary per pairing, as the command prints them.

    The words are checked at once (``ValueError``); the games are played as the lines are
    asked for, so each pairing's line appears as soon as it is done.
    """
    options = parser().parse_args(words)
    levels = pairings(options.bots)
    if options.games < 1:
        raise ValueError("--games must be at least 1")
    return (pairing(pair, options.games, options.seed, options.mix) for pair in levels)
