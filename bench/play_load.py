"""Load test of classroom games: N simultaneous classrooms against the app on loopback, their
screens speaking the push protocol (a WebSocket each) as the browsers do, or polling as before.

Run: python bench/play_load.py [--games 100] [--places 60] [--world-games 0] [--match-games 0]
[--seconds 60] [--push | --poll] [--servers 1] [--redis-url URL] [--database-url URL] [--postgres]
[--reconnect 0] [--workers N] [--worker-class gthread] [--threads 4] [--keep-alive 5]
[--asgi-workers 1] [--join 10] [--procs 4] [--profile-asgi FILE] [--homework N
[--homework-page due|poll]]. Germany games
are driven by bench/_play_germany.py, World games (6 teams guessing at once) by
bench/_play_world.py, match games (4 devices racing to claim cards) by bench/_play_match.py; each
screen is a bench/_page.py page. Screens join at random over the first 10 s (--join), and
latencies are measured after that: 10 s is a class starting together and, for a whole school at
once, the storm of a restart (every socket reconnects); --join 60 measures the classes at play.

Servers. Each app server runs the way README deploys it: gunicorn with --preload, a gthread
worker of 4 threads per core of its share of this machine plus one (3 on 2 cores; 2 each with
``--servers 2``), keeping connections alive for 5 s, for the pages, their polls and moves;
with push (the default) also one uvicorn (``config.asgi``) for the screens' sockets, and both
reach each other through Redis (pub/sub and the cache): the bench starts a Redis on a free port
unless ``--redis-url`` names one. The database is a fresh SQLite file in WAL mode, or the empty
database ``--database-url`` names. ``--servers N`` runs N such servers (each its own gunicorn,
uvicorn and CACHE_DIR) on one Redis and one PostgreSQL: without ``--database-url`` the bench
starts a throw-away PostgreSQL itself (Debian's packages, as .ci/postgres.sh: a temporary
folder, a free port, trust on 127.0.0.1, fsync off, run as the postgres user when the bench
runs as root; ``--postgres`` does the same for one server). The screens of each classroom are
spread over the servers (screen k of classroom g on server (g + k) mod N: a projector on one,
its phones alternating), so every move is also seen on a server that did not make it.

Screens. Before they join, each classroom's projector page is opened once, as its teacher
showed the join code (and drew its QR code) before the class could join. Each classroom's
projector and team devices are separate pages, each on its own
keep-alive connections (as a browser keeps them) and, with push, its own WebSocket
(``/ws/play/…/?v=<version>``, the teacher's session or the team's cookie, an Origin of the
page's host). With push a page does not poll but for the safety poll after 30 s without a word
(static/play/shell.js); with ``--poll`` (the pages before push, PLAY_PUSH=false, no uvicorn)
every page polls its state once per second, Match pages every 0.4 s. On its turn a device waits
while the team talks it over (--think, 10-20 s by default: a round then takes about three
minutes and a game of 8 rounds half an hour, as in class), then posts the tip form of the stage
it shows, as the page does; the teacher's projector clicks "Reveal" once a round is complete
and "Next round" after it. No screen calls the REST API: classroom pages do not.

Prints throughput, p50/p95/p99 latency per request kind (and of the sockets' handshakes), how
long a move takes from its POST until every other screen of its classroom has a stage at least
that new ("move visible": one figure per move and screen; for Match, a claim), and every error:
HTTP errors, sockets closed or refused, missed updates (a screen still without a move's version
5 s after it). ``--reconnect K`` adds a second screen to K classrooms whose network goes away
for 30 s (``--outage``) again and again while the game goes on: the time from each reconnect
to its screen showing the stage then current. With Redis and PostgreSQL it also prints what
the run cost them (connections and commands; sessions, transactions and rows read). Targets
(2 cores, the load generator included): 250 Germany + 50 World classrooms p95 <= 100 ms per
request kind and move visible p95 <= 150 ms; 30 Match classrooms claim visible p95 <= 100 ms,
60 <= 150 ms; the same across two servers; no errors; a reconnect <= 2 s. Only 127.0.0.1 is
used.

Homework (``--homework N``, e.g. ``--games 0 --homework 300 --places 689 --postgres``): N pupils
each alone on a phone against 3 computer teams, 30 to an assignment (7 classes in 10 play
Germany on the ``--places`` deck, 3 The World), each starting its attempt through the API and
playing on the solo page (bench/_play_homework.py). Printed: move to screen on the pupil's own
screen (its move and Hurry from the POST to their answer; a computer's move from when it fell due
to the poll that brought it, the poll interval's share included) and the computer's lag from due
to made (the move log's time).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import itertools
import json
import multiprocessing
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from _page import Page, Room, mirror_screen  # noqa: E402
from _play_germany import germany_device, germany_projector  # noqa: E402
from _play_homework import COMPUTERS, homework_pupil, pupils_of  # noqa: E402
from _play_homework import setup_script as homework_setup_script  # noqa: E402
from _play_match import match_screens  # noqa: E402
from _play_match import setup_script as match_setup_script  # noqa: E402
from _play_world import setup_script, world_device, world_projector  # noqa: E402
from _screen import HOST  # noqa: E402

JOIN = 10.0  # seconds over which the screens join, by default (--join)
POLL = 1.0  # Germany and World pages poll once a second (without push)
MATCH_POLL = 0.4


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, what: str, proc: subprocess.Popen | None = None) -> None:
    for _ in range(300):
        try:
            socket.create_connection((HOST, port), timeout=0.2).close()
            return
        except OSError:
            if proc is not None and proc.poll() is not None:
                sys.exit(f"{what} ended before it listened (exit {proc.returncode})")
            time.sleep(0.1)
    sys.exit(f"{what} did not listen on {HOST}:{port}")


def setup(
    env: dict,
    games: int,
    world_games: int = 0,
    match_games: int = 0,
    places: int = 60,
    homework: int = 0,
) -> dict:
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
for i in range({places}):
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
        + (homework_setup_script(homework) if homework else "")
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
        capture_output=True,
        text=True,
    )
    if run.returncode:
        sys.exit(f"setup failed:\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}")
    line = next(x for x in run.stdout.splitlines() if x.startswith("JSON"))
    return json.loads(line[4:])


# -- services ---------------------------------------------------------------------------------


def start_redis(stack: ExitStack, tmp: Path) -> tuple[str, subprocess.Popen]:
    port = _free_port()
    proc = subprocess.Popen(
        [
            *("redis-server", "--port", str(port), "--bind", HOST, "--save", ""),
            *("--appendonly", "no", "--dir", str(tmp), "--loglevel", "warning"),
            *("--maxclients", "10000"),
        ],
        stdout=subprocess.DEVNULL,
    )
    stack.callback(_stop, proc)
    _wait_for_port(port, "redis-server", proc)
    return f"redis://{HOST}:{port}/0", proc


def start_postgres(stack: ExitStack) -> tuple[str, Path]:
    """A throw-away PostgreSQL as .ci/postgres.sh starts one; returns its URL and data folder."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        sys.exit("no PostgreSQL in /usr/lib/postgresql: install postgresql or give --database-url")
    pg_bin = found[-1].parent
    folder = Path(tempfile.mkdtemp(prefix="play-load-pg-"))
    run_as = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: as the packages' postgres user
        shutil.chown(folder, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", _free_port()
    quiet = {"check": True, "stdout": subprocess.DEVNULL}
    subprocess.run(
        [*run_as, pg_bin / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"],
        **quiet,
    )
    options = f"-h {HOST} -p {port} -k {folder} -c fsync=off -c full_page_writes=off"
    options += " -c max_connections=400"  # each server keeps one per gunicorn and uvicorn thread
    pg_ctl = [*run_as, pg_bin / "pg_ctl", "-D", data]
    subprocess.run([*pg_ctl, "-l", folder / "server.log", "-w", "-o", options, "start"], **quiet)

    def stop() -> None:
        subprocess.run(
            [*pg_ctl, "-m", "fast", "-w", "stop"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(folder, ignore_errors=True)

    stack.callback(stop)
    subprocess.run(
        [*run_as, pg_bin / "createdb", "-h", HOST, "-p", str(port), "-U", "postgres", "spot_on"],
        **quiet,
    )
    return f"postgres://postgres@{HOST}:{port}/spot_on", data


def server_env(database_url: str, push: bool = True, **more: str) -> dict:
    """The environment of the servers a bench starts, as production's but for the secrets."""
    return dict(
        os.environ,
        DATABASE_URL=database_url,
        DEBUG="false",
        SECRET_KEY="bench-only-secret-key-not-for-production-use-0123456789",
        ALLOWED_HOSTS=HOST,
        DB_CONN_MAX_AGE="60",
        # Plain HTTP on loopback: TLS ends at the proxy in front of a real deployment.
        SECURE_SSL_REDIRECT="false",
        SECURE_COOKIES="false",
        PLAY_PUSH="true" if push else "false",
        **more,
    )


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:  # a swamped machine: do not lose the figures
        proc.kill()
        proc.wait()


def start_server(stack: ExitStack, env: dict, args, push: bool, index: int) -> dict:
    """One app server: gunicorn as README deploys it and, with push, a uvicorn for the sockets."""
    http_port = _free_port()
    gunicorn = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "config.wsgi",
            "-b",
            f"{HOST}:{http_port}",
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
    stack.callback(_stop, gunicorn)
    server = {"gunicorn": gunicorn, "http_port": http_port, "uvicorn": None, "ws_port": 0}
    if push:
        ws_port = _free_port()
        profiled = args.profile_asgi and index == 0
        runner = [sys.executable, str(ROOT / "bench" / "_profile_asgi.py")] if profiled else []
        uvicorn = subprocess.Popen(
            [
                *(runner or [str(Path(sys.executable).with_name("uvicorn"))]),
                args.asgi_app,
                "--host",
                HOST,
                "--port",
                str(ws_port),
                "--no-access-log",
                "--log-level",
                "warning",
                "--backlog",
                "4096",
                *(["--workers", str(args.asgi_workers)] if args.asgi_workers > 1 else []),
            ],
            cwd=ROOT,
            env=dict(env, PROFILE_OUT=str(Path(args.profile_asgi).resolve())) if profiled else env,
        )
        stack.callback(_stop, uvicorn)
        server.update(uvicorn=uvicorn, ws_port=ws_port)
    _wait_for_port(http_port, "gunicorn", gunicorn)
    if push:
        _wait_for_port(server["ws_port"], "uvicorn", server["uvicorn"])
    return server


# -- the screens --------------------------------------------------------------------------------


def _page_maker(room, game, servers, push, stats):
    """Pages of one classroom, screen k on server (g + k) mod N."""
    slot = itertools.count(game["index"])

    def make(name, state_path, socket_path, headers, labels, poll_every, mirror=False):
        server = next(slot) % len(servers)
        return Page(
            room, name, game["code"], server, servers[server], state_path, socket_path,
            headers, labels, poll_every, push, mirror,
        )  # fmt: skip

    return make


def _projector(make, game, labels, poll_every=POLL, name="projector", mirror=False):
    """The teacher's screen of a classroom (polls as htmx sends them, with the poll cookie)."""
    code = game["code"]
    cookie = f"sessionid={game['session']}; {game['host_cookie']}"
    headers = {"Cookie": cookie, "HX-Request": "true"}
    return make(
        name, f"/play/host/{code}/state/", f"/ws/play/host/{code}/", headers, labels, poll_every,
        mirror,
    )  # fmt: skip


def _device(make, game, token, name, labels, poll_every=POLL, mirror=False):
    """A team's phone, known by its team token."""
    code = game["code"]
    headers = {"Cookie": f"spoton_team_{code}={token}", "HX-Request": "true"}
    return make(
        name, f"/play/{code}/state/", f"/ws/play/{code}/", headers, labels, poll_every, mirror
    )


def _germany(make, game, deadline, think, join):
    projector = _projector(make, game, ("projector poll (first)", "projector poll"))
    tasks = [germany_projector(projector, game, deadline, join)]
    for _team_pk, token, seat in game["teams"]:
        device = _device(make, game, token, f"device {seat}", ("team poll (first)", "team poll"))
        tasks.append(germany_device(device, game, deadline, think, join))
    return tasks


def _world(make, game, deadline, think, join):
    projector = _projector(make, game, ("world projector poll (first)", "world projector poll"))
    tasks = [world_projector(projector, game, deadline, join)]
    for seat, (_team_pk, token) in enumerate(game["teams"]):
        labels = ("world team poll (first)", "world team poll")
        device = _device(make, game, token, f"device {seat}", labels)
        tasks.append(world_device(device, game, deadline, think, join))
    return tasks


def _mirror(make, game, deadline, outage, edition, join):
    """A second screen: the teacher's (even classrooms) or the first team's (odd ones)."""
    poll_every = MATCH_POLL if edition == "match" else POLL
    labels = ("second screen poll", "second screen poll")
    if game["index"] % 2 == 0:
        page = _projector(make, game, labels, poll_every, "second projector", mirror=True)
    else:
        token = game["teams"][0][1]
        page = _device(make, game, token, "second phone", labels, poll_every, mirror=True)
    return mirror_screen(page, deadline, join, outage)


def open_projectors(ports: list[tuple[int, int]], games: list[dict]) -> None:
    """Each classroom's projector page, opened once before its class joins: a teacher shows the
    game's join code (and draws its QR code) before the pupils can join it; the projectors then
    load again with their classes, as after a restart."""

    def open_one(game: dict) -> None:
        port = ports[game["index"] % len(ports)][0]  # the server its projector page uses
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        cookie = f"sessionid={game['session']}; {game['host_cookie']}"
        conn.request("GET", f"/play/host/{game['code']}/", headers={"Cookie": cookie})
        answer = conn.getresponse()
        answer.read()
        conn.close()
        if answer.status != 200:
            sys.exit(f"the projector page of {game['code']} answered {answer.status}")

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(open_one, [g for g in games if g.get("edition") != "homework"]))


def client_process(
    servers, games, push, seconds, think, queue, match_claim, outage, join, due_polls=True
):
    # Screens join over the first `join` seconds; latencies count from then on.
    stats = {
        "lat": defaultdict(list),
        "errors": [],
        "measure_from": time.monotonic() + join,
        "visible": [],
        "messages": 0,
        "message_bytes": 0,
        "reconnect": [],
        "reconnect_unchanged": 0,
        "due_made": [],  # homework: (game, when its computer's move fell due) seen by a poll
    }

    async def main():
        deadline = time.monotonic() + seconds
        tasks, rooms = [], []
        for game in games:
            edition = game.get("edition", "germany")
            if edition == "homework":  # a pupil alone: no classroom of screens
                port = servers[game["index"] % len(servers)][0]
                tasks.append(homework_pupil(port, game, deadline, think, join, stats, due_polls))
                continue
            room = Room(stats, edition)
            rooms.append(room)
            make = _page_maker(room, game, servers, push, stats)
            if edition == "world":
                tasks += _world(make, game, deadline, think, join)
            elif edition == "match":
                tasks += match_screens(make, game, deadline, match_claim, join, stats)
            else:
                tasks += _germany(make, game, deadline, think, join)
            if game.get("mirror"):
                tasks.append(_mirror(make, game, deadline, outage, edition, join))

        async def sweep():
            while time.monotonic() < deadline:
                await asyncio.sleep(1.0)
                for room in rooms:
                    room.sweep(time.monotonic())

        sweeper = asyncio.get_running_loop().create_task(sweep())
        await asyncio.gather(*tasks)
        sweeper.cancel()
        for room in rooms:
            room.sweep(time.monotonic(), final=True)
        await asyncio.gather(*(page.close() for room in rooms for page in room.pages))

    asyncio.run(main())
    stats.pop("measure_from")
    stats["lat"] = dict(stats["lat"])
    queue.put(stats)


# -- CPU ----------------------------------------------------------------------------------------


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _proc_table() -> dict[int, tuple[int, float]]:
    """Every process: its parent and CPU seconds so far, its waited-for children's included."""
    ticks = os.sysconf("SC_CLK_TCK")
    table = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # a process that just ended
            continue
        # Fields after the name: state, ppid, …, utime, stime, cutime, cstime.
        table[int(stat.parent.name)] = (int(fields[1]), sum(map(int, fields[11:15])) / ticks)
    return table


def _tree_cpu(table: dict, root: int) -> float:
    children = defaultdict(list)
    for pid, (ppid, _cpu) in table.items():
        children[ppid].append(pid)
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        if pid in table:
            total += table[pid][1]
            todo += children[pid]
    return total


def _worker_cpu(table: dict, master: int) -> list[float]:
    """CPU seconds of each of a gunicorn's worker processes so far."""
    return [cpu for ppid, cpu in table.values() if ppid == master]


def _server_parts(servers: list[dict], redis: subprocess.Popen | None, pg_data: Path | None):
    parts = {}
    for i, server in enumerate(servers, 1):
        parts[f"gunicorn {i}"] = server["gunicorn"].pid
        if server["uvicorn"] is not None:
            parts[f"uvicorn {i}"] = server["uvicorn"].pid
    if redis is not None:
        parts["redis"] = redis.pid
    if pg_data is not None:
        with suppress(OSError, ValueError, IndexError):
            parts["postgres"] = int((pg_data / "postmaster.pid").read_text().split()[0])
    return parts


def _redis_stats(url: str) -> tuple[int, int, int] | None:
    """Connections opened so far, open now and commands so far (a connection per screen or
    per request would show here)."""
    if not url:
        return None
    import redis

    client = redis.Redis.from_url(url)
    try:
        info = client.info()
    except redis.RedisError:
        return None
    finally:
        client.close()
    return (
        info["total_connections_received"],
        info["connected_clients"],
        info["total_commands_processed"],
    )


def _postgres_stats(url: str) -> tuple[int, int, int] | None:
    """Sessions opened so far, transactions and rows read so far (a connection per request
    or a query per screen would show here)."""
    if not url.startswith("postgres"):
        return None
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT sessions, xact_commit + xact_rollback, tup_returned + tup_fetched"
            " FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    return int(row[0]), int(row[1]), int(row[2])


def _bot_moves(database_url: str, games: list[int]) -> list[tuple[int, float]]:
    """Each computer move of these games: its game and when it was made (the move log's time)."""
    if not games:
        return []
    marks = ",".join(str(int(g)) for g in set(games))
    sql = f"SELECT game_id, at FROM play_move WHERE by_bot AND game_id IN ({marks})"
    if database_url.startswith("postgres"):
        import psycopg

        with psycopg.connect(database_url, autocommit=True) as conn:
            return [(g, at.timestamp()) for g, at in conn.execute(sql).fetchall()]
    import datetime as dt
    import sqlite3

    with sqlite3.connect(database_url.removeprefix("sqlite:///")) as conn:
        rows = conn.execute(sql).fetchall()
    utc = dt.UTC
    return [(g, dt.datetime.fromisoformat(at).replace(tzinfo=utc).timestamp()) for g, at in rows]


def _computer_lags(database_url: str, due_made: list[tuple[int, float]]) -> list[float]:
    """For each computer move a pupil's poll found: from when it fell due to when it was made
    (the first computer move of that game logged at or after that moment)."""
    made = defaultdict(list)
    for game, at in _bot_moves(database_url, [game for game, _due in due_made]):
        made[game].append(at)
    lags = []
    for game, due in due_made:
        times = sorted(made[game])
        # The log keeps microseconds, the stage's moment milliseconds: allow the rounding.
        later = [at for at in times if at >= due - 0.001]
        if later:
            lags.append(max(0.0, later[0] - due))
    return lags


def _homework_report(args, results, lags) -> None:
    visible = [(kind, latency) for r in results for kind, latency, _ in r["visible"]]
    refused = sum(r.get("homework_refused", 0) for r in results)
    page = (
        "asks for the computer's move when it falls due"
        if args.homework_page == "due"
        else "polls once a second only (the page before)"
    )
    print(
        f"\nhomework: {args.homework} pupils alone against {COMPUTERS} computer teams each "
        f"(Germany on {args.places} places, The World), the solo page {page}; move to screen "
        "(on the pupil's own screen):"
    )
    names = {
        "pupil": "pupil's move (POST to its answer)",
        "hurry": "Hurry (POST to its answer)",
        "computer": "computer's move (due to seen)",
    }
    for kind, name in names.items():
        values = [latency for k, latency in visible if k == kind]
        if values:
            print(f"  {name:<36} {_spread(values)}")
    every = [latency for k, latency in visible if k in names]
    if every:
        print(f"  {'all':<36} {_spread(every)}")
    if lags:
        print(f"  {'computer lag (due to made)':<36} {_spread(lags)}")
    print(f"  moves refused (400/409: the stage changed under the pupil): {refused}")


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] * 1000


def _spread(values: list[float]) -> str:
    return (
        f"p50 {_pct(values, 50):.0f} ms, p95 {_pct(values, 95):.0f} ms, "
        f"p99 {_pct(values, 99):.0f} ms, max {max(values) * 1000:.0f} ms ({len(values)})"
    )


def _kind(error: str) -> str:
    if error.startswith(("missed update", "reconnect", "socket")):
        return error.split(" (", 1)[0].split(":", 1)[0]
    return "HTTP " + error.split(":", 1)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="Germany games of 4 teams")
    parser.add_argument(
        "--places",
        type=int,
        default=60,
        help="places in the Germany games' deck (each game's state holds them: 689, the "
        "starter deck's, makes a state of about 190 KB)",
    )
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
        "--join",
        type=float,
        default=JOIN,
        help="seconds over which the screens join (at random); measured from then on",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--push", dest="push", action="store_true", default=True, help="sockets (default)"
    )
    mode.add_argument(
        "--poll", dest="push", action="store_false", help="the pages before push: polls only"
    )
    parser.add_argument("--servers", type=int, default=1, help="app servers (gunicorn + uvicorn)")
    parser.add_argument(
        "--redis-url", default="", help="a Redis to use; default one the bench starts"
    )
    parser.add_argument(
        "--database-url",
        default="",
        help="an empty database to use (production: PostgreSQL); default a fresh SQLite file, "
        "or with --servers > 1 a PostgreSQL the bench starts",
    )
    parser.add_argument(
        "--postgres", action="store_true", help="start a throw-away PostgreSQL for one server too"
    )
    # As README's "Deploying" runs it: a worker per core of the server plus one, each server
    # having its share of this machine's cores (with --servers 2 on 2 cores: one each). More
    # processes than that made every request and redraw wait longer for a core (measured: two
    # servers of 5 workers and 2 uvicorns each saw moves at p95 338 ms, of 2 and 1 at 171 ms).
    parser.add_argument(
        "--workers", type=int, default=None, help="gunicorn's, per server (default: per core + 1)"
    )
    # gthread keeps a browser's connection between polls; gunicorn's sync worker closes each
    # one and then waits for the client to close its side too (measured: p95 ~2x worse).
    parser.add_argument("--worker-class", choices=("sync", "gthread"), default="gthread")
    parser.add_argument("--threads", type=int, default=4, help="per gthread worker")
    parser.add_argument("--keep-alive", type=int, default=5, help="gunicorn's, in seconds")
    parser.add_argument(
        "--worker-connections", type=int, default=None, help="gthread: kept connections per worker"
    )
    parser.add_argument(
        "--asgi-workers", type=int, default=1, help="uvicorn processes per server (the README's 1)"
    )
    parser.add_argument("--procs", type=int, default=4, help="client processes")
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=None,
        metavar=("MIN", "MAX"),
        help="seconds a team talks before it lays a tip (uniform; 10 20, a pupil alone 3 8); "
        "0 0 for a bot race",
    )
    parser.add_argument(
        "--homework",
        type=int,
        default=0,
        metavar="N",
        help="N pupils each doing homework alone against computer teams (a class of 30 per "
        "assignment: 7 of 10 Germany on --places places, 3 The World), through the API and the "
        "solo shell's page",
    )
    parser.add_argument(
        "--homework-page",
        choices=("due", "poll"),
        default="due",
        help="the solo page asks for the computer's move when it falls due (due, the page "
        "now) or only polls every second (poll, the page before)",
    )
    parser.add_argument(
        "--reconnect",
        type=int,
        default=0,
        metavar="K",
        help="K classrooms get a second screen whose network is cut again and again",
    )
    parser.add_argument("--outage", type=float, default=30.0, help="seconds each cut lasts")
    parser.add_argument(
        "--asgi-app",
        default="config.asgi:application",
        help="what uvicorn serves (e.g. a wrapper that measures the event loop)",
    )
    parser.add_argument(
        "--profile-asgi",
        default="",
        metavar="FILE",
        help="run the first server's uvicorn under cProfile (all threads), statistics to FILE",
    )
    args = parser.parse_args()
    if args.think is None:
        args.think = (3.0, 8.0) if args.homework else (10.0, 20.0)
    if args.reconnect and not args.push:
        parser.error("--reconnect checks the sockets: not with --poll")
    if args.seconds <= args.join:
        parser.error("--seconds must be longer than --join")
    if args.reconnect and args.seconds < args.join + args.outage + 25:
        parser.error(f"--reconnect needs --seconds >= {args.join + args.outage + 25:.0f}")
    if args.workers is None:
        args.workers = max(1, (os.cpu_count() or 2) // args.servers) + 1

    tmp = Path(tempfile.mkdtemp(prefix="play-load-"))
    with ExitStack() as stack:
        stack.callback(shutil.rmtree, tmp, ignore_errors=True)
        redis_proc, pg_data = None, None
        redis_url = args.redis_url
        if not redis_url and (args.push or args.servers > 1):
            redis_url, redis_proc = start_redis(stack, tmp)
        database_url = args.database_url
        if not database_url and (args.servers > 1 or args.postgres):
            database_url, pg_data = start_postgres(stack)
        database_url = database_url or f"sqlite:///{tmp / 'db.sqlite3'}"
        base = server_env(
            database_url,
            args.push,
            # Pupils at home start from their own addresses; here all come from 127.0.0.1.
            PLAY_HOMEWORK_STARTS_PER_ADDRESS=str(max(300, 2 * args.homework)),
        )
        if redis_url:
            base["REDIS_URL"] = redis_url
        envs = [dict(base, CACHE_DIR=str(tmp / f"cache-{i + 1}")) for i in range(args.servers)]
        print(
            f"setting up {args.games} Germany, {args.world_games} world and {args.match_games} "
            f"match games in {tmp} ({database_url.split(':', 1)[0]}"
            + (f", Redis {redis_url}" if redis_url else "")
            + ") ...",
            flush=True,
        )
        data = setup(
            envs[0], args.games, args.world_games, args.match_games, args.places, args.homework
        )
        for index, game in enumerate(data["games"]):
            game["index"], game["session"] = index, data["session"]
        pupils = pupils_of(data.get("assignments", []), args.homework)
        # The second screens of --reconnect: spread over Germany, World and Match classrooms.
        for game in data["games"][:: max(1, len(data["games"]) // max(1, args.reconnect))][
            : args.reconnect
        ]:
            game["mirror"] = True
        servers = [start_server(stack, env, args, args.push, i) for i, env in enumerate(envs)]
        ports = [(server["http_port"], server["ws_port"]) for server in servers]
        parts = _server_parts(servers, redis_proc, pg_data)
        open_projectors(ports, data["games"])

        redis_before = _redis_stats(redis_url)
        postgres_before = _postgres_stats(database_url)
        load_before = os.getloadavg()
        cpu_start = _children_cpu()
        table = _proc_table()
        cpu_before = {name: _tree_cpu(table, pid) for name, pid in parts.items()}
        queue: multiprocessing.Queue = multiprocessing.Queue()
        chunks = [(data["games"] + pupils)[i :: args.procs] for i in range(args.procs)]
        started = time.perf_counter()
        procs = [
            multiprocessing.Process(
                target=client_process,
                args=(
                    ports,
                    chunk,
                    args.push,
                    args.seconds,
                    args.think,
                    queue,
                    tuple(args.match_claim),
                    args.outage,
                    args.join,
                    args.homework_page == "due",
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
        cpu_clients = _children_cpu() - cpu_start
        table = _proc_table()
        cpu_parts = {name: _tree_cpu(table, pid) - cpu_before[name] for name, pid in parts.items()}
        per_worker = {
            i: _worker_cpu(table, server["gunicorn"].pid) for i, server in enumerate(servers, 1)
        }
        load_after = os.getloadavg()
        redis_after = _redis_stats(redis_url)
        postgres_after = _postgres_stats(database_url)
        lags = _computer_lags(database_url, [x for r in results for x in r["due_made"]])
    report(args, results, elapsed, load_before, load_after, cpu_parts, cpu_clients, per_worker)
    if args.homework:
        _homework_report(args, results, lags)
    if redis_before and redis_after:
        print(
            f"Redis: {redis_after[0] - redis_before[0]} connections opened during the run, "
            f"{redis_after[1]} open at its end, {redis_after[2] - redis_before[2]} commands"
        )
    if postgres_before and postgres_after:
        sessions, transactions, rows = (
            a - b for a, b in zip(postgres_after, postgres_before, strict=True)
        )
        print(
            f"PostgreSQL: {sessions} sessions opened during the run, {transactions} "
            f"transactions, {rows} rows read"
        )


def report(args, results, elapsed, load_before, load_after, cpu_parts, cpu_clients, per_worker):
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    visible: list[tuple[str, float, bool]] = []
    reconnects: list[float] = []
    late = messages = message_bytes = unchanged = 0
    for stats in results:
        for label, values in stats["lat"].items():
            latencies[label.strip()].extend(values)
        errors.extend(stats["errors"])
        # Homework's own figures (a pupil's screen, no classroom) are reported apart.
        visible.extend(v for v in stats["visible"] if v[0] in ("germany", "world", "match"))
        reconnects.extend(stats["reconnect"])
        late += stats.get("match_409", 0)
        messages += stats["messages"]
        message_bytes += stats["message_bytes"]
        unchanged += stats["reconnect_unchanged"]
    # After the join window; page loads while the screens join are a figure of their own.
    http = {
        k: v
        for k, v in latencies.items()
        if not k.startswith("socket") and not k.endswith("(joining)")
    }
    page_loads = [
        x for k, v in latencies.items() if "first" in k and k.endswith("(joining)") for x in v
    ]
    total = sum(len(v) for v in http.values())
    window = args.seconds - args.join  # latencies and counts cover the time after joining
    everything = [x for v in http.values() for x in v]
    print(f"load average before: {load_before}, after: {load_after}")
    cpu_server = sum(cpu_parts.values())
    print(
        f"CPU: server {cpu_server:.1f} s ({cpu_server / elapsed:.2f} cores over {elapsed:.0f} s: "
        + ", ".join(f"{name} {cpu:.1f}" for name, cpu in cpu_parts.items())
        + f"), load-test clients {cpu_clients:.1f} s ({cpu_clients / elapsed:.2f} cores)"
    )
    # Kept-alive connections stay with the worker that accepted them: an uneven share shows here.
    for i, cpus in per_worker.items():
        print(f"CPU per gunicorn {i} worker (s):", " ".join(f"{x:.1f}" for x in sorted(cpus)))
    print(
        f"\n{args.games} Germany games x (projector + 4 devices), {args.world_games} world games "
        f"x (projector + 6 devices), {args.match_games} match games x (projector + 4 devices), "
        f"{'push (sockets, 30 s safety poll)' if args.push else 'polling'}, {elapsed:.0f} s "
        f"(measured after {args.join:.0f} s of joining), {args.servers} server(s) of gunicorn "
        f"{args.workers} {args.worker_class} workers"
        + (f" x {args.threads} threads" if args.worker_class == "gthread" else "")
        + (f" + uvicorn x {args.asgi_workers}" if args.push else "")
        + f", {args.procs} client processes"
    )
    print(f"{'request':<28}{'requests':>9}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    for label in sorted(latencies, key=lambda k: (k.startswith("socket"), k)):
        values = latencies[label]
        print(
            f"{label:<28}{len(values):>9}{len(values) / window:>8.1f}{_pct(values, 50):>9.1f}"
            f"{_pct(values, 95):>9.1f}{_pct(values, 99):>9.1f}"
        )
    if everything:
        print(
            f"{'all HTTP':<28}{total:>9}{total / window:>8.1f}{_pct(everything, 50):>9.1f}"
            f"{_pct(everything, 95):>9.1f}{_pct(everything, 99):>9.1f}"
        )
    if page_loads:
        rate = len(page_loads) / args.join
        print(
            f"{'page loads while joining':<28}{len(page_loads):>9}{rate:>8.1f}"
            f"{_pct(page_loads, 50):>9.1f}{_pct(page_loads, 95):>9.1f}{_pct(page_loads, 99):>9.1f}"
        )
    if args.push:
        print(
            f"socket messages: {messages} ({messages / elapsed:.0f}/s, "
            f"{message_bytes / max(1, messages) / 1024:.1f} KB each)"
        )
    print("\nmove visible on every other screen of its classroom (from its POST being sent):")
    for edition in ("germany", "world", "match"):
        values = [latency for kind, latency, _ in visible if kind == edition]
        if values:
            what = "claims" if edition == "match" else "moves"
            print(f"  {edition:<8} {what:<6} {_spread(values)}")
    if visible:
        print(f"  {'all':<15} {_spread([latency for _, latency, _ in visible])}")
    if args.servers > 1:
        for cross, name in ((False, "same server"), (True, "other server")):
            values = [latency for _, latency, c in visible if c == cross]
            if values:
                print(f"  {name:<15} {_spread(values)}")
    if args.match_games:
        print(f"  match: {late} claims answered 409 (too late or locked)")
    if args.reconnect:
        print(
            f"\nreconnect after a {args.outage:.0f} s outage to the stage current then: "
            + (_spread(reconnects) if reconnects else "none measured")
            + f"; {unchanged} outages without a change"
        )
    print(f"\nerrors: {len(errors)}")
    for kind, count in Counter(_kind(e) for e in errors).most_common():
        print(f"  {count:>6}  {kind}")
    for line in errors[:20]:
        print("  ", line)
    if everything:
        print(f"median of all HTTP: {statistics.median(everything) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
