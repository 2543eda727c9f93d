"""A day of classes compressed into ``--minutes`` (10): what grows in the server processes.

Run: python bench/soak.py [--minutes 10] [--lessons 6] [--classes 4] [--sqlite]

The site runs as README deploys it, on loopback: gunicorn (``--preload``, gthread, 2 workers of
4 threads) for the pages, one uvicorn for the screens' sockets, one ``manage.py db_worker`` for
the background jobs, Redis, and a throw-away PostgreSQL (Debian's packages, as .ci/postgres.sh
starts one; ``--sqlite``, or no PostgreSQL installed, for a SQLite file instead), kept
database connections (``DB_CONN_MAX_AGE=60``).

The day is ``--lessons`` lessons. In each, ``--classes`` classrooms play the dice game through
the API, one after another until the lesson's end: half of them two scripted seats, half a
scripted seat against a computer seat, each classroom's projector and phones on the socket
server (WebSockets, as the pages open them) while they play. At the lesson's end a running game
is ended by its teacher, or (every other classroom) left running, as a class that just leaves.
Every lesson also makes a PDF and a PNG zip of a deck on the worker, and imports a CSV of 40
places through the admin (preview, then the import job). After each lesson the day's evening
comes early: the games left running are made idle for a day and the games ended are made 100
days old, and ``manage.py expire_games`` ends the ones and deletes the others.

Printed: per server process (gunicorn's master and workers, uvicorn, the job worker) its
memory (RSS), open database connections (sockets to PostgreSQL, or handles on the SQLite file)
and open file descriptors, at the start, after the first lesson (warm: caches filled, code
loaded) and at the end, with the growth since the warm point; Redis's and PostgreSQL's
memory and PostgreSQL's connections. Also what the day did (games, moves, jobs, imports, games
expired) and every error: an answer of 500 or more, a request that got no answer, a socket
refused, a job that failed, an acknowledged move missing from its game's log. Exits 1 on any
error. Only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from contextlib import ExitStack, suppress
from pathlib import Path

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
CSRF = "soakCsrfSecret0123456789abcdefgh"  # a browser's CSRF cookie, sent back in its forms
EDGES = ("left", "right", "top", "bottom")
THINK = (0.2, 0.6)  # seconds a seat waits before its move


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_for_port(port: int, what: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection((HOST, port), timeout=0.2).close()
            return
        except OSError:
            if process.poll() is not None:
                sys.exit(f"{what} ended before it listened (exit {process.returncode})")
            time.sleep(0.1)
    sys.exit(f"{what} did not listen on {HOST}:{port}")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# -- services -------------------------------------------------------------------------------


def start_postgres(stack: ExitStack) -> tuple[str, int]:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        sys.exit("no PostgreSQL in /usr/lib/postgresql: install postgresql, or use --sqlite")
    pg_bin = found[-1].parent
    folder = Path(tempfile.mkdtemp(prefix="soak-pg-"))
    run_as = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(folder, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", free_port()
    quiet = {"check": True, "stdout": subprocess.DEVNULL}
    subprocess.run(
        [*run_as, pg_bin / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"],
        **quiet,
    )
    options = f"-h {HOST} -p {port} -k {folder} -c fsync=off -c full_page_writes=off"
    pg_ctl = [*run_as, pg_bin / "pg_ctl", "-D", data]
    subprocess.run([*pg_ctl, "-l", folder / "server.log", "-w", "-o", options, "start"], **quiet)

    def remove() -> None:
        subprocess.run([*pg_ctl, "-m", "fast", "-w", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)

    stack.callback(remove)
    subprocess.run(
        [*run_as, pg_bin / "createdb", "-h", HOST, "-p", str(port), "-U", "postgres", "soak"],
        **quiet,
    )
    return f"postgres://postgres@{HOST}:{port}/soak", port


def spawn(stack: ExitStack, command: list, env: dict, log: Path) -> subprocess.Popen:
    with open(log, "ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    stack.callback(stop, process)
    return process


SETUP = """
import json
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.authtoken.models import Token
from cards.models import Deck, DeckCard, Edition, Place
teacher = User.objects.create_superuser("soak", password="soak-pw")
client = Client(); client.force_login(teacher)
for d in range({lessons}):
    deck = Deck.objects.create(slug=f"soak-{{d}}", name=f"Soak {{d}}", edition=Edition.GERMANY)
    for i in range(12):
        place = Place.objects.create(name=f"Soak {{d}} Ort {{i}}", country="DE", state="Hessen",
            population=1000 + 97 * i, latitude=50 + i / 50, longitude=8 + d / 10)
        DeckCard.objects.create(deck=deck, place=place)
print("JSON" + json.dumps({{"token": Token.objects.create(user=teacher).key,
    "session": client.cookies["sessionid"].value}}))
"""

EVENING = """
from datetime import timedelta
from django.utils import timezone
from play.models import Game, Status
now = timezone.now()
# No class is at play in the evening: every game still running was left so (a computer seat's
# move due at the lesson's end may have been made a moment after the previous evening).
Game.objects.filter(status=Status.ACTIVE).update(active_at=now - timedelta(days=2))
Game.objects.filter(status=Status.FINISHED).update(finished_at=now - timedelta(days=100))
"""


def manage(env: dict, *args: str) -> str:
    run = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if run.returncode:
        sys.exit(f"manage.py {args[0]} failed:\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}")
    return run.stdout


# -- what the processes hold ----------------------------------------------------------------


def _sockets_to(port: int) -> set[str]:
    """The inodes of this machine's TCP connections to ``port`` on loopback."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            remote_port = int(fields[2].rsplit(":", 1)[1], 16)
            if remote_port == port and fields[3] == "01":  # ESTABLISHED
                inodes.add(fields[9])
    return inodes


def holdings(pid: int, db_port: int | None, db_file: Path | None) -> dict:
    """RSS (MB), open file descriptors and database connections of one process."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        targets = []
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with suppress(OSError):  # closed meanwhile
                targets.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
    except OSError:
        return {"rss": 0.0, "fds": 0, "db": 0}
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
    if db_port is not None:
        ours = _sockets_to(db_port)
        db = sum(t.startswith("socket:[") and t[8:-1] in ours for t in targets)
    else:
        db = sum(t == str(db_file) for t in targets)
    return {"rss": rss, "fds": len(targets), "db": db}


def children(pid: int) -> list[int]:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    return [int(p) for p in found]


def server_processes(parts: dict[str, subprocess.Popen]) -> dict[str, int]:
    named = {}
    for name, process in parts.items():
        named[name] = process.pid
        if name == "gunicorn":
            for n, child in enumerate(sorted(children(process.pid))):
                named[f"gunicorn worker {n + 1}"] = child
    return named


def snapshot(parts, db_port, db_file, pg_port) -> dict[str, dict]:
    shot = {
        name: holdings(pid, db_port, db_file)
        for name, pid in server_processes(parts).items()
        if name not in ("redis",)
    }
    shot["redis"] = holdings(parts["redis"].pid, None, None)
    if pg_port is not None:
        shot["postgresql"] = postgres_totals(pg_port)
    return shot


def postgres_totals(port: int) -> dict:
    """PostgreSQL's processes together: RSS of the postmaster and its backends, connections."""
    master = None
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            command = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if (
            command
            and command[0].endswith(b"postgres")
            and f"{port}".encode() in b" ".join(command)
        ):
            master = int(proc.name)
            break
    if master is None:
        return {"rss": 0.0, "fds": 0, "db": 0}
    pids = [master, *children(master)]
    rss = sum(holdings(pid, None, None)["rss"] for pid in pids)
    return {"rss": rss, "fds": 0, "db": len(_sockets_to(port))}


# -- a classroom ----------------------------------------------------------------------------


class Day:
    def __init__(self, base: str, ws_base: str, token: str, session: str) -> None:
        self.base, self.ws_base, self.token, self.session = base, ws_base, token, session
        self.counts: Counter = Counter()
        self.errors: list[str] = []
        self.left_running: list[int] = []
        self.lock = threading.Lock()

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)

    def count(self, what: str, n: int = 1) -> None:
        with self.lock:
            self.counts[what] += n

    def call(self, method: str, path: str, body=None, headers=None, form=None, files=None):
        """(status, JSON or text); counts an answer of 500 or more, or none, as an error."""
        headers = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if form is not None or files is not None:
            headers["Cookie"] = f"sessionid={self.session}; csrftoken={CSRF}"
            fields = {**(form or {}), "csrfmiddlewaretoken": CSRF}
            if files:
                data, kind = _multipart(fields, files)
            else:
                data = urllib.parse.urlencode(fields).encode()
                kind = "application/x-www-form-urlencoded"
            headers["Content-Type"] = kind
        request = urllib.request.Request(
            f"{self.base}{path}", data=data, method=method, headers=headers
        )
        self.count("requests")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, raw, kind = response.status, response.read(), response.headers
        except urllib.error.HTTPError as failed:
            status, raw, kind = failed.code, failed.read(), failed.headers
        except OSError as failed:
            self.error(f"{method} {path}: no answer ({failed})")
            return 0, None
        if status >= 500:
            self.error(f"{method} {path}: HTTP {status} {raw[:200]!r}")
        text = raw.decode(errors="replace")
        if kind.get("Content-Type", "").startswith("application/json"):
            return status, json.loads(text)
        return status, text

    def teacher(self) -> dict:
        return {"Authorization": f"Token {self.token}"}

    # A classroom: games one after another until the lesson ends.
    def classroom(self, number: int, until: float, rng: random.Random) -> None:
        while time.monotonic() < until - 5:
            bots = [1] if number % 2 else []
            self.play(number, bots, until, rng)

    def play(self, number: int, bots: list[int], until: float, rng: random.Random) -> None:
        body = {"edition": "dice", "seats": ["Ada", "Bo"], "options": {}, "bots": bots}
        status, game = self.call("POST", "/api/games/", body, self.teacher())
        if status != 201:
            self.error(f"new game: HTTP {status} {game}")
            time.sleep(1)
            return
        self.count("games started")
        tokens = {s["index"]: s["token"] for s in game["seats"] if not s["is_bot"]}
        screens = Screens(self, game, tokens)
        acknowledged: list[tuple] = []
        view, state = game["view"], game["status"]
        try:
            while state == "active" and time.monotonic() < until:
                seat = view["turn"]["seat"]
                if seat not in tokens:  # the computer's turn: the page's poll lets it move
                    time.sleep(0.3)
                    status, answer = self.call(
                        "GET", f"/api/games/{game['id']}/", headers={"X-Team-Token": tokens[0]}
                    )
                    if status == 200:
                        view, state = answer["view"], answer["status"]
                    continue
                time.sleep(rng.uniform(*THINK))
                view, state = self.move(game, tokens[seat], seat, view, rng, acknowledged)
            if state == "active":
                if number % 2 == 0:
                    self.call("POST", f"/api/games/{game['id']}/moves/", {"move": "end"},
                              self.teacher())  # fmt: skip
                    self.count("games ended by the teacher")
                else:
                    with self.lock:
                        self.left_running.append(game["id"])
                    self.count("games left running")
            else:
                self.count("games played to the end")
            self.check_log(game["id"], acknowledged)
        finally:
            screens.close()

    def move(self, game, token, seat, view, rng, acknowledged):
        turn = view["turn"]
        if turn["phase"] == "place":
            tries = [(e, i) for e in EDGES for i in range(view["size"])]
            rng.shuffle(tries)
            moves = [("place", {"edge": e, "index": i}) for e, i in tries]
        elif turn["phase"] == "decide" and rng.random() < 0.5:
            moves = [("stop", {})]
        else:
            moves = [("roll", {})]
        headers = {"X-Team-Token": token}
        for name, args in moves:
            headers["Idempotency-Key"] = uuid.uuid4().hex
            status, answer = self.call(
                "POST", f"/api/games/{game['id']}/moves/", {"move": name, "args": args}, headers
            )
            if status == 201:
                acknowledged.append((seat, name, args))
                self.count("moves")
                return answer["view"], answer["status"]
            if status != 400:
                break
        status, answer = self.call("GET", f"/api/games/{game['id']}/", headers=headers)
        if status != 200:
            return view, "lost"
        return answer["view"], answer["status"]

    def check_log(self, game_id: int, acknowledged: list[tuple]) -> None:
        status, body = self.call("GET", f"/api/games/{game_id}/log/", headers=self.teacher())
        if status != 200:
            self.error(f"log of game {game_id}: HTTP {status}")
            return
        kept = [
            (row["seat"], row["move"], row["args"])
            for row in body["moves"]
            if not row["by_bot"] and not row["by_teacher"]
        ]
        if kept != acknowledged:
            self.error(f"game {game_id}: {len(acknowledged)} moves acknowledged, log {len(kept)}")

    # Background work of a lesson: a PDF and a PNG zip on the worker, an import.
    def print_jobs(self, lesson: int) -> list[str]:
        started = []
        for kind, query in (("pdf", "paper=a4"), ("zip", "dpi=100")):
            path = f"/print/soak-{lesson}/jobs/{kind}/?{query}"
            status, text = self.call("POST", path, form={})
            if status != 200 or "section" not in str(text):
                self.error(f"print job {path}: HTTP {status}")
                continue
            found = re.search(r'id="job-([0-9a-f-]+)"', text)
            if found:
                started.append(found.group(1))
        return started

    def import_places(self, lesson: int) -> None:
        rows = "".join(
            f",Import {lesson} Ort {i},city,DE,{50 + i / 100:.4f},{9 + lesson / 10:.4f},{500 + i}\n"
            for i in range(40)
        )
        csv = "id,name,kind,country,latitude,longitude,population\n" + rows
        status, page = self.call(
            "POST",
            "/admin/cards/place/import/",
            form={"format": "0"},
            files={"import_file": ("places.csv", csv.encode())},
        )
        hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', str(page)))
        hidden.pop("csrfmiddlewaretoken", None)
        if status != 200 or "import_file_name" not in hidden:
            self.error(f"import preview: HTTP {status}")
            return
        status, _page = self.call("POST", "/admin/cards/place/process_import/", form=hidden)
        if status != 200:
            self.error(f"import confirm: HTTP {status}")
            return
        self.count("imports")

    def wait_for_jobs(self, jobs: list[str], seconds: float = 300) -> None:
        deadline = time.monotonic() + seconds
        for job in jobs:
            while True:
                _status, text = self.call("GET", f"/jobs/{job}/", headers=self._cookie())
                found = re.search(r'data-status="(\w+)"', str(text))
                state = found.group(1) if found else "?"
                if state in ("done", "failed", "cancelled") or time.monotonic() > deadline:
                    break
                time.sleep(0.5)
            self.count(f"jobs {state}")
            if state != "done":
                self.error(f"job {job}: {state}")

    def _cookie(self) -> dict:
        return {"Cookie": f"sessionid={self.session}"}


def _multipart(fields: dict, files: dict) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    out = []
    for name, value in fields.items():
        out.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
            .encode()
        )  # fmt: skip
    for name, (filename, content) in files.items():
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: text/csv\r\n\r\n'
        )
        out.append(head.encode() + content + b"\r\n")
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out), f"multipart/form-data; boundary={boundary}"


class Screens:
    """A classroom's projector and its phones, each on its socket for the game's length."""

    def __init__(self, day: Day, game: dict, tokens: dict[int, str]) -> None:
        self.day, self.sockets, self.threads = day, [], []
        code = game["code"]
        pages = [(f"/ws/play/host/{code}/", f"sessionid={day.session}")]
        pages += [(f"/ws/play/{code}/", f"spoton_team_{code}={t}") for t in tokens.values()]
        for path, cookie in pages:
            try:
                ws = connect(
                    f"{day.ws_base}{path}?v=0",
                    origin=day.ws_base.replace("ws://", "http://"),
                    additional_headers={"Cookie": cookie},
                    open_timeout=30,
                )
            except (OSError, WebSocketException) as failed:
                day.error(f"socket {path}: {failed}")
                continue
            day.count("sockets opened")
            self.sockets.append(ws)
            thread = threading.Thread(target=self._listen, args=(ws,), daemon=True)
            thread.start()
            self.threads.append(thread)

    def _listen(self, ws) -> None:
        try:
            for _message in ws:
                self.day.count("stages pushed")
        except (OSError, WebSocketException):
            pass

    def close(self) -> None:
        for ws in self.sockets:
            ws.close()
        for thread in self.threads:
            thread.join(10)


# -- the day ----------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--lessons", type=int, default=6)
    parser.add_argument("--classes", type=int, default=4, help="classrooms at once")
    parser.add_argument("--sqlite", action="store_true", help="a SQLite file, not PostgreSQL")
    args = parser.parse_args()

    with ExitStack() as stack:
        tmp = Path(tempfile.mkdtemp(prefix="soak-"))
        stack.callback(shutil.rmtree, tmp, True)
        redis_port = free_port()
        redis = spawn(
            stack,
            ["redis-server", "--port", str(redis_port), "--bind", HOST, "--save", "",
             "--appendonly", "no", "--dir", str(tmp)],
            dict(os.environ),
            tmp / "redis.log",
        )  # fmt: skip
        if not args.sqlite and not sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
            print("no PostgreSQL in /usr/lib/postgresql: the day runs on SQLite")
            args.sqlite = True
        if args.sqlite:
            db_file, db_port, pg_port = tmp / "soak.sqlite3", None, None
            database_url = f"sqlite:///{db_file}"
        else:
            database_url, pg_port = start_postgres(stack)
            db_file, db_port = None, pg_port
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": database_url,
            "DB_CONN_MAX_AGE": "60",
            "REDIS_URL": f"redis://{HOST}:{redis_port}/0",
            "DEBUG": "0",
            "SECRET_KEY": "soak-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
            "SECURE_COOKIES": "0",
            "SECURE_SSL_REDIRECT": "0",
            "ALLOWED_HOSTS": HOST,
            "CACHE_DIR": str(tmp / "cache"),
            "JOBS_ROOT": str(tmp / "jobs"),
            "MEDIA_ROOT": str(tmp / "media"),
            "PNG_PROCESSES": "1",
            "PLAY_GAMES_PER_HOUR": "100000",
            "PLAY_OPEN_GAMES": "1000",
            "PLAY_MOVES_PER_MINUTE": "100000",
            "PYTHONUNBUFFERED": "1",
        }
        wait_for_port(redis_port, "redis-server", redis)
        manage(env, "migrate", "-v0")
        out = manage(env, "shell", "-c", SETUP.format(lessons=args.lessons))
        setup = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])

        http_port, ws_port = free_port(), free_port()
        bin_dir = Path(sys.executable).parent
        parts = {
            "gunicorn": spawn(
                stack,
                [bin_dir / "gunicorn", "config.wsgi", "-b", f"{HOST}:{http_port}", "--preload",
                 "-k", "gthread", "-w", "2", "--threads", "4", "--keep-alive", "5",
                 "--log-level", "warning"],
                env,
                tmp / "gunicorn.log",
            ),
            "uvicorn": spawn(
                stack,
                [bin_dir / "uvicorn", "config.asgi:application", "--host", HOST, "--port",
                 str(ws_port), "--no-access-log", "--log-level", "warning"],
                env,
                tmp / "uvicorn.log",
            ),
            "job worker": spawn(
                stack,
                [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.5",
                 "--verbosity", "0"],
                env,
                tmp / "worker.log",
            ),
            "redis": redis,
        }  # fmt: skip
        wait_for_port(http_port, "gunicorn", parts["gunicorn"])
        wait_for_port(ws_port, "uvicorn", parts["uvicorn"])
        time.sleep(2)  # the job worker's start-up, so that its first figures are its own

        day = Day(f"http://{HOST}:{http_port}", f"ws://{HOST}:{ws_port}", **setup)
        shots = {"start": snapshot(parts, db_port, db_file, pg_port)}
        lesson_seconds = args.minutes * 60 / args.lessons
        expired = Counter()
        began = time.monotonic()
        for lesson in range(args.lessons):
            until = time.monotonic() + lesson_seconds
            rooms = [
                threading.Thread(
                    target=day.classroom, args=(n, until, random.Random(lesson * 100 + n))
                )
                for n in range(args.classes)
            ]
            for room in rooms:
                room.start()
            jobs = day.print_jobs(lesson)
            day.import_places(lesson)
            for room in rooms:
                room.join()
            day.wait_for_jobs(jobs)
            manage(env, "shell", "-c", EVENING)
            said = manage(env, "expire_games")
            print(f"  expire_games: {said.strip()} ({len(day.left_running)} left running)")
            numbers = re.findall(r"\d+", said)
            expired["ended idle"] += int(numbers[0])
            expired["deleted"] += int(numbers[1])
            day.left_running.clear()
            print(
                f"lesson {lesson + 1}/{args.lessons} over after {time.monotonic() - began:.0f} s:"
                f" {dict(day.counts)}",
                flush=True,
            )
            if lesson == 0:
                shots["warm"] = snapshot(parts, db_port, db_file, pg_port)
        shots["end"] = snapshot(parts, db_port, db_file, pg_port)
        for name, process in parts.items():
            if process.poll() is not None:
                day.error(f"{name} ended (exit {process.returncode})")
        report(args, day, expired, shots, time.monotonic() - began, database_url)
        if day.errors:
            sys.exit(1)


def report(args, day: Day, expired: Counter, shots: dict, elapsed: float, db: str) -> None:
    kind = "SQLite" if db.startswith("sqlite") else "PostgreSQL"
    print(f"\n== a day of {args.lessons} lessons in {elapsed / 60:.1f} min ({kind}) ==")
    for what, n in sorted(day.counts.items()):
        print(f"{what:>28}: {n}")
    for what, n in expired.items():
        print(f"{'expire_games ' + what:>28}: {n}")
    print(
        f"\n{'process':<20}{'RSS MB start/warm/end (growth since warm)':>44}"
        f"{'DB conns start/warm/end':>26}{'fds start/warm/end':>22}"
    )
    for name in shots["end"]:
        s, w, e = (
            shots[t].get(name, {"rss": 0, "db": 0, "fds": 0}) for t in ("start", "warm", "end")
        )
        rss = f"{s['rss']:.0f}/{w['rss']:.0f}/{e['rss']:.0f} ({e['rss'] - w['rss']:+.1f})"
        conns = f"{s['db']}/{w['db']}/{e['db']}"
        fds = f"{s['fds']}/{w['fds']}/{e['fds']}"
        print(f"{name:<20}{rss:>44}{conns:>26}{fds:>22}")
    print(f"\nerrors: {len(day.errors)}")
    for error in day.errors[:30]:
        print(f"  {error}")


if __name__ == "__main__":
    main()
