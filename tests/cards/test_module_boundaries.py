"""A module's private names stay in it: another module that needs one gets a public name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP_PACKAGES = ("cards", "geo", "jobs", "printing", "play", "lessons", "config")


def _is_module(dotted: str) -> bool:
    path = ROOT / dotted.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_uses(folder: str) -> list[str]:
    """``from app.module import _name`` and ``module._name`` on an imported app module."""
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        modules = {}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and (node.module or "").split(".")[0] in APP_PACKAGES
            ):
                for alias in node.names:
                    if _private(alias.name):
                        found.append(f"{where}:{node.lineno} {node.module}.{alias.name}")
                    elif _is_module(f"{node.module}.{alias.name}"):
                        modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in APP_PACKAGES and alias.asname:
                        modules[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in modules
                and _private(node.attr)
            ):
                found.append(f"{where}:{node.lineno} {modules[node.value.id]}.{node.attr}")
    return found


@pytest.mark.parametrize("folder", [*APP_PACKAGES, "bench"])
def test_no_module_reaches_into_another_ones_private_names(folder):
    assert _private_uses(folder) == []
