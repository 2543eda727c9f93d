"""Work every server process would otherwise do on its first requests.

A fresh process compiles each template, reads each language's catalogue and builds the URL
resolver the first time a screen needs them: about a second of CPU per process, paid while a
class is waiting. Done once at start-up instead (in gunicorn's master with ``--preload``, then
shared by every worker it forks). Touches no database: connections must not cross a fork.
"""

from __future__ import annotations

import gc
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation

from play.core import registry


def template_names() -> list[str]:
    """The project's own templates (the admin's and DRF's compile when first asked for)."""
    base = Path(settings.BASE_DIR).resolve()
    folders = [Path(d) for d in settings.TEMPLATES[0]["DIRS"]]
    folders += [Path(app.path) / "templates" for app in apps.get_app_configs()]
    names = set()
    for folder in folders:
        folder = folder.resolve()
        if folder.is_dir() and folder.is_relative_to(base) and ".venv" not in folder.parts:
            names.update(f.relative_to(folder).as_posix() for f in folder.rglob("*.html"))
    return sorted(names)


def warm_up() -> int:
    """Import the editions, build the URL resolver, compile the project's templates and load
    every language's catalogue; returns how many templates were compiled."""
    registry.editions()  # each edition's module is imported on first use otherwise
    get_resolver().url_patterns  # noqa: B018 - building the resolver is the point
    names = template_names()
    for name in names:
        get_template(name)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Game")
    return len(names)


# A full collection (the oldest generation) comes only after this many collections of the
# middle one; Python's default is 10. A socket server holding a school's sockets keeps some
# 550,000 objects that live as long as their sockets: scanning them stopped its event loop and
# every drawing for 0.4-0.7 s, about every 25 s while 500 + 100 classrooms played
# (bench/play_load.py), and freed next to nothing (cycles here die young). So it comes about
# every ten minutes under that load, and the young generations are collected as before.
FULL_COLLECTION_AFTER = 1000


def settle_collector() -> None:
    """Before serving: freeze what was loaded (it lives as long as the process, and frozen
    before gunicorn forks it is shared by the workers), and make full collections rare."""
    gc.freeze()
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_AFTER)
