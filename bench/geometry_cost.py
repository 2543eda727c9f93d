"""What an editor's geometry costs on every read of its place, by vertex count.

Run: python bench/geometry_cost.py [--sizes 1000,5000,20000,50000]
A random walk across Europe (it crosses itself, as a careless trace does) goes through the
region solutions a card back shows (`geo.regions.geometry_solutions`), as given and after the
simplification on save (`cards.geometry_limits.simplify_geometry`). Prints seconds per read.
Targets: the largest accepted geometry (MAX_VERTICES) reads in well under a second once
simplified; the simplification itself is paid once, on save.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from cards.geometry_limits import MAX_VERTICES, SIMPLIFY_TO, count_positions, simplify_geometry
from geo.regions import geometry_solutions


def random_walk(points: int, seed: int = 1) -> dict:
    rng = np.random.default_rng(seed)
    steps = rng.normal(0, 0.05, size=(points, 2))
    track = np.cumsum(steps, axis=0) + np.array([10.0, 50.0])
    track[:, 0] = np.clip(track[:, 0], -10, 30)
    track[:, 1] = np.clip(track[:, 1], 36, 70)
    return {"type": "LineString", "coordinates": track.round(5).tolist()}


def seconds(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default=f"1000,5000,{MAX_VERTICES},50000")
    args = parser.parse_args()
    print(f"limits: refuse above {MAX_VERTICES:,} vertices, simplify to {SIMPLIFY_TO:,} on save")
    print(f"{'vertices':>9} {'read as given':>14} {'simplify':>9} {'kept':>6} {'read after':>11}")
    for size in (int(s) for s in args.sizes.split(",")):
        geometry = random_walk(size)
        raw = seconds(geometry_solutions, "EU", geometry)
        start = time.perf_counter()
        simple = simplify_geometry(geometry)
        cost = time.perf_counter() - start
        after = seconds(geometry_solutions, "EU", simple)
        kept = count_positions(simple["coordinates"])
        print(f"{size:>9,} {raw:>13.3f}s {cost:>8.3f}s {kept:>6,} {after:>10.3f}s")


if __name__ == "__main__":
    main()
