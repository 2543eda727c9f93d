"""A shared service fails under a class at play: the two-server cluster (tests/browser/
cluster.py: nginx, gunicorn and uvicorn per server, Redis, PostgreSQL) with a projector and a
phone connected and a dice game's moves in flight through the API, while PostgreSQL restarts,
the job worker is killed in the middle of a print job, or a socket server is killed.

After each: every acknowledged move is in the game's log (exactly those: a move retried with
its key after a failed answer is made once), every page answers, and the screens show the
game as it stands. The database is a PostgreSQL server of this module's own (so that it can be
restarted), on both of CI's legs; without PostgreSQL's binaries only its restart is skipped.
"""

from __future__ import annotations

import os
import time
import uuid

import pytest

from tests.browser.cluster import (
    Cluster,
    Postgres,
    log_in_as_teacher,
    missing_tools,
    postgres_bin,
    refuse_polls,
    stage_version,
    wait_for_newer_stage,
)
from tests.browser.cluster import wait_for_socket_server as wait_for_sockets
from tests.browser.faults import Player, call, game_log, new_dice_game, page_status

# The cluster as README deploys it: kept database connections (DB_CONN_MAX_AGE=60). A job
# with no sign of life for 5 s is reported failed (120 s in production), and the worker draws
# its PNG faces in its own process, so that killing it leaves nothing running.
SETTINGS = {
    "DB_CONN_MAX_AGE": "60",
    "JOBS_STALE_SECONDS": "5",
    "PNG_PROCESSES": "1",
    "PLAY_GAMES_PER_HOUR": "1000",
}
COUNT_WS_OPENS = (
    "window.wsOpens = 0;"
    "document.addEventListener('htmx:wsOpen', function () { window.wsOpens += 1; });"
)


@pytest.fixture(scope="module")
def postgres():
    if postgres_bin() is None:
        yield None
        return
    server = Postgres()
    yield server
    server.remove()


@pytest.fixture(scope="module")
def cluster(postgres):
    missing = missing_tools()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{', '.join(missing)} missing; .ci/run installs redis-server and nginx")
        pytest.skip(f"{', '.join(missing)} missing (apt-get install redis-server nginx)")
    running = Cluster(postgres.url if postgres else "", SETTINGS)
    try:
        running.start()
    except Exception:
        print(running.logs())
        running.stop()
        raise
    running.token = running.shell(
        "from django.contrib.auth.models import User; "
        "from rest_framework.authtoken.models import Token; "
        "u = User.objects.create_superuser('teacher', password='cluster-pw'); "
        "print(Token.objects.create(user=u).key)"
    )
    yield running
    running.stop()


@pytest.fixture
def lesson(browser, cluster):
    """A dice game with its projector on server A and Ada's phone on server B, both pushed to,
    and its two seats' moves under way through both servers."""
    a, b = cluster.servers
    game = new_dice_game(a.url, cluster.token)
    projector = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    log_in_as_teacher(projector, a.url, f"/play/host/{game['code']}/")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(COUNT_WS_OPENS)
    phone = _join_in(context, b.url, game["code"])
    player = Player([a.url, b.url], game)
    player.start()
    player.wait_for_moves(3)
    yield game, projector, phone, player
    if player.is_alive():
        player.stop()
    for page in (projector, phone):
        page.context.close()


def _join_in(context, server_url: str, code: str):
    page = context.new_page()
    page.goto(f"{server_url}/play/{code}/")
    page.locator("form.pick-team button:has-text('Ada')").click()
    page.wait_for_selector("#stage")
    page.wait_for_function("() => window.wsOpens >= 1", timeout=20_000)
    return page


def _every_move_kept(cluster: Cluster, game: dict, player: Player) -> None:
    kept = game_log(cluster.servers[0].url, game["id"], cluster.token)
    assert len(player.acknowledged) >= 6
    assert kept == player.acknowledged  # every acknowledged move, once; nothing else


def _screens_current(cluster: Cluster, game: dict, *pages) -> None:
    status, body, _ = call(
        f"{cluster.servers[0].url}/api/games/{game['id']}/",
        headers={"Authorization": f"Token {cluster.token}"},
    )
    assert status == 200
    for page in pages:
        wait_for_newer_stage(page, body["version"] - 1, timeout=20_000)


def _every_page_answers(cluster: Cluster, game: dict) -> None:
    teacher = {"Authorization": f"Token {cluster.token}"}
    for server in cluster.servers:
        assert page_status(f"{server.url}/healthz/") == 200
        assert page_status(f"{server.url}/play/join/?code={game['code']}") == 200
        assert page_status(f"{server.url}/play/{game['code']}/") == 200
        assert page_status(f"{server.url}/api/games/{game['id']}/", teacher) == 200
        assert page_status(f"{server.url}/api/decks/", teacher) == 200


def _no_server_errors(player: Player, allowed: tuple[int, ...] = ()) -> None:
    errors = [a for a in player.answers if a.status >= 500 and a.status not in allowed]
    assert not errors, errors[:5]


def test_a_postgresql_restart_costs_a_few_seconds_of_503_and_no_move(cluster, postgres, lesson):
    if postgres is None:
        pytest.skip("PostgreSQL's binaries are missing (apt-get install postgresql)")
    game, projector, phone, player = lesson
    a, b = cluster.servers

    went = time.monotonic()
    postgres.stop()  # a fast shutdown: every session ends, open transactions roll back
    player.wait_for_answers(went, 503, 2)
    # Meanwhile every page says "try again" with 503 (never the 500 page), and the load
    # balancer's health check takes the servers out.
    for server in (a, b):
        for path in ("/healthz/", f"/play/join/?code={game['code']}", f"/play/{game['code']}/"):
            status, text, fields = call(f"{server.url}{path}")
            assert status == 503, (path, status, text)
        status, text, fields = call(f"{server.url}/play/{game['code']}/")
        assert fields.get("Retry-After") == "5"
    made = len(player.acknowledged)

    postgres.start()
    back = time.monotonic()
    player.wait_for_moves(made + 6)
    _every_page_answers(cluster, game)
    player.stop()

    during = [x for x in player.answers if went <= x.sent < back]
    after = [x for x in player.answers if x.sent >= back]
    print(
        f"while PostgreSQL was down ({back - went:.1f} s): {len(during)} answers, "
        f"{sum(x.status == 503 for x in during)} of them 503; after: {len(after)}"
    )
    assert {x.status for x in during} <= {201, 200, 400, 409, 503}
    assert all(x.retry_after == "5" for x in during if x.status == 503)
    # Kept connections broken by the restart are noticed before use: nothing fails after it.
    assert all(0 < x.status < 500 for x in after), [x for x in after if x.status >= 500][:5]
    _no_server_errors(player, allowed=(503,))
    _every_move_kept(cluster, game, player)
    _screens_current(cluster, game, projector, phone)
    assert projector.goto(projector.url).status == 200


def test_a_killed_socket_server_leaves_its_screens_polling_until_it_is_back(cluster, lesson):
    game, projector, phone, player = lesson
    _a, b = cluster.servers

    b.kill_sockets()  # the phone's socket server (its proxy answers 502 for /ws/ now)
    for _ in range(2):  # the phone keeps seeing moves, by its polls
        seen = stage_version(phone)
        player.wait_for_moves(len(player.acknowledged) + 2)
        wait_for_newer_stage(phone, max(seen, player.versions[-1] - 1), timeout=20_000)

    b.start_sockets(cluster.dir)
    wait_for_sockets(b.sockets_port)
    phone.wait_for_function("() => window.wsOpens >= 2", timeout=30_000)  # it reconnected
    refuse_polls(phone)  # from now on, only its socket tells it of a move
    seen = stage_version(phone)
    player.wait_for_moves(len(player.acknowledged) + 2)
    wait_for_newer_stage(phone, seen)
    player.stop()

    _no_server_errors(player)
    _every_move_kept(cluster, game, player)
    _screens_current(cluster, game, projector, phone)
    _every_page_answers(cluster, game)


def _wait_until_drawing(cluster, job_id: uuid.UUID, seconds: float = 60) -> None:
    """Until the job runs and has drawn some faces (its row says so)."""
    read = f"SELECT status, done FROM jobs_job WHERE id = '{job_id.hex}'"
    seen: list[tuple] = []
    for _look in range(int(seconds / 0.05)):
        seen = cluster.query(read)
        if seen and seen[0][0] == "running" and seen[0][1] > 0:
            return
        if seen and seen[0][0] not in ("queued", "running"):
            break  # ended before it was seen drawing
        time.sleep(0.05)
    raise AssertionError((str(job_id), seen, cluster.logs()))


def test_a_killed_job_worker_fails_its_job_and_a_new_worker_runs_the_next(browser, cluster, lesson):
    game, projector, phone, player = lesson
    a, _b = cluster.servers
    worker = cluster.start_worker()
    page = browser.new_context().new_page()
    log_in_as_teacher(page, a.url, "/print/kits/numbers/?dpi=300")
    page.click("button.start-zip-job")
    job = page.locator("section.job")
    page.wait_for_url(lambda url: "/jobs/" in url)
    # Killed once it has drawn some of the faces. Watched in the database, where the worker
    # saves its progress every half second: the job's page asks once a second, and a job
    # drawn in a few seconds could pass from its first faces to done between two of its polls.
    _wait_until_drawing(cluster, uuid.UUID(page.url.rstrip("/").rsplit("/", 1)[-1]))
    worker.kill()
    worker.wait(10)
    job_url = page.url

    # With no sign of life for JOBS_STALE_SECONDS, the page (which polls) shows it failed.
    page.wait_for_selector("section.job[data-status=failed]", timeout=60_000)
    assert "stopped" in job.locator(".job-status").inner_text().lower()

    # A new worker: the same request started again is a new job, and it is made.
    cluster.start_worker()
    page.goto(f"{a.url}/print/kits/numbers/?dpi=300")
    page.click("button.start-zip-job")
    page.wait_for_url(lambda url: url != job_url and "/jobs/" in url)
    page.wait_for_selector("section.job[data-status=done]", timeout=240_000)
    assert page.locator("a.job-download").count() == 1
    page.context.close()
    player.stop()

    _no_server_errors(player)
    _every_move_kept(cluster, game, player)
    _screens_current(cluster, game, projector, phone)
    _every_page_answers(cluster, game)
