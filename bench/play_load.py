"""Load test of classroom games: N simultaneous Germany games against gunicorn on loopback.

Run: python bench/play_load.py [--games 100] [--world-games 0] [--match-games 0] [--seconds 60]
[--workers 5] [--worker-class gthread] [--threads 4] [--keep-alive 5] [--procs 4]. Germany
games are driven by bench/_play_germany.py, World games (6 teams guessing at once) by
bench/_play_world.py, match games (4 devices racing to
claim cards) by bench/_play_match.py; for those it also prints how long a claim takes to reach
every other screen of its game. Screens join over the first 10 s (as a class does); latencies
are measured after that.

Starts the app the way README deploys it (gunicorn with --preload, 5 gthread workers of 4
threads keeping connections alive for 5 s) on a fresh SQLite file in WAL mode, creates N games
of 4 teams, and drives each from separate client processes: a projector and 4 team devices,
each on its own keep-alive connection (as a browser keeps one) polling its state endpoint once
per second; on its turn a device waits while the team talks it over (--think, 10-20 s by
default, polling on meanwhile: a round then takes about three minutes and a game of 8 rounds
half an hour, as in class), then posts the tip form of the stage it shows, as the page does;
the teacher's projector clicks "Reveal" once a round is complete and "Next round" after it. No
screen calls the REST API: classroom pages do not. Prints throughput, p50/p95/p99 latency per
endpoint and every error. Target (2 cores): 100 games, p95 <= 100 ms, no errors. Only
127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from _play_germany import germany_device, germany_projector  # noqa: E402
from _play_match import match_screens  # noqa: E402
from _play_match import setup_script as match_setup_script  # noqa: E402
from _play_world import setup_script, world_device, world_projector  # noqa: E402
from _screen import HOST, Screen  # noqa: E402

VERSION = re.compile(rb'data-version="(\d+)"')
WARMUP = 10.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def setup(env: dict, games: int, world_games: int = 0, match_games: int = 0) -> dict:
    """Migrate a fresh database and create the games (in a child so Django stays out of here)."""
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    script = (
        f"""
import json, random
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.authtoken.models import Token
from cards.models import Deck, DeckCard, Edition, Place
from play.core import store as engine
from play.core.store import create_game
teacher = User.objects.create_superuser("bench", password="bench-pw")
token = Token.objects.create(user=teacher).key
client = Client(); client.force_login(teacher)
deck = Deck.objects.create(slug="bench", name="Bench", edition=Edition.GERMANY)
rng = random.Random(7)
for i in range(60):
    place = Place.objects.create(name=f"Ort {{i}}", country="DE", state="Land",
        population=rng.randint(500, 3_000_000), latitude=rng.uniform(47.6, 54.5),
        longitude=rng.uniform(6.2, 14.8))
    DeckCard.objects.create(deck=deck, place=place)
out = {{"token": token, "session": client.cookies["sessionid"].value, "games": []}}
for g in range({games}):
    game = engine.create_game(user=teacher, edition="germany", deck=deck,
        seat_names=["A", "B", "C", "D"], mode="devices")
    out["games"].append({{"id": game.pk, "code": game.code,
        "teams": [[t.pk, t.token, t.index] for t in game.teams.all()]}})
"""
        + setup_script(world_games)
        + match_setup_script(match_games)
        + """
# What each projector page sets for its teacher: its unchanged polls skip Django.
from play.core.access import host_cookie_name, host_cookie_value
for game in out["games"]:
    game["host_cookie"] = f"{host_cookie_name(game['code'])}={host_cookie_value(game['code'])}"
print("JSON" + json.dumps(out))
"""
    )
    run = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    line = next(x for x in run.stdout.splitlines() if x.startswith("JSON"))
    return json.loads(line[4:])


def client_process(port, games, session, token, seconds, think, queue, match_claim=(2.0, 6.0)):
    # Screens join over the first WARMUP seconds; latencies count from then on.
    stats = {
        "lat": defaultdict(list),
        "errors": [],
        "measure_from": time.monotonic() + WARMUP,
        "visible": [],
    }

    async def main():
        deadline = time.monotonic() + seconds
        tasks = []
        for game in games:
            if game.get("edition") == "world":
                tasks += _world_screens(port, game, session, token, deadline, stats, think)
                continue
            if game.get("edition") == "match":
                tasks += match_screens(
                    lambda: Screen(port, stats),
                    VERSION,
                    game,
                    session,
                    deadline,
                    match_claim,
                    WARMUP,
                    stats,
                )
                continue
            screen = Screen(port, stats)
            tasks.append(germany_projector(screen, VERSION, game, session, deadline, WARMUP))
            for _team_pk, team_token, _seat in game["teams"]:
                tasks.append(
                    germany_device(
                        Screen(port, stats), VERSION, game, team_token, deadline, think, WARMUP
                    )
                )
        await asyncio.gather(*tasks)

    asyncio.run(main())
    queue.put((dict(stats["lat"]), stats["errors"], stats["visible"], stats.get("match_409", 0)))


def _world_screens(port, game, session, token, deadline, stats, think) -> list:
    tasks = [world_projector(Screen(port, stats), VERSION, game, session, token, deadline, WARMUP)]
    for team_pk, team_token in game["teams"]:
        tasks.append(
            world_device(
                Screen(port, stats), VERSION, game, team_pk, team_token, deadline, think, WARMUP
            )
        )
    return tasks


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _worker_cpu(master: int) -> list[float]:
    """CPU seconds of each of the server's worker processes so far (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # a process that just ended
            continue
        if int(fields[1]) == master:  # fields after the name: state, ppid, …, utime, stime
            found.append((int(fields[11]) + int(fields[12])) / ticks)
    return found


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--world-games", type=int, default=0, help="world games of 6 teams")
    parser.add_argument(
        "--match-games", type=int, default=0, help="match classrooms of 4 racing devices"
    )
    parser.add_argument(
        "--match-claim",
        type=float,
        nargs=2,
        default=(2.0, 6.0),
        metavar=("MIN", "MAX"),
        help="seconds a match device takes to spot its next symbol (uniform)",
    )
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument(
        "--database-url",
        default="",
        help="an empty database to use (production: PostgreSQL); default a fresh SQLite file",
    )
    # As README's "Deploying" runs it: sync workers, about 2 per core plus 1. Each request then
    # goes to whichever worker is free; kept-alive connections (gthread) stick to the worker
    # that accepted them, and one busy worker saturates its core while the others idle.
    parser.add_argument("--workers", type=int, default=5)
    # gthread keeps a browser's connection between polls; gunicorn's sync worker closes each
    # one and then waits for the client to close its side too (measured: p95 ~2x worse).
    parser.add_argument("--worker-class", choices=("sync", "gthread"), default="gthread")
    parser.add_argument("--threads", type=int, default=4, help="per gthread worker")
    parser.add_argument("--keep-alive", type=int, default=5, help="gunicorn's, in seconds")
    parser.add_argument(
        "--worker-connections", type=int, default=None, help="gthread: kept connections per worker"
    )
    parser.add_argument("--procs", type=int, default=4, help="client processes")
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(10.0, 20.0),
        metavar=("MIN", "MAX"),
        help="seconds a team talks before it lays a tip (uniform); 0 0 for a bot race",
    )
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="play-load-"))
    port = _free_port()
    env = dict(
        os.environ,
        DATABASE_URL=args.database_url or f"sqlite:///{tmp / 'db.sqlite3'}",
        CACHE_DIR=str(tmp / "cache"),
        DEBUG="false",
        SECRET_KEY="bench-only-secret-key-not-for-production-use-0123456789",
        ALLOWED_HOSTS=HOST,
        DB_CONN_MAX_AGE="60",
        # Plain HTTP on loopback: TLS ends at the proxy in front of a real deployment.
        SECURE_SSL_REDIRECT="false",
        SECURE_COOKIES="false",
    )
    print(f"setting up {args.games} games in {tmp} ...", flush=True)
    data = setup(env, args.games, args.world_games, args.match_games)
    cpu_start = _children_cpu()
    server = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "config.wsgi",
            "-b",
            f"{HOST}:{port}",
            "-w",
            str(args.workers),
            "-k",
            args.worker_class,
            *(["--threads", str(args.threads)] if args.worker_class == "gthread" else []),
            *(["--keep-alive", str(args.keep_alive)] if args.keep_alive is not None else []),
            *(
                ["--worker-connections", str(args.worker_connections)]
                if args.worker_connections
                else []
            ),
            "--preload",  # as README deploys it: templates compiled once, before the fork
            "--backlog",
            "2048",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection((HOST, port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        load_before = os.getloadavg()
        queue: multiprocessing.Queue = multiprocessing.Queue()
        chunks = [data["games"][i :: args.procs] for i in range(args.procs)]
        started = time.perf_counter()
        procs = [
            multiprocessing.Process(
                target=client_process,
                args=(
                    port,
                    chunk,
                    data["session"],
                    data["token"],
                    args.seconds,
                    args.think,
                    queue,
                    tuple(args.match_claim),
                ),
            )
            for chunk in chunks
        ]
        for proc in procs:
            proc.start()
        results = [queue.get() for _ in procs]
        for proc in procs:
            proc.join()
        elapsed = time.perf_counter() - started
        cpu_clients = _children_cpu()
        per_worker = _worker_cpu(server.pid)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:  # a swamped machine: do not lose the figures
            server.kill()
            server.wait()
    # The server's own CPU time (its workers are waited for by gunicorn's master): a figure that
    # holds on a machine shared with other work, where wall-clock latencies do not.
    cpu_server = _children_cpu() - cpu_clients
    cpu_clients -= cpu_start

    latencies: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    visible: list[float] = []
    late = 0
    for lat, errs, seen, too_late in results:
        for label, values in lat.items():
            latencies[label.strip()].extend(values)
        errors.extend(errs)
        visible.extend(seen)
        late += too_late
    total = sum(len(v) for v in latencies.values())
    window = args.seconds - WARMUP  # latencies and counts cover the time after joining
    everything = [x for v in latencies.values() for x in v]
    print(f"load average before: {load_before}, after: {os.getloadavg()}")
    print(
        f"CPU: server {cpu_server:.1f} s ({cpu_server / elapsed:.2f} cores over {elapsed:.0f} s), "
        f"load-test clients {cpu_clients:.1f} s"
    )
    # Kept-alive connections stay with the worker that accepted them: an uneven share shows here.
    print("CPU per server worker (s):", " ".join(f"{x:.1f}" for x in sorted(per_worker)))
    print(
        f"\n{args.games} Germany games x (projector + 4 devices), {args.world_games} world games "
        f"x (projector + 6 devices), {elapsed:.0f} s (measured after "
        f"{WARMUP:.0f} s of joining), gunicorn "
        f"{args.workers} {args.worker_class} workers"
        + (f" x {args.threads} threads" if args.worker_class == "gthread" else "")
        + f", {args.procs} client processes"
    )
    print(f"{'endpoint':<28}{'requests':>9}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    for label in sorted(latencies):
        values = latencies[label]
        print(
            f"{label:<28}{len(values):>9}{len(values) / window:>8.1f}{_pct(values, 50):>9.1f}"
            f"{_pct(values, 95):>9.1f}{_pct(values, 99):>9.1f}"
        )
    print(
        f"{'all':<28}{total:>9}{total / window:>8.1f}{_pct(everything, 50):>9.1f}"
        f"{_pct(everything, 95):>9.1f}{_pct(everything, 99):>9.1f}"
    )
    if args.match_games:
        print(
            f"{args.match_games} match classrooms x (projector + 4 devices): a claim reaches every "
            f"other screen of its game in p50 {_pct(visible, 50):.0f} ms, "
            f"p95 {_pct(visible, 95):.0f} ms, p99 {_pct(visible, 99):.0f} ms "
            f"({len(visible)} sightings; {late} claims answered 409, too late or locked)"
            if visible
            else "match: no claim was seen"
        )
    print(f"errors: {len(errors)}")
    for line in errors[:20]:
        print("  ", line)
    if everything:
        print(f"median of all: {statistics.median(everything) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
