"""Numbers simulator: games of the simple strategy per second, on one core.

Run: python bench/numbers_simulator.py [--games 5000] [--players 2] [--level normal]
Plays the games in this one process (as ``manage.py simulate numbers`` does) and prints the time
and the resulting win rate. Target: 5,000 two-player Normal games in at most 60 s on one core,
measured as this process's CPU time (a busy machine stretches the wall time, not that).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play.editions.numbers.simulator import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    start, cpu = time.perf_counter(), time.process_time()
    line = run(options.players, options.level, True, options.games, options.seed)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - start
    print(f"numbers simulator: {options.games} games, {options.players} players, {options.level}")
    print(f"  {cpu:.1f} s CPU ({cpu / options.games * 1000:.2f} ms per game), {wall:.1f} s wall")
    print(f"  win rate {line['win_rate']:.3f} [{line['ci_low']:.3f}, {line['ci_high']:.3f}]")
    target = 60 * options.games / 5000
    print(f"  target <= {target:.0f} s on one core: {'met' if cpu <= target else 'MISSED'}")


if __name__ == "__main__":
    main()
