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


def test_an_edition_registered_by_module_is_the_one_its_module_defines():
    registry.unregister("toy")  # registered directly by the package's fixture
    registry.register_module("toy", "tests.play.core.toy", "TOY")
    assert registry.get("toy") is TOY
    assert registry.editions()[-1] is TOY


def test_a_module_whose_edition_has_another_slug_is_refused():
    registry.register_module("other", "tests.play.core.toy", "TOY")
    try:
        with pytest.raises(RuntimeError, match="registered as 'other'"):
            registry.get("other")
    finally:
        registry.unregister("other")
    assert "other" not in [slug for slug, _name in registry.choices()]


def test_an_unregistered_edition_is_gone_and_a_second_unregister_refused():
    before = [edition.slug for edition in registry.editions()]
    registry.unregister("toy")
    assert registry.get("toy") is None
    assert [edition.slug for edition in registry.editions()] == [s for s in before if s != "toy"]
    with pytest.raises(LookupError, match="no edition is called 'toy'"):
        registry.unregister("toy")
    registry.register(TOY)  # for the package's fixture to unregister
    assert [edition.slug for edition in registry.editions()] == before


def test_two_editions_of_one_slug_are_refused():
    registry.register(TOY)
    with pytest.raises(RuntimeError, match="two editions"):
        registry.register(replace(TOY))
    with pytest.raises(RuntimeError, match="two editions"):
        registry.register_module("toy", "somewhere.else")
