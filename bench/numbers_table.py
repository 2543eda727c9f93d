"""Numbers: the README's table of win rates of the simple strategy.

Run: python bench/numbers_table.py [--games 2000] [--seed 1] [--jobs 2]
Thirteen rows: 2, 3 and 4 players at each level, and Normal without signals for 2 players.
Each row gives the same figures as ``manage.py simulate numbers`` with the same games and seed
(the games are split over processes; every game has its own seed, so the split changes nothing).
Prints a Markdown table, then the ``manage.py simulate numbers`` command of every row, and the
win rate signals add at each player count (Normal with signals minus Normal without).
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play.editions.numbers.simulator import outcomes, summary

LEVELS = ("easy", "normal", "hard", "expert")


def rows() -> list[tuple[int, str, bool]]:
    table = [(players, level, True) for level in LEVELS for players in (2, 3, 4)]
    return table + [(players, "normal", False) for players in (2, 3, 4)]


def _chunk(job: tuple[int, str, bool, int, int, int]):
    players, level, signals, start, stop, seed = job
    return (players, level, signals), outcomes(players, level, signals, range(start, stop), seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    step = 250
    jobs = [
        (players, level, signals, start, min(start + step, options.games), options.seed)
        for players, level, signals in rows()
        for start in range(0, options.games, step)
    ]
    started = time.perf_counter()
    collected: dict[tuple[int, str, bool], list] = {row: [] for row in rows()}
    with Pool(options.jobs) as pool:
        for row, results in pool.imap(_chunk, jobs):
            collected[row].extend(results)
    elapsed = time.perf_counter() - started
    print("| players | level | signals | games | win rate | 95 % interval | turns per target |")
    print("|---|---|---|---|---|---|---|")
    for (players, level, signals), results in collected.items():
        line = summary(players, level, signals, options.seed, results)
        print(
            f"| {players} | {level.capitalize()} | {'yes' if line['signals'] else 'no'} "
            f"| {line['games']} | {line['win_rate'] * 100:.1f} % "
            f"| {line['ci_low'] * 100:.1f}–{line['ci_high'] * 100:.1f} % "
            f"| {line['turns_per_target']} |"
        )
    print("\nEach row's command:")
    for players, level, signals in collected:
        flag = "" if signals else " --no-signals"
        print(
            f"python manage.py simulate numbers --players {players} --level {level}{flag} "
            f"--games {options.games} --seed {options.seed}"
        )
    print("\nWhat signals are worth at Normal (win rate with signals minus without):")
    for players in (2, 3, 4):
        rates = {
            signals: summary(players, "normal", signals, options.seed, collected[key])["win_rate"]
            for signals in (True, False)
            for key in [(players, "normal", signals)]
        }
        print(f"{players} players: {(rates[True] - rates[False]) * 100:+.1f} points")
    print(f"\n{len(jobs)} chunks in {elapsed:.0f} s, {options.jobs} processes, seed {options.seed}")


if __name__ == "__main__":
    main()
