"""A whole school is one address (issue 36, Major 1): wrong join codes and wrong passwords are
counted per device (its signed cookie) and per address, with the address's limit sized for a
school; a teacher's own games and a browser that has logged in before are never held by it."""

from __future__ import annotations

import time

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SCHOOL = "192.0.2.7"
MISSING = "QQQQQQ"


@pytest.fixture
def limits(settings):
    settings.PLAY_CODE_MISSES_ALLOWED = 3  # per device
    settings.PLAY_CODE_MISSES_PER_ADDRESS = 10
    settings.PLAY_CODE_MISSES_PER_ADDRESS_DAY = 15
    return settings


def _device() -> Client:
    return Client(REMOTE_ADDR=SCHOOL)


def _miss(client: Client) -> int:
    return client.post("/play/join/", {"code": MISSING}).status_code


def _join(client: Client, code: str) -> int:
    return client.post("/play/join/", {"code": code}).status_code


def test_a_burst_of_wrong_codes_does_not_block_the_teacher_s_own_projector(limits, teacher, game2):
    assert [_miss(_device()) for _ in range(12)] == [200] * 10 + [429] * 2
    assert _join(_device(), game2.code) == 429  # the address is blocked now
    projector = _device()
    projector.force_login(teacher)
    page = projector.get(f"/play/host/{game2.code}/")
    assert page.status_code == 200 and 'id="stage"' in page.content.decode()
    assert projector.get(f"/play/host/{game2.code}/state/?v=0").status_code == 200
    assert projector.post(f"/play/host/{game2.code}/move/", {"move": "lay_out"}).status_code == 302
    # Only the teacher's own games: another code is still refused.
    assert projector.get(f"/play/host/{MISSING}/").status_code == 429


def test_one_device_s_guessing_blocks_that_device_and_not_its_neighbours(limits, game2):
    guesser = _device()
    assert [_miss(guesser) for _ in range(3)] == [200] * 3
    refused = guesser.post("/play/join/", {"code": game2.code})
    assert refused.status_code == 429 and "von diesem Gerät" in refused.content.decode()
    assert guesser.get(f"/play/{game2.code}/").status_code == 429
    neighbour = _device()
    assert _join(neighbour, game2.code) == 302
    # Seven more misses from other devices make ten from the address: then it is blocked.
    assert [_miss(_device()) for _ in range(7)] == [200] * 7
    refused = _device().post("/play/join/", {"code": game2.code})
    assert refused.status_code == 429 and "aus diesem Netz" in refused.content.decode()


def test_the_address_limit_stops_a_guesser_that_drops_its_cookie(limits, game2):
    answers = [_miss(_device()) for _ in range(11)]  # a new client each time: no cookie kept
    assert answers == [200] * 10 + [429]
    assert _join(_device(), game2.code) == 429


def test_right_codes_never_count(limits, game2):
    pupil = _device()
    assert {_join(pupil, game2.code) for _ in range(20)} == {302}
    assert [_miss(pupil) for _ in range(3)] == [200] * 3


class _Clock:
    """``time.time`` for the cache's expiry, moved on by the test (no waiting)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def time(self) -> float:
        return time.time() + self.offset


def test_an_address_has_a_day_s_budget_as_well(limits, monkeypatch, game2):
    clock = _Clock()
    monkeypatch.setattr("django.core.cache.backends.locmem.time", clock)
    monkeypatch.setattr("django.core.cache.backends.base.time", clock)
    assert [_miss(_device()) for _ in range(10)] == [200] * 10
    assert _join(_device(), game2.code) == 429
    clock.offset = limits.PLAY_CODE_MISS_WINDOW + 1  # the next window
    assert _join(_device(), game2.code) == 302
    assert [_miss(_device()) for _ in range(6)] == [200] * 5 + [429]


def _log_in(client: Client, username: str, password: str) -> bool:
    data = {"username": username, "password": password}
    response = client.post("/accounts/login/", data, HTTP_ACCEPT_LANGUAGE="en")
    if response.status_code == 302:
        return True
    assert "Too many failed log-ins" in response.content.decode() or "correct" in (
        response.content.decode()
    )
    return False


def test_wrong_passwords_at_the_school_do_not_lock_a_colleague_out(teacher, editor):
    # A guesser on one account (the account locks after five) and nine colleagues mistyping
    # five times each: fifty failures from the school's one address.
    for _ in range(5):
        assert not _log_in(_device(), "thomas", "wrong")
    for number in range(9):
        for _ in range(5):
            assert not _log_in(_device(), f"colleague{number}", "wrong")
    assert not _log_in(_device(), "thomas", "pw-thomas")  # that account is locked
    assert _log_in(_device(), "erika", "pw-erika")  # the colleague is not


def test_a_browser_that_logged_in_before_is_not_held_by_the_address_limit(
    settings, teacher, editor
):
    settings.LOGIN_ADDRESS_FAILURES = 10
    staff_room = _device()
    assert _log_in(staff_room, "erika", "pw-erika")
    staff_room.post("/accounts/logout/")
    for number in range(10):
        assert not _log_in(_device(), f"nobody{number}", "wrong")
    assert not _log_in(_device(), "thomas", "pw-thomas")  # a new browser: the address is held
    assert _log_in(staff_room, "thomas", "pw-thomas")  # a browser that logged in before
