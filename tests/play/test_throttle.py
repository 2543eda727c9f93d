"""One throttle for every code look-up, keyed by the client as the deployment defines it (issue
"Reliability and security", Major 1–3)."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory

from config.client import client_address

pytestmark = pytest.mark.django_db

MISSING = "QQQQQQ"


def _device(address: str = "192.0.2.7", **extra) -> Client:
    return Client(REMOTE_ADDR=address, **extra)


ROUTES = [
    ("get", f"/play/{MISSING}/"),
    ("post", f"/play/{MISSING}/join/"),
    ("post", f"/play/{MISSING}/move/"),
    ("get", f"/play/{MISSING}/world/card/c1.svg"),
    ("get", f"/play/{MISSING}/state/?v=1"),  # with a stale team cookie
]


@pytest.mark.parametrize(("method", "url"), ROUTES)
def test_every_route_that_takes_a_code_counts_misses_and_honours_the_block(
    settings, game2, method, url
):
    settings.PLAY_CODE_MISSES_ALLOWED = 3
    device = _device()
    device.cookies[f"spoton_team_{MISSING}"] = "stale-token"
    for _ in range(3):
        assert getattr(device, method)(url).status_code in (204, 302, 404)
    # Blocked now: joining, and this very route for a real code.
    assert device.post("/play/join/", {"code": game2.code}).status_code == 429
    real = url.replace(MISSING, game2.code)
    device.cookies[f"spoton_team_{game2.code}"] = "stale-token"  # a poll without one asks nothing
    assert getattr(device, method)(real).status_code == 429
    # Another client is not blocked.
    assert _device("192.0.2.8").post("/play/join/", {"code": game2.code}).status_code == 302


def test_the_teacher_s_routes_count_misses_too(settings, teacher, game2, game3):
    settings.PLAY_CODE_MISSES_ALLOWED = 3
    host = _device()
    host.force_login(teacher)
    for url in ("/play/host/QQQQQQ/", "/play/host/QQQQQQ/state/", "/play/host/QQQQQQ/end/"):
        method = host.post if url.endswith("end/") else host.get
        assert method(url).status_code == 404
    assert host.get("/play/host/RRRRRR/").status_code == 429
    # Never the teacher's own games, though.
    assert host.get(f"/play/host/{game2.code}/").status_code == 200
    assert host.get(f"/play/host/{game3.code}/state/?v=0").status_code == 200


def test_a_joined_device_comes_back_while_its_network_is_blocked(settings, game2):
    settings.PLAY_CODE_MISSES_ALLOWED = 2
    device = _device()
    team = game2.teams.get(index=0)
    assert device.post(f"/play/{game2.code}/join/", {"team": team.pk}).status_code == 302
    for _ in range(2):
        device.post("/play/join/", {"code": MISSING})
    assert device.post("/play/join/", {"code": game2.code}).status_code == 429
    assert device.get(f"/play/{game2.code}/").status_code == 200


def test_the_team_cookie_is_secure_when_cookies_are(settings, game2):
    settings.SESSION_COOKIE_SECURE = True
    device = _device()
    response = device.post(f"/play/{game2.code}/join/", {"team": game2.teams.first().pk})
    assert response.cookies[f"spoton_team_{game2.code}"]["secure"]


def _request(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_x_forwarded_for_is_read_only_from_trusted_proxies(settings):
    settings.TRUSTED_PROXIES = []
    assert client_address(_request("10.0.0.1", "198.51.100.4")) == "10.0.0.1"
    settings.TRUSTED_PROXIES = ["10.0.0.0/24", "::1"]
    assert client_address(_request("10.0.0.1", "198.51.100.4")) == "198.51.100.4"
    # The client's own forged entry before the real one is not believed.
    assert client_address(_request("10.0.0.1", "1.2.3.4, 198.51.100.4")) == "198.51.100.4"
    # Through two trusted proxies.
    assert client_address(_request("::1", "198.51.100.4, 10.0.0.9")) == "198.51.100.4"
    # A client that is not a proxy cannot choose its address.
    assert client_address(_request("198.51.100.9", "1.2.3.4")) == "198.51.100.9"
    assert client_address(_request("10.0.0.1", "not an address")) == "10.0.0.1"


def test_ipv6_clients_are_counted_by_their_64():
    one = client_address(_request("2001:db8:1:2::1"))
    other = client_address(_request("2001:db8:1:2:ffff:1:2:3"))
    assert one == other == "2001:db8:1:2::/64"
    assert client_address(_request("2001:db8:1:3::1")) != one
    assert client_address(_request("::ffff:192.0.2.1")) == "192.0.2.1"


def test_pupils_behind_the_school_s_proxy_are_counted_apart(settings, game2):
    settings.PLAY_CODE_MISSES_ALLOWED = 3
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    guesser = _device("10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.1")
    for _ in range(4):
        guesser.post("/play/join/", {"code": MISSING})
    assert guesser.post("/play/join/", {"code": game2.code}).status_code == 429
    pupil = _device("10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert pupil.post("/play/join/", {"code": game2.code}).status_code == 302


def test_ipv6_addresses_of_one_64_share_one_budget(settings, game2):
    settings.PLAY_CODE_MISSES_PER_ADDRESS = 3
    for host in range(4):
        _device(f"2001:db8:0:1::{host + 1}").post("/play/join/", {"code": MISSING})
    response = _device("2001:db8:0:1::99").post("/play/join/", {"code": game2.code})
    assert response.status_code == 429


def _login(client, username: str, password: str) -> str:
    data = {"username": username, "password": password, "next": "/"}
    return client.post("/accounts/login/", data, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_log_in_lock_holds_for_every_spelling_of_a_name(teacher):
    client = _device()
    for _ in range(5):
        _login(client, "thomas", "wrong")
    for spelling in ("ｔｈｏｍａｓ", "THOMAS", " Thomas "):
        assert "Too many failed log-ins" in _login(client, spelling, "pw-thomas")
        assert "_auth_user_id" not in client.session


def test_the_log_in_lock_counts_every_spelling_together(teacher):
    client = _device()
    for spelling in ("ｔｈｏｍａｓ", "THOMAS", "Thomas", "thomaS", "ｔhomas"):
        _login(client, spelling, "wrong")
    assert "Too many failed log-ins" in _login(client, "thomas", "pw-thomas")


def test_log_ins_behind_the_proxy_are_counted_per_pupil(settings, teacher, editor):
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    settings.LOGIN_MAX_FAILURES = 1
    settings.LOGIN_ADDRESS_FAILURES = 10
    guesser = _device("10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.1")
    for number in range(12):
        _login(guesser, f"nobody{number}", "wrong")
    assert "Too many failed log-ins" in _login(guesser, "erika", "pw-erika")
    other = _device("10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.2")
    response = other.post("/accounts/login/", {"username": "erika", "password": "pw-erika"})
    assert response.status_code == 302
