"""A screen's socket opens only from this site's own pages: the handshake's Origin must match
the site's scheme, host and port (or ``CSRF_TRUSTED_ORIGINS``), not just its host name."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from config.socket_origin import allowed_origin
from play.core import store
from play.core.access import team_cookie_name
from play.models import Game
from tests.play.shells.sockets import application, run, seat_token

pytestmark = pytest.mark.django_db(transaction=True)


def scope(origin: str | None, host: str = "testserver", scheme: str = "ws", **extra) -> dict:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    headers += [(k.encode(), v.encode()) for k, v in extra.items()]
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@pytest.mark.parametrize(
    ("origin", "host", "socket_scheme", "allowed"),
    [
        ("http://testserver", "testserver", "ws", True),
        ("http://testserver:80", "testserver", "ws", True),
        ("http://localhost:8000", "localhost:8000", "ws", True),
        ("http://localhost:9999", "localhost:8000", "ws", False),  # another port
        ("http://localhost", "localhost:8000", "ws", False),
        ("https://testserver", "testserver", "ws", False),  # another scheme
        ("https://testserver", "testserver", "wss", True),
        ("http://testserver", "testserver", "wss", False),
        ("http://evil.example", "testserver", "ws", False),
        ("http://evil.example", "evil.example", "ws", False),  # not an allowed host
        ("null", "testserver", "ws", False),
        (None, "testserver", "ws", False),
        ("http://testserver:99999", "testserver", "ws", False),
    ],
)
def test_only_the_sites_own_origin_opens_a_socket(settings, origin, host, socket_scheme, allowed):
    settings.ALLOWED_HOSTS = ["testserver", "localhost"]
    settings.CSRF_TRUSTED_ORIGINS = []
    assert allowed_origin(scope(origin, host, socket_scheme)) is allowed


def test_behind_a_trusted_tls_proxy_the_forwarded_scheme_counts(settings):
    settings.ALLOWED_HOSTS = ["school.example"]
    settings.CSRF_TRUSTED_ORIGINS = []
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    tls = {"x-forwarded-proto": "https"}
    assert allowed_origin(scope("https://school.example", "school.example", **tls))
    assert not allowed_origin(scope("http://school.example", "school.example", **tls))
    assert not allowed_origin(scope("https://school.example:8443", "school.example", **tls))
    settings.SECURE_PROXY_SSL_HEADER = None  # an untrusted header is not read
    assert not allowed_origin(scope("https://school.example", "school.example", **tls))


def test_trusted_origins_are_read_as_for_forms(settings):
    settings.ALLOWED_HOSTS = ["app.example"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.school.example", "http://kiosk.example:8080"]
    assert allowed_origin(scope("https://a.school.example", "app.example"))
    assert not allowed_origin(scope("http://a.school.example", "app.example"))
    assert allowed_origin(scope("http://kiosk.example:8080", "app.example"))
    assert not allowed_origin(scope("http://kiosk.example:9999", "app.example"))


@pytest.fixture
def dice_game(teacher) -> Game:
    return store.create_game(user=teacher, edition="dice", seat_names=["Ada", "Bo"], language="en")


def test_a_socket_from_another_port_of_the_same_host_is_refused(dice_game):
    token = seat_token(dice_game, 0)
    cookie = f"{team_cookie_name(dice_game.code)}={token}".encode()

    async def scenario():
        other_port = WebsocketCommunicator(
            application(),
            f"/ws/play/{dice_game.code}/?v=0",
            headers=[
                (b"origin", b"http://testserver:9999"),
                (b"cookie", cookie),
                (b"host", b"testserver"),
            ],
        )
        assert not (await other_port.connect())[0]
        own = WebsocketCommunicator(
            application(),
            f"/ws/play/{dice_game.code}/?v=0",
            headers=[
                (b"origin", b"http://testserver"),
                (b"cookie", cookie),
                (b"host", b"testserver"),
            ],
        )
        assert (await own.connect())[0]
        await own.disconnect()

    run(scenario)
