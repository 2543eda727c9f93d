"""Numbers solver: every solution for six cards, over random cases.

Run: python bench/numbers_solver.py [--cases 1000] [--cards 6] [--seed 1]
Each case draws the cards from the full 54-card deck (two jokers) and a target 100–999, and
lists every way to hit it from a fresh chain (total 0). Prints p50, p95 and max time per case,
for all cases and for the cases without a joker, and the number of solutions.
Target: p95 at most 50 ms for six cards. Times are this process's CPU time (one core), so a
busy machine does not inflate them; the wall time of the whole run is printed too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play.editions.numbers.solver import JOKER, solve

DECK = [value for value in range(1, 14) for _suit in range(4)] + [JOKER, JOKER]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--cards", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    times, plain, counts = [], [], []
    wall = time.perf_counter()
    for _ in range(options.cases):
        cards = rng.sample(DECK, options.cards)
        target = rng.randint(100, 999)
        # CPU time of this process: the figure for one core, whatever else the machine runs
        start = time.process_time()
        found, complete = solve(0, target, cards)
        elapsed = time.process_time() - start
        assert complete
        times.append(elapsed)
        counts.append(len(found))
        if JOKER not in cards:
            plain.append(elapsed)
    ms = 1000
    print(f"numbers solver: {options.cases} cases of {options.cards} cards, every solution")
    print(
        f"  all cases      p50 {percentile(times, 0.5) * ms:6.1f} ms   "
        f"p95 {percentile(times, 0.95) * ms:6.1f} ms   max {max(times) * ms:6.1f} ms"
    )
    print(
        f"  without joker  p50 {percentile(plain, 0.5) * ms:6.1f} ms   "
        f"p95 {percentile(plain, 0.95) * ms:6.1f} ms   ({len(plain)} cases)"
    )
    print(
        f"  solutions per case: mean {statistics.mean(counts):.0f}, "
        f"median {statistics.median(counts):.0f}, max {max(counts)}, "
        f"none in {sum(1 for c in counts if not c)} cases"
    )
    print(f"  wall time of the run: {time.perf_counter() - wall:.1f} s")
    print(f"  target p95 <= 50 ms: {'met' if percentile(times, 0.95) <= 0.050 else 'MISSED'}")


if __name__ == "__main__":
    main()
