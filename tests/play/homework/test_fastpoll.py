"""A pupil's unchanged homework poll is answered before Django (``play/core/fastpoll.py``), with
exactly the view's answer: anything else (a change, a computer move due, the deadline passed, a
device without an attempt) still goes to the view."""

from __future__ import annotations

import datetime as dt
import time

import pytest
from django.test import Client
from django.utils import timezone

from play.core.fastpoll import UnchangedPollShortcut
from play.models import Assignment, Attempt, Game
from tests.play.homework.conftest import make_assignment


class Recorder:
    def __init__(self) -> None:
        self.status = ""
        self.calls = 0

    def app(self, environ, start_response):
        self.calls += 1
        start_response("200 OK", [])
        return [b"django"]

    def start_response(self, status, headers):
        self.status = status


def poll(code: str, version: int, cookie: str) -> Recorder:
    recorder = Recorder()
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": f"/play/homework/{code}/state/",
        "QUERY_STRING": f"v={version}",
        "HTTP_COOKIE": cookie,
    }
    UnchangedPollShortcut(recorder.app)(environ, recorder.start_response)
    return recorder


@pytest.fixture
def pupil(teacher, big_deck) -> tuple[str, Game, str]:
    """A pupil's attempt whose computer is not due for a long while: its code, game, cookie."""
    made = make_assignment(teacher, "germany", big_deck)
    phone = Client()
    phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    game = Attempt.objects.get().game
    Game.objects.filter(pk=game.pk).update(bot_due_at=time.time() + 3600)
    return made["code"], game, f"spoton_device={phone.cookies['spoton_device'].value}"


def test_an_unchanged_homework_poll_is_answered_without_django(pupil):
    code, game, cookie = pupil
    recorder = poll(code, game.version, cookie)
    assert recorder.status.startswith("204") and recorder.calls == 0
    assert poll(code.lower(), game.version, cookie).calls == 0


def test_a_change_or_another_device_goes_to_the_view(pupil):
    code, game, cookie = pupil
    assert poll(code, game.version - 1, cookie).calls == 1
    forged = cookie[:-3] + "xyz"
    for other in ("", forged, "spoton_device=", 'broken=""'):
        assert poll(code, game.version, other).calls == 1
    # A real device of another pupil, with no attempt at this homework.
    stranger = Client()
    stranger.get(f"/play/homework/{code}/")
    assert (
        poll(code, game.version, f"spoton_device={stranger.cookies['spoton_device'].value}").calls
        == 1
    )


def test_a_computer_move_due_or_the_deadline_goes_to_the_view(pupil):
    code, game, cookie = pupil
    Game.objects.filter(pk=game.pk).update(bot_due_at=time.time() - 0.01)
    assert poll(code, game.version, cookie).calls == 1  # the view makes the computer's move
    Game.objects.filter(pk=game.pk).update(bot_due_at=None)
    assert poll(code, game.version, cookie).calls == 0
    Assignment.objects.update(closes_at=timezone.now() - dt.timedelta(seconds=1))
    assert poll(code, game.version, cookie).calls == 1  # the view scores it as it stands
