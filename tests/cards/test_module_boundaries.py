"""A module's private names stay in it: another module that needs one gets a public name.

Tests are other modules too: they reach an app module through its public names (a fixture, a
settings override or the module's own public seam), never by importing, reading or patching a
private one. Private names of libraries (Django's ``_meta``, ``_state``) are theirs to keep.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP_PACKAGES = ("cards", "geo", "jobs", "printing", "play", "lessons", "config")
# Functions whose first argument names an attribute to read or patch: ``getattr(module,
# "_x")``, ``monkeypatch.setattr(module, "_x", …)``, ``mock.patch.object(module, "_x")``.
BY_NAME = {"getattr", "setattr", "delattr", "hasattr", "object"}


def _is_module(dotted: str) -> bool:
    path = ROOT / dotted.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of names, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def _app_module(
    dotted: str | None, modules: dict[str, str], packages: tuple[str, ...] = APP_PACKAGES
) -> str | None:
    """The module of ``packages`` a name chain stands for in this file, if it stands for one."""
    if dotted is None:
        return None
    head, _, rest = dotted.partition(".")
    if head in modules:
        full = f"{modules[head]}.{rest}" if rest else modules[head]
    elif head in packages:
        full = dotted
    else:
        return None
    return full if _is_module(full) else None


def _imported_modules(
    tree: ast.Module, packages: tuple[str, ...] = APP_PACKAGES
) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """The modules of ``packages`` a file binds to names, and the private names it imports from
    them."""
    modules: dict[str, str] = {}
    private: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in packages:
            for alias in node.names:
                if _private(alias.name):
                    private.append((node.lineno, f"{node.module}.{alias.name}"))
                elif _is_module(f"{node.module}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in packages and alias.asname:
                    modules[alias.asname] = alias.name
    return modules, private


def _private_in_path(text: str, packages: tuple[str, ...] = APP_PACKAGES) -> bool:
    """``"play.core.store._commit"``, as ``mock.patch`` and ``monkeypatch.setattr`` take it."""
    module, _, name = text.rpartition(".")
    return _private(name) and module.split(".")[0] in packages and _is_module(module)


def _private_uses_in(
    source: str, where: object, packages: tuple[str, ...] = APP_PACKAGES
) -> list[str]:
    tree = ast.parse(source)
    modules, private = _imported_modules(tree, packages)
    found = [f"{where}:{line} {name}" for line, name in private]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            module = _app_module(_dotted(node.value), modules, packages)
            if module is not None:
                found.append(f"{where}:{node.lineno} {module}.{node.attr}")
        elif isinstance(node, ast.Call) and node.args:
            callee = node.func.attr if isinstance(node.func, ast.Attribute) else None
            callee = node.func.id if isinstance(node.func, ast.Name) else callee
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                if _private_in_path(first.value, packages):
                    found.append(f"{where}:{node.lineno} {first.value}")
            elif callee in BY_NAME and len(node.args) > 1:
                name = node.args[1]
                module = _app_module(_dotted(first), modules, packages)
                if (
                    module is not None
                    and isinstance(name, ast.Constant)
                    and isinstance(name.value, str)
                    and _private(name.value)
                ):
                    found.append(f"{where}:{node.lineno} {module}.{name.value}")
    return found


def _private_uses(folder: str, packages: tuple[str, ...] = APP_PACKAGES) -> list[str]:
    """Private names of the modules of ``packages`` used from another module: imported (``from
    app.module import _name``), read or called (``module._name``), or named for ``getattr``,
    ``setattr`` or a patch (``monkeypatch.setattr(module, "_name", …)``,
    ``mock.patch("app.module._name")``).
    """
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        if "migrations" not in path.parts:
            source = path.read_text(encoding="utf-8")
            found += _private_uses_in(source, path.relative_to(ROOT), packages)
    return found


@pytest.mark.parametrize("folder", [*APP_PACKAGES, "bench", "tests"])
def test_no_module_reaches_into_another_ones_private_names(folder):
    assert _private_uses(folder) == []


def test_no_test_module_reaches_into_another_test_modules_private_names():
    """A helper that several test modules share has a public name that says what it does, and
    lives in a helper module beside the tests (``tests/browser/helpers.py``), not in a test
    module that the others import."""
    assert _private_uses("tests", ("tests",)) == []


REACHING_IN = """
import play.core.registry
from unittest import mock

from cards.gazetteer import data as gazetteer_data
from play.core import store
from play.editions.numbers.bots import _Chances


def test_it(monkeypatch, settings):
    store._commit(None)
    play.core.registry._editions.clear()
    monkeypatch.setattr(gazetteer_data, "_cities", list)
    monkeypatch.setattr("geo.geocoding._limited", None)
    mock.patch("play.core.push._deliver_text")
    getattr(store, "_save")
    store.Game._meta.db_table, settings._wrapped, store.__name__
    monkeypatch.setattr(store, "commit_if_unchanged", None)
"""


def test_every_way_of_reaching_in_is_found():
    """Each way a test once reached into a module is caught; a library's private names and
    dunders are not."""
    found = [use.split(" ", 1)[1] for use in _private_uses_in(REACHING_IN, "example.py")]
    assert sorted(found) == sorted(
        [
            "play.editions.numbers.bots._Chances",
            "play.core.store._commit",
            "play.core.registry._editions",
            "cards.gazetteer.data._cities",
            "geo.geocoding._limited",
            "play.core.push._deliver_text",
            "play.core.store._save",
        ]
    )


def _test_modules_imported(source: str, where: object) -> list[str]:
    """The test modules (``test_*.py``) a file imports, whole or a name from them."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            dotted = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            dotted = [alias.name for alias in node.names]
        else:
            continue
        found += [
            f"{where}:{node.lineno} {name}"
            for name in dotted
            if name.split(".")[0] == "tests"
            and name.rpartition(".")[2].startswith("test_")
            and _is_module(name)
        ]
    return found


def test_test_modules_import_helper_modules_not_each_other():
    """A step or a piece of data that several test modules need lives in a helper module (no
    ``test_`` prefix) beside them: importing a test module would also hand its tests, fixtures and
    autouse patches to the importer's reader to untangle."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        found += _test_modules_imported(path.read_text(encoding="utf-8"), path.relative_to(ROOT))
    assert found == []


TESTS_REACHING_IN = """
import tests.browser.cluster as cluster

from tests.conftest import _user, api_client_for
from tests.play.reports import helpers


def test_it():
    from tests.browser.test_play_bar import _host

    cluster._log_in(None)
    helpers._step(None)
    monkeypatch.setattr("tests.play.world.helpers._next", None)
    cluster.Cluster._spawn
"""


def test_every_way_a_test_module_reaches_into_another_is_found():
    """The same ways, among test modules: a helper imported at the top or inside a test, or read
    from a module imported whole."""
    found = _private_uses_in(TESTS_REACHING_IN, "example.py", ("tests",))
    assert sorted(use.split(" ", 1)[1] for use in found) == sorted(
        [
            "tests.conftest._user",
            "tests.browser.test_play_bar._host",
            "tests.browser.cluster._log_in",
            "tests.play.reports.helpers._step",
            "tests.play.world.helpers._next",
        ]
    )


def test_every_way_of_importing_a_test_module_is_found():
    source = (
        "import tests.browser.test_play_bar\n"
        "from tests.browser import test_play_germany\n"
        "from tests.play.dice.test_stall import DUEL\n"
        "from tests.browser.helpers import assert_fits\n"
        "from tests.play.dice import grids\n"
    )
    found = [use.split(" ", 1)[1] for use in _test_modules_imported(source, "example.py")]
    assert found == [
        "tests.browser.test_play_bar",
        "tests.browser.test_play_germany",
        "tests.play.dice.test_stall",
    ]
