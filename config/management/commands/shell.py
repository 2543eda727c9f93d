"""`shell` without the note that django-simple-history's models cannot be imported.

Django 5.2's shell imports every model by its ``__module__``; a historical model of a model
defined outside its app's ``models`` module names the app's package, where it is not
(django-simple-history#1479), so every shell started with "1 object could not be
automatically imported". Those are left out; every other model is imported as before."""

from __future__ import annotations

from importlib import import_module

from django.core.management.commands import shell


class Command(shell.Command):
    def get_auto_imports(self) -> list[str] | None:
        paths = super().get_auto_imports()
        return paths and [path for path in paths if _importable(path)]


def _importable(path: str) -> bool:
    module, _, name = path.rpartition(".")
    try:
        return hasattr(import_module(module), name)
    except ImportError:
        return False
