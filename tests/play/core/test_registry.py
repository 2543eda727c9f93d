"""The edition registry: editions registered by module, imported when the core first asks."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from play.core import registry
from tests.play.core.toy import TOY

ROOT = Path(__file__).resolve().parents[3]

START_UP = """
import sys, django
django.setup()
def loaded():
    return sorted(m for m in sys.modules if m.startswith("play.") and m.endswith(".edition"))
print(loaded())
from play.core import registry
registry.get("dice")
print(loaded())
print([e.slug for e in registry.editions()])
"""


def test_start_up_imports_no_edition_until_the_core_asks_for_one():
    run = subprocess.run(
        [sys.executable, "-c", START_UP], cwd=ROOT, capture_output=True, text=True, check=True
    )
    before, after_get, slugs = run.stdout.splitlines()
    assert before == "[]"
    assert after_get == "['play.editions.dice.edition']"
    # Every edition, in the order of INSTALLED_APPS.
    assert slugs == "['germany', 'world', 'numbers', 'dice', 'match']"


def test_an_edition_registered_by_module_is_the_one_its_module_defines(monkeypatch):
    monkeypatch.setattr(registry, "_order", [*registry._order])
    registry._editions.pop("toy")  # registered directly by the package's fixture
    registry.register_module("toy", "tests.play.core.toy", "TOY")
    try:
        assert registry.get("toy") is TOY
        assert registry.editions()[-1] is TOY
    finally:
        registry._editions.pop("toy", None)


def test_a_module_whose_edition_has_another_slug_is_refused(monkeypatch):
    monkeypatch.setattr(registry, "_order", [*registry._order])
    monkeypatch.setattr(registry, "_modules", {})
    registry.register_module("other", "tests.play.core.toy", "TOY")
    with pytest.raises(RuntimeError, match="registered as 'other'"):
        registry.get("other")


def test_two_editions_of_one_slug_are_refused():
    registry.register(TOY)
    with pytest.raises(RuntimeError, match="two editions"):
        registry.register(replace(TOY))
    with pytest.raises(RuntimeError, match="two editions"):
        registry.register_module("toy", "somewhere.else")
