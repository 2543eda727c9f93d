"""Faces as data: every design validates for every card size; text never overflows."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from printing.core.data import format_population, tip_cards
from printing.core.fonts import BOLD, REGULAR, register_fonts
from printing.core.layouts import Face, Text, validate_face
from printing.core.shaping import missing_glyphs
from printing.core.sheets import CARD_SIZES
from printing.core.textfit import LEADING, fit_text
from printing.kits import DESIGNS


@pytest.mark.parametrize("kind", sorted(DESIGNS))
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("language", ["de", "en"])
def test_it_validates_every_design_at_every_card_size(kind, size, language):
    for build in DESIGNS[kind]:
        assert validate_face(build(*CARD_SIZES[size], language)) == []


def test_it_rejects_text_outside_the_safe_zone_and_unknown_fields():
    face = Face(
        "bad",
        59,
        91,
        (
            Text(0, 0, 59, 10, content="name"),
            Text(10, 10, 20, 10, content="secret"),
            Text(10, 30, 20, 10, text="x", fill="red"),
        ),
    )
    errors = " ".join(validate_face(face))
    assert "safe zone" in errors
    assert "unknown field 'secret'" in errors
    assert "bad colour 'red'" in errors


def test_it_groups_digits_by_language():
    assert format_population(111407, "de") == "111.407 Einwohner"
    assert format_population(111407, "en") == "111,407 inhabitants"
    assert format_population(None, "de") == ""


def test_it_makes_six_tip_cards_per_colour_with_m_behind_w_and_a_back_for_every_one():
    cards = tip_cards("de")
    assert len(cards) == 24
    assert all(c.has_back and c.back is not None for c in cards)
    with_m = [c for c in cards if c.back.kind == "tip"]
    assert [c.tip_letter for c in with_m] == ["W"] * 4
    assert {c.back.tip_letter for c in with_m} == {"M"}
    assert {c.back.kind for c in cards if c.tip_letter != "W"} == {"tip-back"}


words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüßÅŁ", min_size=1, max_size=14)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(words, min_size=1, max_size=60), st.floats(20, 55), st.floats(5, 40), st.integers(1, 6)
)
def test_it_never_lets_text_overflow_its_box(text_words, width, height, max_lines):
    regular, bold = register_fonts()
    size, lines = fit_text(" ".join(text_words), regular, bold, 12, 6, max_lines, width, height)
    assert len(lines) * size * LEADING <= height * mm + 1e-6
    for line, is_bold in lines:
        assert stringWidth(line, bold if is_bold else regular, size) <= width * mm + 1e-6


def test_it_shrinks_long_names_before_wrapping_them():
    _regular, bold = register_fonts()
    short_size, short_lines = fit_text("Ulm", bold, bold, 22, 13, 3, 51, 40)
    long_size, long_lines = fit_text("Ludwigshafen am Rhein", bold, bold, 22, 13, 3, 51, 40)
    assert short_size == 22 and len(short_lines) == 1
    assert long_size < 22 and len(long_lines) >= 2


@pytest.mark.parametrize(
    "name",
    [
        "Łódź",
        "São Paulo",
        "Şanlıurfa",
        "Reykjavík",
        "Ibbenbüren",
        "Straße",
        "Ḫattuša",
        "Nuuk – Kalaallit Nunaat",
        "➜ −",
    ],
)
@pytest.mark.parametrize("font", [REGULAR, BOLD])
def test_it_has_a_glyph_for_every_character(name, font):
    assert missing_glyphs(name, font) == set()


def test_it_notices_a_glyph_no_font_has():
    # Egyptian hieroglyphs are in none of the shipped fonts; 東京 is, through the CJK fallback.
    assert missing_glyphs("東京 \U00013000") == {"\U00013000"}
