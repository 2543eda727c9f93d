"""How long the dice bots think, and how long a simulated game takes.

Run: python bench/dice_bots.py [--games N]
Prints, per bot, the mean and worst time of one decision (placing the pawn is the expensive
one for the strong bot: an exact roll-or-stop plan for each of the 24 lines), and the time per
simulated game of each pairing. A computer seat should answer well within its 1.2 s display
delay; the README's 2,000-game table should take minutes, not hours.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play.core.engine import Context, apply_move, move_rng, setup_rng
from play.editions.dice.bots import LEVELS, choose
from play.editions.dice.edition import EDITION
from play.editions.dice.simulator import play_game


def decision_times(games: int) -> dict[str, list[float]]:
    """Replay strong-against-random games and time every bot on each position met."""
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    for game in range(games):
        options = {"mix": "standard", "first": game % 2, "bot": "strong"}
        state = EDITION.setup(options, None, ["a", "b"], setup_rng(game))
        number = 0
        while EDITION.result(state) is None:
            seat = state["turn"]["seat"]
            for level in LEVELS:
                start = time.perf_counter()
                choose(state, seat, level)
                times[level].append(time.perf_counter() - start)
            name, args = choose(state, seat, "strong" if seat == 0 else "random")
            number += 1
            state = apply_move(EDITION, state, seat, name, args, Context(move_rng(game, number), 0))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    games = parser.parse_args().games
    for level, samples in decision_times(games).items():
        mean, worst = statistics.mean(samples), max(samples)
        print(f"{level:9} decision: mean {mean * 1000:6.2f} ms, worst {worst * 1000:6.1f} ms")
    for pair in (("strong", "random"), ("strong", "cautious"), ("cautious", "random")):
        start = time.perf_counter()
        for game in range(games):
            play_game(pair, game, game % 2)
        per_game = (time.perf_counter() - start) / games
        print(f"{pair[0]} v {pair[1]}: {per_game * 1000:6.1f} ms per game")


if __name__ == "__main__":
    main()
