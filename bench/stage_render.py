"""Benchmark: what one redraw of a classroom screen costs the server that draws it.

Every change of a game is drawn once per view (the projector's, each seat's) in each process
holding screens of it (``play.shells.screens.socket_stage``), so the stage's drawing is most of
the sockets' server's work under load (``bench/play_load.py``). This plays a Germany game of 4
teams and a World game of 6 (the load bench's) a little way with their computer players, then
times, in one process on a fresh SQLite database (the World's teams at their guess pads),
drawing each view's stage: the context (the
edition's view of the state and the shell's data) and the template, best of ``--repeat``.
Usage: ``python bench/stage_render.py [--repeat 200]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def best(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 10]  # the 10th percentile: the drawing, not the machine


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="stage-render-")
    os.environ.update(
        DATABASE_URL=f"sqlite:///{tmp}/db.sqlite3",
        CACHE_DIR=f"{tmp}/cache",
        DJANGO_SETTINGS_MODULE="config.settings",
        PLAY_PUSH="false",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.contrib.auth.models import User
    from django.template.loader import render_to_string
    from django.test import RequestFactory
    from django.utils import translation

    from play.core import store
    from play.shells import screens

    sys.path.insert(0, str(ROOT / "bench"))
    from _editions import bench_decks

    teacher = User.objects.create_superuser("bench", password="bench-pw")
    germany, world = bench_decks()

    request = RequestFactory().get("/", HTTP_HOST="localhost")
    request.user = teacher
    print(f"one redraw of a screen, ms (the 10th percentile of {args.repeat})")
    print(f"  {'game':8s} {'view':10s} {'context':>8s} {'template':>9s} {'all':>7s} {'KB':>5s}")
    for edition, deck, names, steps in (
        ("germany", germany, ["A", "B", "C", "D"], 5),
        ("world", world, ["A", "B", "C", "D", "E", "F"], 9),
    ):
        game = store.create_game(
            user=teacher, edition=edition, deck=deck, seat_names=names, mode="devices"
        )
        game = store.make_move(game, None, "lay_out", {}, teacher=True)
        spec = store.edition_of(game)
        for _ in range(steps):  # the computer plays each seat's moves for a while
            moved = False
            for seat in range(len(names)):
                move = spec.bot(game.state, seat)
                # The World's teams stop at their guess pads: the screen a change redraws most.
                if move is not None and move.move != "guess":
                    game = store.make_move(game, seat, move.move, dict(move.args))
                    moved = True
            if not moved:
                break
        seats = list(game.teams.order_by("index"))
        views = [("projector", lambda g=game: screens.projector_context(request, g))]
        views += [
            (f"seat {t.index}", lambda g=game, t=t: screens.device_context(g, t)) for t in seats
        ]
        total = 0.0
        for label, context in views:
            with translation.override(game.language):
                made = {**context(), "csrf_token": screens.CSRF_STAND_IN}
                html = render_to_string("play/_stage.html", made)
                c = best(context, args.repeat)
                t = best(lambda m=made: render_to_string("play/_stage.html", m), args.repeat)
            total += c + t
            print(
                f"  {edition:8s} {label:10s} {c * 1000:8.2f} {t * 1000:9.2f} "
                f"{(c + t) * 1000:7.2f} {len(html) / 1000:5.1f}"
            )
        print(f"  {edition:8s} {'a change':10s} {'':8s} {'':9s} {total * 1000:7.2f}  (every view)")


if __name__ == "__main__":
    main()
