"""How long the teacher waits for a report: a game's report, and a class's report over 200
finished Germany games on the starter deck (each game keeps its own copy of the deck's 689
cards, about 130 KB of state).

Run: python bench/reports.py [--games 200] [--repeat 5]
Plays the games with the engine alone (a class against the computer: seat 0 puts its first tip
card left under the places in turn), writes them with their move logs to a fresh SQLite file
(production settings), then prints the wall-clock milliseconds (median of the repeats) of:
a game's report (read from the database, as the API does), the summary each game keeps as it
ends (the core's game_over signal), the class report (the summaries read) and, for games ended
before summaries were kept, the class report that makes every summary first. Targets: a game's
report <= 100 ms, a class report over 200 games <= 300 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = Path(tempfile.mkdtemp(prefix="reports-bench-"))
os.environ.update(
    DJANGO_SETTINGS_MODULE="config.settings",
    DATABASE_URL=f"sqlite:///{TMP / 'db.sqlite3'}",
    CACHE_DIR=str(TMP / "cache"),
    DEBUG="false",
    SECRET_KEY="bench-only-secret-key-not-for-production-use-0123456789",
    ALLOWED_HOSTS="testserver",
    SECURE_SSL_REDIRECT="false",
    SECURE_COOKIES="false",
)


def play_one(edition, cards, seed: int):
    """One Germany game to its end: (initial, final state, log as (seat, name, args, at))."""
    from play.core.engine import Context, apply_move, clean_options, move_rng, setup_rng
    from play.editions.germany.moves import current_round, round_state

    names = ["Rot", "Blau"]
    initial = edition.setup(clean_options(edition, {}, 2), cards, names, setup_rng(seed))
    state, log, clock = initial, [], 1_700_000_000.0 + seed * 3600
    while edition.result(state) is None:
        rnd = current_round(state)
        table = round_state(state, rnd) if rnd and not rnd["revealed"] else None
        seat, move = None, None
        if table is not None and table.next_team() == 0:
            tip = table.available_tips(0)[0].value
            place = rnd["places"][len(log) % len(rnd["places"])]
            seat, name, args = 0, "tip", {"tip": tip, "place": place}
        elif table is not None and table.next_team() == 1:
            move = edition.bot(state, 1)
            seat, name, args = 1, move.move, dict(move.args)
        else:
            move = edition.teacher_bot(state)
            name, args = move.move, dict(move.args)
        clock += 5
        ctx = Context(move_rng(seed, len(log) + 1), clock, seat is None)
        state = apply_move(edition, state, seat, name, args, ctx)
        log.append((seat, name, args, clock))
    return initial, state, log


def ms(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from cards.models import Deck
    from play.core import registry, store
    from play.models import Class, Game, GameSummary, Move, Status, Team
    from play.reports import build

    call_command("migrate", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    teacher = User.objects.create_superuser("bench", password="bench-pw")
    deck = Deck.objects.get(slug="germany")
    edition = registry.get("germany")
    cards = edition.deck_snapshot(deck, "de")
    school_class = Class.objects.create(teacher=teacher, name="7b Erdkunde")
    started = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)
    for number in range(args.games):
        initial, state, log = play_one(edition, cards, number + 1)
        at = started + timedelta(days=number)
        game = Game.objects.create(
            edition="germany",
            deck=deck,
            seed=number + 1,
            fixed={"cards": initial["cards"]},  # stored as the play core stores it
            initial=initial,
            state=state,
            status=Status.FINISHED,
            finished_at=at,
            created_by=teacher,
            school_class=school_class,
        )
        Team.objects.bulk_create(
            Team(game=game, index=i, name=n) for i, n in enumerate(["Rot", "Blau"])
        )
        Move.objects.bulk_create(
            Move(
                game=game,
                number=i,
                seat=seat,
                name=name,
                args=move_args,
                at=datetime.fromtimestamp(clock, UTC),
                by_teacher=seat is None,
            )
            for i, (seat, name, move_args, clock) in enumerate(log, 1)
        )
    # What the core's game_over signal does as each game ends (the move that ends it pays it).
    end_ms = []
    for game in Game.objects.select_related("deck").order_by("id"):
        begun = time.perf_counter()
        build.keep_summary_at_game_over(Game, game)
        end_ms.append((time.perf_counter() - begun) * 1000)
    last = Game.objects.order_by("-id").first()
    assert store.replayed_state(last) == last.state  # the written log replays

    def game_report() -> None:
        build.game_report(Game.objects.select_related("deck").get(pk=last.pk))

    def class_report_fresh() -> None:
        GameSummary.objects.all().delete()
        build.class_report(Class.objects.get(pk=school_class.pk))

    def class_report() -> None:
        build.class_report(Class.objects.get(pk=school_class.pk))

    game_ms = ms(game_report, args.repeat)
    fresh_ms = ms(class_report_fresh, max(1, args.repeat // 2))
    class_report()  # every summary kept again, as the games' ends left them
    kept_ms = ms(class_report, args.repeat)
    report = build.class_report(school_class)
    print(f"games: {report['games']}, places in the class report: {len(report['places'])}")
    print(f"game report: {game_ms:.1f} ms (target <= 100)")
    print(f"class report, summaries kept: {kept_ms:.1f} ms (target <= 300)")
    print(f"summary kept as a game ends: {statistics.median(end_ms):.1f} ms (median per game)")
    print(f"class report without kept summaries: {fresh_ms:.1f} ms (games ended before the hook)")


if __name__ == "__main__":
    main()
