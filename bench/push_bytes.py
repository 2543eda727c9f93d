"""Benchmark: the bytes of a pushed stage, per edition, as each screen's socket sends them.

Every change of a game sends each of its screens (the projector and every seat's phone) one
message over its WebSocket (``play/shells/sockets.py``). This plays a game of each edition with
its computer players (the load bench's sizes: Germany 4 teams on 60 places, World 6 teams on
240, Match two pairs on the island deck, Numbers 4 players, Dice 4 players), all on devices, and
after every move builds each screen's message exactly as its socket would, the screen having
seen every message before (``screens.socket_stage``, the parts it was sent kept:
``play.core.parts``). It prints per
edition the median and p95 bytes of a message as sent by the server (``raw``) and as they cross
the network with permessage-deflate, which uvicorn negotiates with every browser (one
compressor per socket keeping its window of 4 KB from message to message, as uvicorn's default
protocol, websockets-sansio, sets it up).

Usage: ``python bench/push_bytes.py [--moves 60]``. In one process on a fresh SQLite database.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def p95(values: list[int]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Wire:
    """One socket's permessage-deflate as uvicorn's default WebSocket protocol
    (websockets-sansio) sets it: a raw deflate stream with a window of 2**12 bytes and memory
    level 5, kept from message to message and flushed after each, without the 4 bytes of the
    flush's empty block (RFC 7692, 7.2.1)."""

    def __init__(self) -> None:
        self.deflate = zlib.compressobj(6, zlib.DEFLATED, -12, 5)

    def size(self, text: str) -> int:
        data = text.encode()
        out = self.deflate.compress(data) + self.deflate.flush(zlib.Z_SYNC_FLUSH)
        return len(out) - 4


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=60, help="moves played per edition")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="push-bytes-")
    os.environ.update(
        DATABASE_URL=f"sqlite:///{tmp}/db.sqlite3",
        CACHE_DIR=f"{tmp}/cache",
        DJANGO_SETTINGS_MODULE="config.settings",
        PLAY_PUSH="false",
        ALLOWED_HOSTS="localhost",
    )
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from _play_world import WORLD_SPOTS
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore
    from django.test import Client, RequestFactory

    from cards.models import Deck, DeckCard, Edition, Place
    from play.core import store
    from play.core.access import team_cookie_name
    from play.core.errors import RuleViolation
    from play.editions.match import moves as match_moves
    from play.models import Game
    from play.shells import screens

    try:
        match_moves.island_deck()
    except RuleViolation:  # no island deck in this checkout: the tests' plane stands in
        from play.editions.match.deck import deck_data
        from tests.play.match.helpers import island_cards

        match_moves.island_deck = lambda: deck_data(island_cards())

    teacher = User.objects.create_superuser("bench", password="bench-pw")
    client = Client()
    client.force_login(teacher)
    session = SessionStore(client.cookies["sessionid"].value)
    germany = Deck.objects.create(slug="bench", name="Bench", edition=Edition.GERMANY)
    world = Deck.objects.create(slug="bench-world", name="Bench World", edition=Edition.WORLD)
    for i in range(60):
        place = Place.objects.create(
            name=f"Ort {i}", country="DE", state="Land", population=1000 + 37 * i,
            latitude=47.6 + (i * 0.37) % 6.8, longitude=6.3 + (i * 0.71) % 8.4,
        )  # fmt: skip
        DeckCard.objects.create(deck=germany, place=place)
    for i in range(240):
        country, lat, lon = WORLD_SPOTS[i % len(WORLD_SPOTS)]
        place = Place.objects.create(
            name=f"Place {i}", country=country, population=1000 + i,
            latitude=lat + (i % 7) * 0.3, longitude=lon + (i % 5) * 0.3,
        )  # fmt: skip
        colour = ("yellow", "orange", "green")[i % 3]
        DeckCard.objects.create(deck=world, place=place, colour=colour)

    four = ["A", "B", "C", "D"]
    games = {
        "germany": dict(deck=germany, seat_names=four),
        "world": dict(deck=world, seat_names=["A", "B", "C", "D", "E", "F"]),
        "match": dict(seat_names=["A1", "A2", "B1", "B2"], options={"layout": "2-2"}),
        "numbers": dict(seat_names=four),
        "dice": dict(seat_names=["A", "B"]),
    }
    factory = RequestFactory()
    print(f"bytes of a pushed message per screen ({args.moves} moves per edition, every screen)")
    print(f"  {'game':8s} {'messages':>8s} {'raw p50':>9s} {'raw p95':>9s} {'wire p50':>9s} "
          f"{'wire p95':>9s}")  # fmt: skip
    for edition, made in games.items():
        game = store.create_game(user=teacher, edition=edition, mode="devices", **made)
        spec = store.edition_of(game)
        host = factory.get("/", HTTP_HOST="localhost")
        host.user, host.session = teacher, session
        sockets = [Socket(screens, game.code, host, True)]
        for team in game.teams.order_by("index"):
            device = factory.get("/", HTTP_HOST="localhost")
            device.COOKIES[team_cookie_name(game.code)] = team.token
            sockets.append(Socket(screens, game.code, device, False))
        for socket in sockets:  # the first message after a page load: not counted
            socket.receive()
        raw: list[int] = []
        wire: list[int] = []
        for _ in range(args.moves):
            if not _play_one(store, spec, Game.objects.get(pk=game.pk), RuleViolation):
                break
            for socket in sockets:
                sent = socket.receive()
                if sent is not None:
                    raw.append(sent[0])
                    wire.append(sent[1])
        if not raw:
            print(f"  {edition:8s} no moves")
            continue
        print(
            f"  {edition:8s} {len(raw):8d} {statistics.median(raw) / 1000:7.1f}KB "
            f"{p95(raw) / 1000:7.1f}KB {statistics.median(wire) / 1000:7.1f}KB "
            f"{p95(wire) / 1000:7.1f}KB"
        )


class Socket:
    """A screen's socket as ``play.shells.sockets.StageSocket`` sends to it."""

    def __init__(self, screens, code: str, request, host: bool) -> None:
        self.screens, self.code, self.request, self.host = screens, code, request, host
        self.shown = 0
        self.wire = Wire()
        self.parts = screens.parts.Sent()

    def receive(self) -> tuple[int, int] | None:
        """The bytes of the message the screen gets now (raw, on the wire), or None."""
        stage = self.screens.socket_stage(self.request, self.code, self.host, self.shown)
        if stage is None or stage[1] is None:
            return None
        self.shown = stage[0]
        text = stage[1].message(self.parts)
        return len(text.encode()), self.wire.size(text)


def _play_one(store, spec, game, refused) -> bool:
    """One move of a game played by its computer players, or the teacher's (to lay out,
    reveal, go on) where no seat has one; False once the game is over or stuck."""
    if game.is_finished:
        return False
    from play.core.engine import facts_of

    for seat in range(game.teams.count()):
        move = spec.bot(game.state, seat)
        if move is not None:
            store.make_move(game, seat, move.move, dict(move.args))
            return True
    teacher_bot = getattr(spec, "teacher_bot", None)
    planned = teacher_bot(game.state) if teacher_bot else None
    if planned is not None:
        for seat, teacher in ((None, True), (0, False)):
            try:
                store.make_move(game, seat, planned.move, dict(planned.args), teacher=teacher)
            except refused:
                continue
            return True
    for name, function in spec.moves.items():
        if facts_of(function).teacher and name != "end":
            try:
                store.make_move(game, None, name, {}, teacher=True)
            except refused:
                continue
            return True
    return False


if __name__ == "__main__":
    main()
