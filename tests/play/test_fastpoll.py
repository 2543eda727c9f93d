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


def _get(path: str, query: str = "", method: str = "GET"):
    recorder = Recorder()
    body = UnchangedPollShortcut(recorder.app)(
        {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query},
        recorder.start_response,
    )
    return recorder, b"".join(body)


@pytest.fixture
def game(db, teacher, germany_deck):
    from play.services import create_game

    return create_game(
        user=teacher, edition="germany", deck=germany_deck, team_names=["A", "B"], mode="devices"
    )


@pytest.mark.parametrize("prefix", ["/play/", "/play/host/"])
def test_an_unchanged_poll_is_answered_without_django(game, prefix):
    recorder, body = _get(f"{prefix}{game.code}/state/", f"v={game.version}")
    assert recorder.status.startswith("204") and body == b""
    assert recorder.calls == 0
    recorder, _ = _get(f"{prefix}{game.code.lower()}/state/", f"v={game.version}")
    assert recorder.calls == 0


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
    recorder, body = _get(path.format(**values), query.format(**values), method)
    assert recorder.calls == 1 and body == b"django"
