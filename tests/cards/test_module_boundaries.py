"""A module's private names stay in it: another module that needs one gets a public name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _private_imports(package: str) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package):
                found += [
                    f"{path.relative_to(ROOT)}:{node.lineno} {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    return found


@pytest.mark.parametrize("package", ["cards", "geo", "jobs"])
def test_no_module_imports_another_ones_private_name(package):
    assert _private_imports(package) == []
