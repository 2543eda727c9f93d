"""Counters in the shared cache, for every limit that counts per client, account or seat.

A counter's window starts with its first count and does not slide. Every app process shares
them (the file cache of one server, or Redis); while Redis is away a counter starts again at
one on every call (config/shared_cache.py), so every limit fails open rather than refusing a
class.
"""

from __future__ import annotations

from django.core.cache import cache


def count(key: str, window: int) -> int:
    """Add one to the counter ``key`` (starting a window of ``window`` seconds); the new count."""
    if cache.add(key, 1, window):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired in between (or Redis is away)
        cache.set(key, 1, window)
        return 1


def peek(key: str) -> int:
    """The count so far (0 when none is running)."""
    return cache.get(key) or 0
