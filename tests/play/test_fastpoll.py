from __future__ import annotations

import pytest

from play.core.fastpoll import UnchangedPollShortcut

pytestmark = pytest.mark.django_db


class Recorder:
    def __init__(self):
        self.status = None
        self.calls = 0

    def app(self, environ, start_response):
        self.calls += 1
        start_response("200 OK", [])
        return [b"django"]

    def start_response(self, status, headers):
        self.status = status


def _get(path: str, query: str = "", method: str = "GET", cookie: str = ""):
    recorder = Recorder()
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query}
    if cookie:
        environ["HTTP_COOKIE"] = cookie
    body = UnchangedPollShortcut(recorder.app)(environ, recorder.start_response)
    return recorder, b"".join(body)


@pytest.fixture
def game(db, teacher, germany_deck):
    from play.core import store

    return store.create_game(
        user=teacher, edition="germany", deck=germany_deck, seat_names=["A", "B"], mode="devices"
    )


def _cookie(game) -> str:
    return f"other=1; spoton_team_{game.code}={game.teams.first().token}"


def test_an_unchanged_poll_is_answered_without_django(game):
    recorder, body = _get(f"/play/{game.code}/state/", f"v={game.version}", cookie=_cookie(game))
    assert recorder.status.startswith("204") and body == b""
    assert recorder.calls == 0
    recorder, _ = _get(
        f"/play/{game.code.lower()}/state/", f"v={game.version}", cookie=_cookie(game)
    )
    assert recorder.calls == 0


def test_a_page_s_first_load_goes_to_django_without_asking_the_database(game, teacher):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from play.core.access import host_cookie_name, host_cookie_value

    projector = f"{host_cookie_name(game.code)}={host_cookie_value(game.code)}"
    for path, cookie in (
        (f"/play/{game.code}/state/", _cookie(game)),
        (f"/play/host/{game.code}/state/", projector),
    ):
        with CaptureQueriesContext(connection) as asked:
            recorder, body = _get(path, "v=0", cookie=cookie)
        assert recorder.calls == 1 and body == b"django"
        assert asked.captured_queries == []


def test_polls_without_a_team_token_go_to_django(game):
    # The shortcut answers only a device of the game: nothing tells a guesser a code exists.
    for cookie in ("", f"spoton_team_{game.code}=forged", 'spoton_team_X=y; broken=""'):
        recorder, _ = _get(f"/play/{game.code}/state/", f"v={game.version}", cookie=cookie)
        assert recorder.calls == 1
    recorder, _ = _get(f"/play/host/{game.code}/state/", f"v={game.version}", cookie=_cookie(game))
    assert recorder.calls == 1


@pytest.mark.parametrize(
    ("path", "query", "method"),
    [
        ("{prefix}{code}/state/", "v={stale}", "GET"),  # something changed: Django renders it
        ("{prefix}{code}/state/", "", "GET"),
        ("{prefix}{code}/state/", "v=abc", "GET"),
        ("{prefix}NOSUCH/state/", "v=1", "GET"),
        ("{prefix}{code}/state/", "v={version}", "POST"),
        ("{prefix}{code}/", "v={version}", "GET"),
    ],
)
def test_everything_else_goes_to_django(game, path, query, method):
    values = {"prefix": "/play/", "code": game.code, "version": game.version}
    values["stale"] = game.version - 1
    recorder, body = _get(path.format(**values), query.format(**values), method, _cookie(game))
    assert recorder.calls == 1 and body == b"django"


def test_the_projector_page_hands_its_teacher_a_cookie_for_unchanged_polls(game, teacher):
    from django.test import Client

    from play.core.access import host_cookie_name

    client = Client()
    client.force_login(teacher)
    page = client.get(f"/play/host/{game.code}/")
    cookie = page.cookies[host_cookie_name(game.code)]
    assert cookie["path"] == f"/play/host/{game.code}/" and cookie["httponly"]
    header = f"{host_cookie_name(game.code)}={cookie.value}"
    recorder, body = _get(f"/play/host/{game.code}/state/", f"v={game.version}", cookie=header)
    assert recorder.status.startswith("204") and recorder.calls == 0 and body == b""
    # Once the game changes, Django answers, behind the teacher's session as before.
    recorder, _ = _get(f"/play/host/{game.code}/state/", f"v={game.version - 1}", cookie=header)
    assert recorder.calls == 1


def test_a_projector_cookie_opens_only_its_own_game(game, teacher, germany_deck):
    from play.core import store
    from play.core.access import host_cookie_name, host_cookie_value

    other = store.create_game(
        user=teacher, edition="germany", deck=germany_deck, seat_names=["A", "B"], mode="devices"
    )
    borrowed = f"{host_cookie_name(other.code)}={host_cookie_value(game.code)}"
    forged = f"{host_cookie_name(game.code)}={'0' * 64}"
    for cookie in (borrowed, forged, ""):
        code = other.code if cookie is borrowed else game.code
        recorder, _ = _get(f"/play/host/{code}/state/", f"v={other.version}", cookie=cookie)
        assert recorder.calls == 1
