"""Benchmark: the bytes of a pushed stage, per edition, as each screen's socket sends them.

Every change of a game sends each of its screens (the projector and every seat's phone) one
message over its WebSocket (``play/shells/sockets.py``). This plays a game of each edition with
its computer players (bench/_editions.py: the load bench's sizes, all on devices), and after
every move builds each screen's message exactly as its socket would, the screen having
seen every message before (``screens.socket_stage``, the parts it was sent kept:
``play.core.parts``). The screen that made the move is sent nothing: its move's answer is its
new stage (``play.core.push.answering``); ``--with-mover`` counts its message too, as before
that. It prints per
edition the median and p95 bytes of a message as sent by the server (``raw``) and as they cross
the network with permessage-deflate, which uvicorn negotiates with every browser (one
compressor per socket keeping its window of 4 KB from message to message, as uvicorn's default
protocol, websockets-sansio, sets it up).

Usage: ``python bench/push_bytes.py [--moves 60]``. In one process on a fresh SQLite database.
"""

from __future__ import annotations

import argparse
import statistics
import sys
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
    parser.add_argument(
        "--with-mover", action="store_true", help="the screen that moved is sent its move too"
    )
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    from _editions import EDITIONS, Table, play_one, start_django

    start_django("push-bytes-")
    from play.models import Game
    from play.shells import screens

    table = Table()
    whose = "every screen" if args.with_mover else "every screen but the mover's"
    print(f"bytes of a pushed message per screen ({args.moves} moves per edition, {whose})")
    print(f"  {'game':8s} {'messages':>8s} {'raw p50':>9s} {'raw p95':>9s} {'wire p50':>9s} "
          f"{'wire p95':>9s}")  # fmt: skip
    for edition in EDITIONS:
        game = table.game(edition)
        sockets = {
            name: Socket(screens, game.code, r, host) for name, r, host in table.screens(game)
        }
        for socket in sockets.values():  # the first message after a page load: not counted
            socket.receive()
        raw: list[int] = []
        wire: list[int] = []
        for _ in range(args.moves):
            movers: list[str] = []
            if not play_one(Game.objects.get(pk=game.pk), movers):
                break
            for name, socket in sockets.items():
                if name in movers and not args.with_mover:
                    socket.shown = Game.objects.get(pk=game.pk).version
                    continue
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


if __name__ == "__main__":
    main()
