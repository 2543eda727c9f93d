"""Benchmark: what a redraw of each edition's screens costs the server, and where it goes.

Every change of a game is drawn once per view (the projector's, each seat's) in each socket
server process (``play.shells.screens.socket_stage``). This plays a game of each edition with
its computer players (bench/_editions.py, the load bench's sizes) and, at every few of its
moves, draws each screen's stage as a socket does: the shell's context (the edition's view and
present) and the stage's template. It prints per edition the CPU milliseconds of one change's
redraw (every view, the median over the changes drawn) and of its template part; with
``--profile`` the functions that took most of it (cProfile over every redraw).

Each change is drawn once, as a socket server draws it: the parts it reuses
(``{% part key … %}``) are those drawn for earlier changes. Usage: ``python bench/redraw.py
[--moves 60] [--every 3] [--repeat 1] [--profile germany]``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=60, help="moves played per edition")
    parser.add_argument("--every", type=int, default=3, help="draw at every n-th move")
    parser.add_argument(
        "--repeat", type=int, default=1, help="draws of each change, the best kept (more than "
        "one: the parts drawn for values already seen are reused, as in the next change)"
    )  # fmt: skip
    parser.add_argument("--profile", default="", help="an edition to profile")
    parser.add_argument(
        "--table-open", action="store_true", help="every phone with its table (what the "
        "projector shows) open, as with the teacher's switch on; folded by default"
    )  # fmt: skip
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    from _editions import EDITIONS, Table, play_one, start_django

    start_django("redraw-")
    from django.template.loader import render_to_string
    from django.utils import translation

    from play.models import Game
    from play.shells import screens

    table = Table()
    profile = cProfile.Profile()
    tables = "open" if args.table_open else "folded"
    print(
        f"one change redrawn on every screen, CPU ms (median of the changes; best of {args.repeat};"
        f" the phones' tables {tables})"
    )
    print(f"  {'game':8s} {'screens':>7s} {'changes':>7s} {'context':>8s} {'template':>9s} "
          f"{'all':>7s}")  # fmt: skip
    for edition in EDITIONS:
        game = table.game(edition)
        views = table.screens(game)
        contexts: list[float] = []
        templates: list[float] = []
        for move in range(args.moves):
            if not play_one(Game.objects.get(pk=game.pk)):
                break
            if move % args.every:
                continue
            game = Game.objects.get(pk=game.pk)
            seats = {t.index: t for t in game.teams.all()}
            drawers = []
            for name, request, host in views:
                if host:
                    make = lambda r=request, g=game: screens.projector_context(r, g)  # noqa: E731
                else:
                    seat = seats[int(name.split()[1])]
                    make = lambda s=seat, g=game: screens.device_context(  # noqa: E731
                        g, s, table_open=args.table_open
                    )
                drawers.append(make)
            best = (float("inf"), 0.0, 0.0)
            for _ in range(args.repeat):
                # What a process draws once per change for every screen is drawn again.
                screens.forget_drawn_stages()
                spent = [0.0, 0.0]
                for make in drawers:
                    with translation.override(game.language):
                        if edition == args.profile:
                            profile.enable()
                        started = time.process_time()
                        made = {**make(), "csrf_token": screens.CSRF_STAND_IN}
                        between = time.process_time()
                        render_to_string("play/_stage.html", made)
                        ended = time.process_time()
                        if edition == args.profile:
                            profile.disable()
                    spent[0] += between - started
                    spent[1] += ended - between
                if sum(spent) < best[0]:
                    best = (sum(spent), spent[0] * 1000, spent[1] * 1000)
            context_ms, template_ms = best[1], best[2]
            contexts.append(context_ms)
            templates.append(template_ms)
        context, template = statistics.median(contexts), statistics.median(templates)
        print(
            f"  {edition:8s} {len(views):7d} {len(contexts):7d} {context:8.2f} {template:9.2f} "
            f"{context + template:7.2f}"
        )
    if args.profile:
        print(f"\nwhere {args.profile}'s redraws went (cProfile, by own time):")
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
