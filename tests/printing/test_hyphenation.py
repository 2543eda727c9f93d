"""Long names break between syllables in print, as on screen, instead of shrinking to nothing."""

from __future__ import annotations

from cards.gazetteer.places import german_places
from cards.hyphenation import SOFT_HYPHEN, soft_hyphens
from printing.core.fonts import BOLD, register_fonts
from printing.core.textfit import fit_text
from printing.kits.grid.faces import germany_front

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
