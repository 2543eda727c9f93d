"""Two app servers on one Redis and one database, each behind nginx, as README's Deploying
section runs them: per server a gunicorn for the pages and a uvicorn for the screens' sockets,
each with a cache folder of its own (so that nothing but Redis and the database is shared).

The database is a fresh PostgreSQL database on the server of ``DATABASE_URL`` when that names
PostgreSQL (CI's second run), else a SQLite file both servers open.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
CODE_MISSES_ALLOWED = 6

NGINX_CONF = """
worker_processes 1;
{user}
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 512; }}
http {{
  access_log off;
  client_body_temp_path {dir}/body; proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi; uwsgi_temp_path {dir}/uwsgi; scgi_temp_path {dir}/scgi;
  map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
{servers}
}}
"""
NGINX_SERVER = """
  server {{
    listen 127.0.0.1:{port};
    location /ws/ {{
      proxy_pass http://127.0.0.1:{sockets};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
    }}
    location / {{
      proxy_pass http://127.0.0.1:{pages};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      client_max_body_size 6m;
    }}
  }}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not come up")
        time.sleep(0.1)


@dataclass
class AppServer:
    name: str
    url: str  # through nginx
    pages_port: int
    sockets_port: int
    env: dict[str, str]
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    def start_pages(self, log: Path) -> None:
        self.processes["pages"] = _spawn(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi",
                "--preload",
                "-b",
                f"127.0.0.1:{self.pages_port}",
                "-k",
                "gthread",
                "-w",
                "1",
                "--threads",
                "4",
            ],
            self.env,
            log / f"{self.name}-pages.log",
        )

    def start_sockets(self, log: Path) -> None:
        self.processes["sockets"] = _spawn(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "config.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.sockets_port),
                "--no-access-log",
            ],
            self.env,
            log / f"{self.name}-sockets.log",
        )

    def stop_sockets(self) -> None:
        _stop(self.processes.pop("sockets"))

    def kill_sockets(self) -> None:
        """The socket server dies at once (SIGKILL: no close frames, as a crash or an OOM kill)."""
        process = self.processes.pop("sockets")
        process.kill()
        process.wait(10)


def _spawn(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    with open(log, "ab") as out:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Cluster:
    """``database_url`` names an empty database of the cluster's own (else one is made);
    ``settings`` are more environment variables for every server and worker."""

    def __init__(self, database_url: str = "", settings: dict[str, str] | None = None) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="spot-on-cluster-"))
        os.chmod(self.dir, 0o755)  # nginx's workers may run as another user
        self.redis: subprocess.Popen | None = None
        self.redis_port = 0
        self.nginx: subprocess.Popen | None = None
        self.servers: list[AppServer] = []
        self.workers: list[subprocess.Popen] = []
        self.settings = settings or {}
        if database_url:
            self.database_url, self._drop = database_url, lambda: None
        else:
            self.database_url, self._drop = _database(self.dir)

    def manage(self, *args: str) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.servers[0].env,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def shell(self, code: str) -> str:
        return self.manage("shell", "-v", "0", "-c", code).strip()

    def query(self, sql: str) -> list[tuple]:
        """The rows of one read of the cluster's database, straight from it (a manage.py
        shell takes a second to start)."""
        if self.database_url.startswith("sqlite:///"):
            path = self.database_url.removeprefix("sqlite:///")
            with contextlib.closing(sqlite3.connect(path)) as connection:
                return connection.execute(sql).fetchall()
        import psycopg

        with psycopg.connect(self.database_url) as connection:
            return connection.execute(sql).fetchall()

    def start_redis(self) -> None:
        """Redis on the cluster's port (the same one after a restart), once it answers."""
        self.redis = _spawn(
            [
                REDIS,
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            os.environ.copy(),
            self.dir / "redis.log",
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.redis_port), timeout=1) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not come up")
            time.sleep(0.05)

    def stop_redis(self) -> None:
        if self.redis is not None:
            _stop(self.redis)
            self.redis = None

    def start(self) -> None:
        redis_port = self.redis_port = free_port()
        self.start_redis()
        for name in ("a", "b"):
            port = free_port()
            env = {
                **os.environ,
                "DJANGO_SETTINGS_MODULE": "config.settings",
                "DATABASE_URL": self.database_url,
                "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
                "CACHE_DIR": str(self.dir / f"cache-{name}"),
                "DEBUG": "0",
                "SECRET_KEY": "cluster-test-secret-key-shared-by-both-servers",
                "SECURE_COOKIES": "0",
                "SECURE_SSL_REDIRECT": "0",
                "ALLOWED_HOSTS": "127.0.0.1,localhost",
                "TRUSTED_PROXIES": "127.0.0.1",
                "PLAY_CODE_MISSES_ALLOWED": str(CODE_MISSES_ALLOWED),
                # The guessers of the tests keep no cookie: their address is what counts.
                "PLAY_CODE_MISSES_PER_ADDRESS": str(CODE_MISSES_ALLOWED),
                "PLAY_MOVES_PER_MINUTE": "10000",
                "PYTHONUNBUFFERED": "1",
                "JOBS_ROOT": str(self.dir / "jobs"),
                **self.settings,
            }
            env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
            self.servers.append(
                AppServer(name, f"http://127.0.0.1:{port}", free_port(), free_port(), env)
            )
        self.manage("migrate", "--noinput", "-v", "0")
        for server in self.servers:
            server.start_pages(self.dir)
            server.start_sockets(self.dir)
        user = "user root;" if os.geteuid() == 0 else ""
        servers = "".join(
            NGINX_SERVER.format(
                port=urlparse(s.url).port, pages=s.pages_port, sockets=s.sockets_port
            )
            for s in self.servers
        )
        config = self.dir / "nginx.conf"
        config.write_text(NGINX_CONF.format(user=user, dir=self.dir, servers=servers))
        self.nginx = _spawn(
            [NGINX, "-c", str(config), "-p", str(self.dir)],
            os.environ.copy(),
            self.dir / "nginx.log",
        )
        for server in self.servers:
            wait_for(f"{server.url}/healthz/")
            wait_for_socket_server(server.sockets_port)

    def restart_sockets(self, server: AppServer) -> None:
        server.stop_sockets()
        server.start_sockets(self.dir)
        wait_for_socket_server(server.sockets_port)

    def start_worker(self) -> subprocess.Popen:
        """A background-job worker (``manage.py db_worker``) as README deploys it."""
        worker = _spawn(
            [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.2",
             "--no-startup-delay", "--verbosity", "0"],
            self.servers[0].env,
            self.dir / f"worker-{len(self.workers)}.log",
        )  # fmt: skip
        self.workers.append(worker)
        return worker

    def stop(self) -> None:
        for worker in self.workers:
            _stop(worker)
        for server in self.servers:
            for process in server.processes.values():
                _stop(process)
        for process in (self.nginx, self.redis):
            if process is not None:
                _stop(process)
        self._drop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def logs(self) -> str:
        return "\n".join(
            f"== {log.name}\n{log.read_text(errors='replace')[-3000:]}"
            for log in sorted(self.dir.glob("*.log"))
        )


def wait_for_socket_server(port: int, seconds: float = 30) -> None:
    wait_for(f"http://127.0.0.1:{port}/healthz/", seconds)


def _database(folder: Path):
    """A database of the cluster's own, and how to drop it."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        name = f"spot_on_cluster_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        parts = urlparse(url)

        def drop() -> None:
            with psycopg.connect(url, autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        return urlunparse(parts._replace(path=f"/{name}")), drop
    return f"sqlite:///{folder / 'cluster.sqlite3'}", lambda: None


def missing_tools() -> list[str]:
    return [tool for tool in (NGINX, REDIS) if not Path(tool).exists()]


class Postgres:
    """A throw-away PostgreSQL server of a test's own (Debian's packages, as .ci/postgres.sh
    starts one: a temporary folder, a free port, trust on 127.0.0.1, run as the postgres user
    when the tests run as root), which a test may stop and start again."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        if self.bin is None:
            raise RuntimeError("no PostgreSQL in /usr/lib/postgresql")
        self.dir = Path(tempfile.mkdtemp(prefix="spot-on-pg-"))
        self.port = free_port()
        self.run_as: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            shutil.chown(self.dir, "postgres")
            self.run_as = ["runuser", "-u", "postgres", "--"]
        self.data = self.dir / "data"
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "spot_on")
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/spot_on"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self.run_as, str(self.bin / tool), *args],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=120,
        )

    def start(self) -> None:
        """Returns once the server accepts connections (pg_ctl -w)."""
        options = f"-h 127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off -c full_page_writes=off"
        log = str(self.dir / "server.log")
        self._run("pg_ctl", "-D", str(self.data), "-l", log, "-w", "-o", options, "start")

    def stop(self) -> None:
        """A fast shutdown: open transactions are rolled back, every session is ended."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


# Steps on the screens of a running cluster. A screen's polls (its fallback), to refuse them:
POLLS = re.compile(r".*/state/.*")


def log_in_as_teacher(page, server_url: str, next_url: str) -> None:
    """Log in as the teacher every cluster test creates, through the login form, and wait
    for ``next_url``."""
    page.goto(f"{server_url}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "teacher")
    page.fill("input[name=password]", "cluster-pw")
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url(f"**{next_url}")


def refuse_polls(page) -> None:
    """Refuse the page's polls: from now on it learns of changes by its socket or not at all."""
    page.wait_for_function("() => document.body.hasAttribute('ws-connect')")
    page.route(POLLS, lambda route: route.abort())


def stage_version(page) -> int:
    """The version of the stage the page shows."""
    return int(page.get_attribute("#stage", "data-version"))


def wait_for_newer_stage(page, above: int, timeout: float = 10_000) -> float:
    """Waits until the page shows a newer stage; the milliseconds it took (printed, not judged)."""
    return page.evaluate(
        """([above, timeout]) => new Promise((resolve, reject) => {
          const start = performance.now();
          (function check() {
            const stage = document.getElementById('stage');
            if (stage && parseInt(stage.dataset.version, 10) > above) {
              resolve(performance.now() - start);
            } else if (performance.now() - start > timeout) {
              reject(new Error('no new stage'));
            } else { requestAnimationFrame(check); }
          })();
        })""",
        [above, timeout],
    )
