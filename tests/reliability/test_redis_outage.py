"""A Redis outage costs a lesson nothing but speed: with the production settings pointed at a
real Redis (started here on a free port) and that Redis stopped, moves, the projector, joining
and log-ins answer as usual, ``/healthz/`` says "degraded", and once Redis is back the counters
count again (issue 36, Major 2)."""

from __future__ import annotations

import logging
import signal
import subprocess
import time
from pathlib import Path

import pytest
import redis
from django.test import Client

from config.settings import redis_caches
from play.core import push, store
from play.core.access import team_cookie_name
from play.models import Game
from tests.browser.cluster import REDIS, free_port

pytestmark = [pytest.mark.servers, pytest.mark.django_db(transaction=True)]


class RedisServer:
    """A throwaway redis-server on one port, stopped and started again on the same port."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        # Saved on the way down and read on the way up, as Debian's redis-server does.
        command = [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "3600 1"]
        command += ["--appendonly", "no", "--dir", str(self.folder)]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.5)
        for _ in range(200):  # up within a second or two; the test fails if never
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@pytest.fixture
def redis_server(settings, tmp_path):
    if not Path(REDIS).exists():
        pytest.skip("redis-server missing (apt-get install redis-server)")
    server = RedisServer(tmp_path)
    server.start()
    # As production configures it from REDIS_URL (config/settings.py), without a wait before
    # trying Redis again, so that the test need not wait for the next try.
    settings.REDIS_URL = server.url
    settings.CACHES = redis_caches(server.url)
    settings.REDIS_RETRY_SECONDS = 0
    settings.PLAY_PUSH = True  # the announcements go to Redis too
    push.reset_broker()
    yield server
    server.stop()
    push.reset_broker()


@pytest.fixture
def dice_game(teacher) -> Game:
    return store.create_game(
        user=teacher, edition="dice", seat_names=["Ada", "Bo"], language="en", mode="devices"
    )


def _moves(game: Game) -> int:
    return Game.objects.get(pk=game.pk).moves.count()


def test_a_lesson_goes_on_while_redis_is_down(redis_server, teacher, dice_game, settings, caplog):
    code = dice_game.code
    projector = Client()
    projector.force_login(teacher)
    assert projector.get(f"/play/host/{code}/").status_code == 200
    phone = Client()
    ada = dice_game.teams.get(index=0)
    assert phone.post(f"/play/{code}/join/", {"team": ada.pk}).status_code == 302
    token = phone.cookies[team_cookie_name(code)].value

    redis_server.stop()
    caplog.set_level(logging.WARNING, logger="config.shared_cache")

    # The phone's move by its form, then by the API; both kept.
    placed = phone.post(f"/play/{code}/move/", {"move": "place", "edge": "left", "index": "0"})
    assert placed.status_code == 302
    rolled = phone.post(
        f"/api/games/{dice_game.pk}/moves/",
        {"move": "roll", "args": {}},
        content_type="application/json",
        HTTP_X_TEAM_TOKEN=token,
        HTTP_IDEMPOTENCY_KEY="roll-1",
    )
    assert rolled.status_code == 201
    assert _moves(dice_game) == 2
    # The projector and its poll, the teacher's session read from the database.
    assert projector.get(f"/play/host/{code}/").status_code == 200
    assert projector.get(f"/play/host/{code}/state/?v=0").status_code == 200
    # Joining: a right code and a wrong one.
    pupil = Client()
    assert pupil.post("/play/join/", {"code": code}).status_code == 302
    assert pupil.post("/play/join/", {"code": "ZZZZZZ"}).status_code == 200
    # A log-in, and a wrong password.
    colleague = Client()
    wrong = colleague.post("/accounts/login/", {"username": "thomas", "password": "wrong"})
    assert wrong.status_code == 200
    right = colleague.post("/accounts/login/", {"username": "thomas", "password": "pw-thomas"})
    assert right.status_code == 302
    health = Client().get("/healthz/")
    assert health.status_code == 200
    assert health.json()["status"] == "degraded"
    assert health.json()["redis"] == "down" and health.json()["database"] == "ok"
    assert health.json()["redis_failures"] >= 10  # every counter, copy and announcement
    assert [r.getMessage()[:17] for r in caplog.records] == ["Redis unreachable"]  # once

    redis_server.start()

    health = Client().get("/healthz/")
    assert (health.status_code, health.json()["status"]) == (200, "ok")
    assert caplog.records[-1].getMessage().startswith("Redis answers again")
    # The counters count again: a device's wrong codes block it once more.
    settings.PLAY_CODE_MISSES_ALLOWED = 2
    guesser = Client()
    for _ in range(2):
        assert guesser.post("/play/join/", {"code": "ZZZZZZ"}).status_code == 200
    assert guesser.post("/play/join/", {"code": code}).status_code == 429
    assert phone.post(f"/play/{code}/move/", {"move": "stop"}).status_code in (302, 400, 409)


def test_a_log_out_while_redis_is_away_stays_a_log_out(redis_server, teacher, dice_game, settings):
    """Sessions live in the database: a log-out made while Redis was down is not undone when
    Redis comes back with the data it saved on the way down."""
    projector = Client()
    projector.force_login(teacher)
    url = f"/play/host/{dice_game.code}/"
    assert projector.get(url).status_code == 200
    session = projector.cookies[settings.SESSION_COOKIE_NAME].value
    redis_server.stop()
    assert projector.post("/accounts/logout/").status_code == 302
    redis_server.start()
    # The session's key, as the projector's other tab (or anyone who copied it) still sends it.
    projector.cookies[settings.SESSION_COOKIE_NAME] = session
    assert projector.get(url).status_code == 302  # to the log-in page


def test_a_redis_that_answers_nothing_holds_no_request_for_long(
    redis_server, teacher, dice_game, settings
):
    """A Redis that accepts connections but never answers (a stopped process, a network
    split): each call gives up after REDIS_TIMEOUT_SECONDS, and then the process leaves Redis
    alone for REDIS_RETRY_SECONDS instead of waiting on it in every call."""
    settings.REDIS_RETRY_SECONDS = 3600  # no second try within this test
    phone = Client()
    ada = dice_game.teams.get(index=0)
    assert phone.post(f"/play/{dice_game.code}/join/", {"team": ada.pk}).status_code == 302
    redis_server.process.send_signal(signal.SIGSTOP)
    try:
        took = []
        for move in ({"move": "place", "edge": "left", "index": "0"}, {"move": "roll"}):
            started = time.monotonic()
            assert phone.post(f"/play/{dice_game.code}/move/", move).status_code == 302
            took.append(time.monotonic() - started)
        print("moves with a silent Redis took", ", ".join(f"{t:.2f} s" for t in took))
        assert _moves(dice_game) == 2
        assert Client().get("/healthz/").json()["redis"] == "down"
    finally:
        redis_server.process.send_signal(signal.SIGCONT)
        settings.REDIS_RETRY_SECONDS = 0
        Client().get("/healthz/")  # Redis seen again: the next test starts with it up


def test_a_socket_servers_contexts_share_one_redis_connection_pool(redis_server):
    """Django makes a cache object per thread and per async context; a socket server runs
    each socket in a context of its own. They share this process's pool: a hundred contexts
    asking one after another open one connection, not a hundred."""
    import asyncio

    from django.core.cache import caches

    from config.shared_cache import FailSoftRedisCache
    from tests.play.shells.sockets import run

    def opened() -> int:
        info = redis.Redis.from_url(redis_server.url).info("stats")
        return info["total_connections_received"]

    made = []

    async def a_socket(index: int) -> None:
        cache = caches["default"]  # this context's own cache object
        await asyncio.to_thread(cache.set, f"socket-{index}", index)
        made.append(cache)

    async def sockets() -> None:
        for index in range(100):
            await asyncio.create_task(a_socket(index))

    before = opened()
    run(sockets)
    assert all(isinstance(cache, FailSoftRedisCache) for cache in made)
    assert len({id(cache) for cache in made}) > 1  # Django's per-context objects
    assert caches["default"].get("socket-99") == 99
    assert opened() - before <= 3  # the counting client's own, and at most the pool's two
