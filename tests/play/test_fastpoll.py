from __future__ import annotations

import pytest

from play.fastpoll import UnchangedPollShortcut

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
    from play import games

    return games.create_game(
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
