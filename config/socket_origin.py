"""The screens' WebSockets are opened only by this site's own pages: the handshake's Origin
must name the very site the socket is opened on — scheme, host and port — as Django's CSRF
check asks of a form post, or be listed in ``CSRF_TRUSTED_ORIGINS``.

Channels' ``AllowedHostsOriginValidator`` compares the Origin's host name with ALLOWED_HOSTS
only, so a page from another port of the same host (another app on ``localhost:9999``, a
pupil's own server in a school network) could open a screen's socket with its cookies.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_tuple(url: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an origin such as ``https://example.org:8443``, with the
    scheme's default port filled in; None for anything else."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def _header(scope: dict, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def site_scheme(scope: dict) -> str:
    """The scheme the browser used: behind a TLS proxy that Django is told to trust
    (``SECURE_PROXY_SSL_HEADER``), the proxy's ``X-Forwarded-Proto``; else the socket's own."""
    trusted = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if trusted:
        header, secure_value = trusted
        name = header.removeprefix("HTTP_").replace("_", "-").lower().encode()
        forwarded = _header(scope, name)
        if forwarded is not None:
            return "https" if forwarded.split(",")[0].strip() == secure_value else "http"
    return "https" if scope.get("scheme") in ("wss", "https") else "http"


def allowed_origin(scope: dict) -> bool:
    origin = origin_tuple(_header(scope, b"origin") or "")
    if origin is None:
        return False
    host = _header(scope, b"host")
    site = origin_tuple(f"{site_scheme(scope)}://{host}") if host else None
    if origin == site and _allowed_host(origin[1]):
        return True
    return any(_trusted(origin, pattern) for pattern in settings.CSRF_TRUSTED_ORIGINS)


def _allowed_host(host: str) -> bool:
    hosts = settings.ALLOWED_HOSTS
    if settings.DEBUG and not hosts:
        hosts = ["localhost", "127.0.0.1", "[::1]", "::1"]
    return any(pattern == "*" or is_same_domain(host, pattern) for pattern in hosts)


def _trusted(origin: tuple[str, str, int], pattern: str) -> bool:
    """As Django reads ``CSRF_TRUSTED_ORIGINS``: ``https://example.org``, or
    ``https://*.example.org`` for its subdomains; the port as written or the default."""
    wildcard = "://*." in pattern
    trusted = origin_tuple(pattern.replace("://*.", "://", 1))
    if trusted is None or trusted[0] != origin[0] or trusted[2] != origin[2]:
        return False
    if wildcard:
        return origin[1].endswith("." + trusted[1])
    return origin[1] == trusted[1]


class SameOriginWebSockets:
    """ASGI middleware: a WebSocket handshake from another origin is refused (403)."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not allowed_origin(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
