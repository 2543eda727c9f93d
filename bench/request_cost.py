"""Benchmark: the server CPU of each kind of request a class joining makes, one at a time.

A whole school joining is a storm of a few kinds of requests: each phone's and projector's
first load of its stage, each socket's handshake, each teacher's first "lay out". Under the
storm (bench/play_load.py) they queue for the same two cores, and what each costs decides when
the queue forms. This sets up the load bench's games (``--games`` Germany games of 4 teams on
a deck of ``--places``), starts one server as README deploys it (gunicorn, uvicorn, Redis,
PostgreSQL when its binaries are installed, else SQLite), then makes each kind of request for
every game in turn from one client and prints the CPU seconds gunicorn, uvicorn and the
database spent per request (from /proc, Linux). Each request comes on a connection of its
own, as a screen opening its page brings one; a "first" request is the first of its game, as in
a storm, "again" and "another" the next screen's. A teacher's lay out is drawn again for the
game's two open sockets by uvicorn. Usage: ``python bench/request_cost.py [--games 100]
[--places 689] [--sqlite]``.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _page import PAGE_HOSTS
from _screen import CSRF, HOST
from play_load import server_env, setup, start_postgres, start_redis, start_server
from websockets.sync.client import connect

TICK = os.sysconf("SC_CLK_TCK")


def _cpu(word: bytes) -> float:
    """CPU seconds of the processes whose command line holds ``word``."""
    total = 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if word not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        total += (int(fields[11]) + int(fields[12])) / TICK
    return total


class Client:
    """Each request on a connection of its own, as a screen opening its page brings one (so
    gunicorn's workers share them as they share a storm's)."""

    def __init__(self, http_port: int, ws_port: int, session: str, sockets: ExitStack) -> None:
        self.http_port, self.ws_port, self.session = http_port, ws_port, session
        self.sockets = sockets

    def _ask(self, method: str, path: str, cookie: str, body: str = "") -> None:
        headers = {"Cookie": f"{cookie}; csrftoken={CSRF}", "HX-Request": "true"}
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn = http.client.HTTPConnection(HOST, self.http_port, timeout=30)
        conn.request(method, path, body=body or None, headers=headers)
        answer = conn.getresponse()
        answer.read()
        conn.close()
        if answer.status != 200:
            sys.exit(f"{method} {path} answered {answer.status}")

    def phone(self, game: dict, seat: int) -> None:
        code, token = game["code"], game["teams"][seat][1]
        self._ask("GET", f"/play/{code}/state/?v=0", f"spoton_team_{code}={token}")

    def projector(self, game: dict) -> None:
        cookie = f"sessionid={self.session}; {game['host_cookie']}"
        self._ask("GET", f"/play/host/{game['code']}/state/?v=0", cookie)

    def lay_out(self, game: dict) -> None:
        body = urlencode({"move": "lay_out", "csrfmiddlewaretoken": CSRF})
        cookie = f"sessionid={self.session}; {game['host_cookie']}"
        self._ask("POST", f"/play/host/{game['code']}/move/", cookie, body)

    def _socket(self, path: str, cookie: str) -> None:
        # Opened by a page showing the game's first version: nothing to draw, a handshake alone.
        # Its host is the page's, as behind the site's proxy (the join link and QR code too).
        PAGE_HOSTS[self.ws_port] = f"{HOST}:{self.http_port}"
        url = f"ws://{HOST}:{self.ws_port}{path}?v=1"
        origin = f"http://{HOST}:{self.http_port}"
        headers = {"Cookie": cookie}
        self.sockets.enter_context(connect(url, additional_headers=headers, origin=origin))

    def phone_socket(self, game: dict, seat: int) -> None:
        code, token = game["code"], game["teams"][seat][1]
        self._socket(f"/ws/play/{code}/", f"spoton_team_{code}={token}")

    def projector_socket(self, game: dict) -> None:
        self._socket(f"/ws/play/host/{game['code']}/", f"sessionid={self.session}")


def measure(name: str, calls: list, database: bytes) -> None:
    before = _cpu(b"gunicorn"), _cpu(b"uvicorn"), _cpu(database)
    started = time.perf_counter()
    for call in calls:
        call()
    wall = (time.perf_counter() - started) / len(calls) * 1000
    after = _cpu(b"gunicorn"), _cpu(b"uvicorn"), _cpu(database)
    spent = [(a - b) / len(calls) * 1000 for a, b in zip(after, before, strict=True)]
    print(
        f"{name:<34}{len(calls):>6}{spent[0]:>11.2f}{spent[1]:>10.2f}{spent[2]:>11.2f}{wall:>9.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--places", type=int, default=689)
    parser.add_argument("--sqlite", action="store_true", help="SQLite even with PostgreSQL")
    args = parser.parse_args()
    postgres = not args.sqlite and any(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    with ExitStack() as stack:
        tmp = Path(tempfile.mkdtemp(prefix="request-cost-"))
        stack.callback(shutil.rmtree, tmp, ignore_errors=True)
        database = start_postgres(stack)[0] if postgres else f"sqlite:///{tmp / 'db.sqlite3'}"
        redis_url = start_redis(stack, tmp)[0]
        env = server_env(database, REDIS_URL=redis_url, CACHE_DIR=str(tmp / "cache"))
        print(f"setting up {args.games} Germany games on {args.places} places ...", flush=True)
        data = setup(env, args.games, places=args.places)
        server_args = argparse.Namespace(
            workers=3, worker_class="gthread", threads=4, keep_alive=5, worker_connections=None,
            asgi_workers=1, profile_asgi=None, asgi_app="config.asgi:application",
        )  # fmt: skip
        server = start_server(stack, env, server_args, True, 0)
        sockets = stack.enter_context(ExitStack())
        client = Client(server["http_port"], server["ws_port"], data["session"], sockets)
        games = data["games"]
        client.phone(games[0], 0)  # the first request of all starts what each server starts
        kind = b"postgres" if postgres else b"\0"  # SQLite runs inside the servers
        print(
            f"\n{'CPU ms per request':<34}{'count':>6}{'gunicorn':>11}{'uvicorn':>10}"
            f"{'database':>11}{'wall ms':>9}"
        )
        kinds = [
            ("projector's first load (QR drawn)", lambda g: client.projector(g)),
            ("projector's load again", lambda g: client.projector(g)),
            ("phone's first load", lambda g: client.phone(g, 1)),
            ("another phone's first load", lambda g: client.phone(g, 2)),
            ("phone's socket handshake", lambda g: client.phone_socket(g, 3)),
            ("projector's socket handshake", lambda g: client.projector_socket(g)),
            ("teacher's lay out", lambda g: client.lay_out(g)),
        ]
        for name, call in kinds:
            measure(name, [lambda g=g, call=call: call(g) for g in games], kind)
        print(f"\n{'PostgreSQL' if postgres else 'SQLite'}; CPU from /proc, one request at a time")


if __name__ == "__main__":
    main()
