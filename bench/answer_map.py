"""Benchmark: how many dots of the grid kits' answer maps are bare (neither named nor numbered).

Builds the starter decks Germany (689 towns of 20,000 or more), Austria and Switzerland on a
fresh SQLite database and plans each answer map as the kit prints it, on A4 and on letter.
Prints one line per deck and paper: dots, named on the map, numbered on the map, numbered only
in a detail (a crowded region enlarged), bare (neither named nor numbered anywhere), the
smallest number's size in points, the details (inside the map's frame, or how many pages they
take), the index (on the map's page, or its pages) and the seconds the plan took.
Usage: ``python bench/answer_map.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._editions import start_django

PAPERS = ("a4", "letter")


def main() -> None:
    start_django("answer-map-")
    from cards import starter
    from geo import mapdraw as md
    from geo.labels import NUMBER_INK
    from printing.core.deck_source import deck_info
    from printing.core.fonts import CAP
    from printing.kits.grid import maps

    decks = [starter.germany_deck()[0]]
    decks += [starter.grid_deck(*row)[0] for row in starter.GRID_STARTERS]
    print(f"{'deck':12} {'paper':7} {'dots':>5} {'named':>6} {'numbered':>8} {'in detail':>9} "
          f"{'bare':>5} {'min pt':>6} {'details':>8} {'index':>14} {'s':>5}")  # fmt: skip
    for deck in decks:
        info = deck_info(deck)
        for paper in PAPERS:
            start = time.perf_counter()
            layout = maps.map_layout(info, paper)
            seconds = time.perf_counter() - start
            dots = len(info.dots)
            numbered = sum(e.number is not None for e in layout.index)
            shown = sum(e.shown for e in layout.index)
            in_details = numbered - shown
            detailed = set().union(*(d.shows for d in layout.details))
            bare = sum(not e.shown and e.number not in detailed for e in layout.index)
            sizes = [
                i.size for i in layout.drawing.items
                if isinstance(i, md.Text) and i.text.isdigit() and i.fill == NUMBER_INK
            ]  # fmt: skip
            smallest = min(sizes) / CAP * 72 / 25.4 if sizes else 0.0
            pages = maps.index_pages(paper, layout.index)
            where = "same page" if layout.band else f"{pages} page(s)"
            kind = "in" if layout.inset else f"{len(maps.detail_pages(paper, layout.details))}pg"
            print(
                f"{deck.slug:12} {paper:7} {dots:5} {dots - len(layout.index):6} {shown:8} "
                f"{in_details:9} {bare:5} {smallest:6.1f} {len(layout.details):5}{kind:>4} "
                f"{where:>14} {seconds:5.1f}"
            )


if __name__ == "__main__":
    main()
