"""The editions the core knows: each edition's app config registers its ``Edition`` at start-up,
by the module that defines it; the module is imported the first time the core asks for it.

The core never imports an edition; it looks them up here by slug.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from play.core.engine import Edition

_editions: dict[str, Edition] = {}
_order: list[str] = []  # slugs in registration order (the order of INSTALLED_APPS)
# Editions registered by module and not imported yet: slug → (dotted path, attribute). Their
# rules, bots and views cost a seventh of Django's start-up, which commands such as
# render_deck never need; the servers' warm-up (config.warmup) imports them all.
_modules: dict[str, tuple[str, str]] = {}
_loading = threading.Lock()


def register(edition: Edition) -> None:
    existing = _editions.get(edition.slug)
    if existing is not None and existing is not edition:
        raise RuntimeError(f"two editions are called {edition.slug!r}")
    _editions[edition.slug] = edition
    if edition.slug not in _order:
        _order.append(edition.slug)


def register_module(slug: str, module: str, attribute: str = "EDITION") -> None:
    """The edition ``slug``, defined as ``attribute`` of ``module`` (a dotted path)."""
    if slug in _editions or _modules.get(slug, (module, attribute)) != (module, attribute):
        raise RuntimeError(f"two editions are called {slug!r}")
    _modules[slug] = (module, attribute)
    if slug not in _order:
        _order.append(slug)


def unregister(slug: str) -> None:
    """Forget the edition ``slug``, registered directly or by module (an edition a test made,
    or one a project switches off); an unknown slug is an error."""
    with _loading:
        if slug not in _editions and slug not in _modules:
            raise LookupError(f"no edition is called {slug!r}")
        _editions.pop(slug, None)
        _modules.pop(slug, None)
        _order.remove(slug)


def _load(slug: str) -> None:
    with _loading:
        if slug not in _modules:  # another thread has just loaded it
            return
        path, attribute = _modules[slug]
        edition = getattr(import_module(path), attribute)
        if edition.slug != slug:
            raise RuntimeError(f"{path}.{attribute} is {edition.slug!r}, registered as {slug!r}")
        register(edition)
        del _modules[slug]


def get(slug: str) -> Edition | None:
    if slug in _modules:
        _load(slug)
    return _editions.get(slug)


def editions() -> list[Edition]:
    """Every registered edition, in registration order (the order of INSTALLED_APPS)."""
    for slug in list(_modules):
        _load(slug)
    return [_editions[slug] for slug in _order if slug in _editions]


def choices() -> list[tuple[str, object]]:
    return [(edition.slug, edition.name) for edition in editions()]


# An edition's older endpoints (``/api/games/{id}/tips/`` …), kept as aliases of its moves: the
# edition registers a handler ``(request, game) -> Response`` per endpoint name, and the API
# routes each name to the handler of the game's edition.
_aliases: dict[tuple[str, str], Callable[..., Any]] = {}
_alias_descriptions: dict[str, str] = {}
# Fields an edition's older clients read in ``GET /api/games/{id}/``.
_detail_fields: dict[str, Callable[..., dict]] = {}
# Editions' modules of older endpoints not imported yet: slug → dotted path.
_legacy: dict[str, str] = {}


def register_legacy(slug: str, module: str) -> None:
    """An edition's older endpoints, in ``module`` (a dotted path): its ``ENDPOINTS``, name →
    (handler, description), and, if it has one, ``detail`` (see ``register_detail_fields``).
    The module is imported when the API first asks for them, not at start-up: it brings in the
    REST framework (about 0.2 s), which commands such as ``render_deck`` never use."""
    _legacy[slug] = module


def _load_legacy() -> None:
    for slug, path in list(_legacy.items()):  # in registration order
        module = import_module(path)
        for name, (handler, description) in module.ENDPOINTS.items():
            register_alias(slug, name, handler, description)
        detail = getattr(module, "detail", None)
        if detail is not None:
            register_detail_fields(slug, detail)
        _legacy.pop(slug, None)


def register_alias(
    slug: str, name: str, handler: Callable[..., Any], description: str = ""
) -> None:
    _aliases[(slug, name)] = handler
    if description:
        _alias_descriptions[name] = description


def alias(slug: str, name: str) -> Callable[..., Any] | None:
    _load_legacy()
    return _aliases.get((slug, name))


def alias_names() -> list[str]:
    """Every registered endpoint name, in registration order."""
    _load_legacy()
    return list(dict.fromkeys(name for _slug, name in _aliases))


def alias_editions(name: str) -> list[str]:
    _load_legacy()
    return [slug for slug, known in _aliases if known == name]


def alias_description(name: str) -> str:
    _load_legacy()
    return _alias_descriptions.get(name, "")


def register_detail_fields(slug: str, fields: Callable[..., dict]) -> None:
    _detail_fields[slug] = fields


def detail_fields(slug: str) -> Callable[..., dict] | None:
    _load_legacy()
    return _detail_fields.get(slug)
