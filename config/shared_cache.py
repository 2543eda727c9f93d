"""The shared cache on Redis, and what the app does while Redis is away.

Redis holds nothing a lesson needs to go on: games, moves and sessions are in the database;
Redis holds counters (wrong join codes, wrong passwords, moves a minute), copies (QR codes,
printed decks, a move's first answer) and the announcements that push changes to the screens.
So while Redis is down the cache behaves as an empty cache that keeps nothing: a read misses,
a write is dropped, a counter starts again at one (the limits fail open), an announcement is
lost (the screens' safety poll and version look-ups catch up). Nothing raises.

Every failure is counted (``redis_failures`` on ``/healthz/``) and logged once per outage, not
once per request. After a failure this process leaves Redis alone for ``REDIS_RETRY_SECONDS``
(5): a Redis that does not answer at all (a network split, a stopped process) would otherwise
cost every request ``REDIS_TIMEOUT_SECONDS`` for each cache call it makes.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import redis
from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from django.utils.functional import cached_property

log = logging.getLogger(__name__)

T = TypeVar("T")


class Outage:
    """This process's view of Redis, shared by the cache of every thread and the push broker."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.failures = 0  # calls that could not reach Redis since the process started
        self.down_since: float | None = None
        self._retry_at = 0.0

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def available(self) -> bool:
        """Whether to try Redis now (not within ``REDIS_RETRY_SECONDS`` of a failure)."""
        if self.down_since is None or time.monotonic() >= self._retry_at:
            return True
        with self._lock:
            self.failures += 1
        return False

    def failed(self, error: Exception) -> None:
        now = time.monotonic()
        with self._lock:
            self.failures += 1
            first = self.down_since is None
            if first:
                self.down_since = now
            self._retry_at = now + settings.REDIS_RETRY_SECONDS
        if first:
            log.warning("Redis unreachable (%s): counters fail open, pushes are lost", error)

    def succeeded(self) -> None:
        if self.down_since is None:
            return
        with self._lock:
            since, self.down_since = self.down_since, None
        if since is not None:
            log.warning("Redis answers again after %.0f s", time.monotonic() - since)

    def attempt(self, call: Callable[[], T], fallback: Callable[[], T]) -> T:
        """``call()``, or ``fallback()`` when Redis cannot be reached (or was not, just now)."""
        if not self.available():
            return fallback()
        try:
            result = call()
        except redis.RedisError as error:
            self.failed(error)
            return fallback()
        self.succeeded()
        return result


OUTAGE = Outage()


def _missing_key() -> int:
    raise ValueError("Redis is unreachable: the counter starts again")


# Django makes a cache object per thread and per async context, and each made its own
# connection pool: a socket server, where every socket's handshake and drawing runs in a context
# of its own, opened a Redis connection for each socket that asked the cache (300 projectors
# reconnecting after a restart: 300 connections, 7 % of the socket server's CPU). One client,
# and so one pool, per process and configuration; redis-py's pool is thread-safe and opens a
# connection per thread asking at once, as many as the process has threads.
_clients: dict[tuple, Any] = {}
_clients_lock = threading.Lock()


class FailSoftRedisCache(RedisCache):
    """Django's Redis cache that answers like an empty cache while Redis cannot be reached."""

    @cached_property
    def _cache(self):
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _clients_lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = self._class(self._servers, **self._options)
        return client

    def _try(self, name: str, fallback: Callable[[], Any], *args: Any, **kwargs: Any) -> Any:
        method = getattr(super(), name)
        return OUTAGE.attempt(lambda: method(*args, **kwargs), fallback)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        return self._try("add", bool, key, value, timeout, version)

    def get(self, key, default=None, version=None) -> Any:
        return self._try("get", lambda: default, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        self._try("set", _nothing, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        return self._try("touch", bool, key, timeout, version)

    def delete(self, key, version=None) -> bool:
        return self._try("delete", bool, key, version)

    def get_many(self, keys, version=None) -> dict:
        return self._try("get_many", dict, keys, version)

    def has_key(self, key, version=None) -> bool:
        return self._try("has_key", bool, key, version)

    def incr(self, key, delta=1, version=None) -> int:
        # As an empty cache answers: the key is missing (the caller starts the count again).
        return self._try("incr", _missing_key, key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None) -> list:
        return self._try("set_many", lambda: list(data), data, timeout, version)

    def delete_many(self, keys, version=None) -> None:
        self._try("delete_many", _nothing, keys, version)

    def clear(self) -> bool:
        return self._try("clear", bool)


def _nothing() -> None:
    return None


_pinger: redis.Redis | None = None
_pinger_url = ""


def redis_status() -> dict[str, Any]:
    """For ``/healthz/``: whether Redis answers a PING now, and this process's failures so far.
    An answer ends this process's wait before trying Redis again."""
    global _pinger, _pinger_url
    url = settings.REDIS_URL
    if not url:
        return {}
    if _pinger is None or _pinger_url != url:
        timeout = settings.REDIS_TIMEOUT_SECONDS
        _pinger = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        _pinger_url = url
    try:
        _pinger.ping()
    except redis.RedisError as error:
        OUTAGE.failed(error)
        up = False
    else:
        OUTAGE.succeeded()
        up = True
    return {"redis": "ok" if up else "down", "redis_failures": OUTAGE.failures}
