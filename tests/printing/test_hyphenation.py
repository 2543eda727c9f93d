"""Long names break between syllables in print, as on screen, instead of shrinking to nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cards.gazetteer.places import german_places
from cards.hyphenation import SOFT_HYPHEN, soft_hyphens
from printing.core.fonts import BOLD, register_fonts
from printing.core.textfit import fit_text
from printing.kits.grid.faces import germany_front

ROOT = Path(__file__).resolve().parents[2]
LONGEST = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch"  # 58 letters


def _name_box():
    register_fonts()
    face = germany_front(59, 91, "de")
    return next(el for el in face.elements if getattr(el, "content", "") == "name")


def _fit(name: str):
    el = _name_box()
    return fit_text(name, BOLD, BOLD, el.size, el.min_size, el.max_lines, el.w, el.h, "de")


def test_every_germany_name_prints_at_least_at_the_minimum_size():
    el = _name_box()
    small = {}
    for name in {p.name for p in german_places(500)}:
        size, _lines = _fit(name)
        if size < el.min_size:
            small[name] = size
    assert small == {}


def test_a_58_letter_name_breaks_between_syllables_at_a_readable_size():
    size, lines = _fit(LONGEST)
    assert size >= 12
    texts = [line for line, _ in lines]
    assert all(t.endswith("-") for t in texts[:-1]) and "".join(t[:-1] for t in texts[:-1])
    assert SOFT_HYPHEN not in "".join(texts)


def test_short_names_and_names_that_fit_are_not_hyphenated():
    assert soft_hyphens("Bonn") == "Bonn"
    assert _fit("Recklinghausen")[1] == (("Recklinghausen", False),)
    assert SOFT_HYPHEN in soft_hyphens("Recklinghausen")


def test_breaks_are_pyphens_for_every_german_name_and_english_words():
    import pyphen

    from cards import hyphenation

    for language, words in (
        ("de", {w for p in german_places(500) for w in p.name.split()}),
        ("en", {"hyphenation", "Mediterranean", "Constantinople", "Massachusetts", "Wolverhampton",
                "Middlesbrough", "Peterborough", "Northamptonshire", "Connecticut"}),
    ):  # fmt: skip
        reference = pyphen.Pyphen(lang=language, left=3, right=3)
        for word in words:
            if len(word) >= hyphenation.HYPHENATE_FROM and word.isalpha():
                expected = reference.inserted(word, hyphen=SOFT_HYPHEN)
                assert hyphenation.soft_hyphens(word, language) == expected, word


# A fresh interpreter: the dictionaries and the words already broken are kept per process.
WITHOUT_THE_WHOLE_DICTIONARY = """
import pyphen


def refused(*args, **kwargs):
    raise AssertionError("the whole dictionary was parsed")


pyphen.HyphDict = refused
pyphen.hdcache = {}

from cards.hyphenation import SOFT_HYPHEN, soft_hyphens

print(soft_hyphens("Recklinghausen").replace(SOFT_HYPHEN, "-"))
"""


def test_a_name_is_hyphenated_without_parsing_the_whole_dictionary():
    """pyphen parses all 77,000 patterns of its German dictionary up front (half a second of a
    deck's print, for the few names that need a break): only the patterns a word holds are
    parsed."""
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_THE_WHOLE_DICTIONARY],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.strip() == "Reck-ling-hau-sen"
