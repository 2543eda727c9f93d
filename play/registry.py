"""The editions the core knows: each edition's app config registers its ``Edition`` at start-up.

The core never imports an edition; it looks them up here by slug.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from play.engine import Edition

_editions: dict[str, Edition] = {}


def register(edition: Edition) -> None:
    existing = _editions.get(edition.slug)
    if existing is not None and existing is not edition:
        raise RuntimeError(f"two editions are called {edition.slug!r}")
    _editions[edition.slug] = edition


def get(slug: str) -> Edition | None:
    return _editions.get(slug)


def editions() -> list[Edition]:
    """Every registered edition, in registration order (the order of INSTALLED_APPS)."""
    return list(_editions.values())


def choices() -> list[tuple[str, object]]:
    return [(edition.slug, edition.name) for edition in _editions.values()]


# The older per-edition endpoints (``/api/games/{id}/tips/`` …) kept as aliases of moves: an
# edition registers a handler ``(request, game) -> Response`` per endpoint name.
_aliases: dict[tuple[str, str], Callable[..., Any]] = {}


def register_alias(slug: str, name: str, handler: Callable[..., Any]) -> None:
    _aliases[(slug, name)] = handler


def alias(slug: str, name: str) -> Callable[..., Any] | None:
    return _aliases.get((slug, name))
