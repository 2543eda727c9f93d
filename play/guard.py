"""Abuse limits for the parts of play that need no account: join codes, team ids, polls.

A join code is short enough to read off a projector, so guessing must be slow: every look-up of
a code that does not exist counts against the client's address, and past the limit every code
look-up from that address is refused for a while. The counters live in Django's cache, which all
app processes share (the file cache by default; a shared cache in a larger deployment).
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

MAX_DATABASE_ID = 2**63 - 1


def parse_id(value: object) -> int | None:
    """A database id from a form or URL, or None: never a number the database cannot hold."""
    text = str(value or "").strip()
    if not text.isdigit() or len(text) > 19:
        return None
    number = int(text)
    return number if 0 < number <= MAX_DATABASE_ID else None


def client_address(request: HttpRequest) -> str:
    # Behind a proxy, the proxy sets REMOTE_ADDR from X-Forwarded-For (see README, Deploying).
    return request.META.get("REMOTE_ADDR", "unknown")


def _key(request: HttpRequest) -> str:
    return f"play:code-misses:{client_address(request)}"


def code_lookups_blocked(request: HttpRequest) -> bool:
    return cache.get(_key(request), 0) >= settings.PLAY_CODE_MISSES_ALLOWED


def count_code_miss(request: HttpRequest) -> None:
    key = _key(request)
    window = settings.PLAY_CODE_MISS_WINDOW
    if cache.add(key, 1, window):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired in between
        cache.set(key, 1, window)
