"""The editions the core knows: each edition's app config registers its ``Edition`` at start-up.

The core never imports an edition; it looks them up here by slug.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from play.core.engine import Edition

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


# An edition's older endpoints (``/api/games/{id}/tips/`` …), kept as aliases of its moves: the
# edition registers a handler ``(request, game) -> Response`` per endpoint name, and the API
# routes each name to the handler of the game's edition.
_aliases: dict[tuple[str, str], Callable[..., Any]] = {}
_alias_descriptions: dict[str, str] = {}
# Fields an edition's older clients read in ``GET /api/games/{id}/``.
_detail_fields: dict[str, Callable[..., dict]] = {}


def register_alias(
    slug: str, name: str, handler: Callable[..., Any], description: str = ""
) -> None:
    _aliases[(slug, name)] = handler
    if description:
        _alias_descriptions[name] = description


def alias(slug: str, name: str) -> Callable[..., Any] | None:
    return _aliases.get((slug, name))


def alias_names() -> list[str]:
    """Every registered endpoint name, in registration order."""
    return list(dict.fromkeys(name for _slug, name in _aliases))


def alias_editions(name: str) -> list[str]:
    return [slug for slug, known in _aliases if known == name]


def alias_description(name: str) -> str:
    return _alias_descriptions.get(name, "")


def register_detail_fields(slug: str, fields: Callable[..., dict]) -> None:
    _detail_fields[slug] = fields


def detail_fields(slug: str) -> Callable[..., dict] | None:
    return _detail_fields.get(slug)
