"""Round-card layouts as data: every symbol's disc is inside the card and apart from the rest."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.symbols.decks import SymbolData, deck_from_symbols, island_symbols
from printing.core.fonts import register_fonts
from printing.core.textfit import LEADING
from printing.kits.match.draw import label_lines, place_symbols, symbol_radius
from printing.kits.match.layout import (
    GAP,
    TEXT_TILT,
    LayoutError,
    Spot,
    card_layout,
    layout_problems,
)


@settings(max_examples=60, deadline=None)
@given(count=st.integers(1, 17), seed=st.integers(0, 2**31 - 1))
def test_every_layout_has_disjoint_discs_inside_the_circle(count, seed):
    spots = card_layout(count, seed)
    assert len(spots) == count
    assert layout_problems(spots) == []
    for i, a in enumerate(spots):
        assert math.hypot(a.x, a.y) + a.r <= 1 - GAP + 1e-9
        for b in spots[i + 1 :]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r + GAP - 1e-9


def test_the_check_finds_overlaps_and_discs_over_the_edge():
    spots = [Spot(0, 0, 0.5, 0), Spot(0.6, 0, 0.3, 0), Spot(0, -0.8, 0.3, 0)]
    assert layout_problems(spots) == ["discs 0 and 1 overlap", "disc 2 crosses the edge"]


def test_layouts_are_stable_for_a_seed_and_vary_between_seeds():
    first = card_layout(9, 42)
    card_layout.cache_clear()
    assert card_layout(9, 42) == first
    assert card_layout(9, 43) != first


def test_symbols_come_in_varied_sizes_and_rotations():
    spots = card_layout(9, 7)
    radii = sorted(s.r for s in spots)
    assert radii[-1] / radii[0] > 1.2
    assert len({round(s.angle) for s in spots}) == 9
    assert sum(s.r * s.r for s in spots) > 0.45  # the discs fill a good part of the card


def test_text_symbols_stay_nearly_upright():
    spots = card_layout(8, 3, (True,) * 8)
    assert all(-TEXT_TILT <= s.angle <= TEXT_TILT for s in spots)


def test_it_refuses_hints_that_do_not_match_the_symbols():
    with pytest.raises(LayoutError):
        card_layout(3, 1, (True,) * 2)
    with pytest.raises(LayoutError):
        card_layout(0, 1)


@pytest.mark.parametrize("diameter", [85.0, 60.0])
def test_every_card_of_the_island_deck_has_disjoint_discs_inside_the_card(diameter):
    deck = deck_from_symbols("Insel", 8, island_symbols(), seed=11)
    inner = symbol_radius(diameter)
    assert inner < diameter / 2
    for card in deck.cards:
        if card.role == "score":
            continue
        placed = place_symbols(deck, card, diameter)
        assert [p.symbol.index for p in placed] == list(card.symbols)
        spots = [Spot(p.x, p.y, p.r, p.angle) for p in placed]
        assert layout_problems(spots, radius=inner) == [], card.number


def test_every_card_of_a_place_name_deck_has_disjoint_discs_inside_the_card():
    names = [f"Ort Nummer {i}" if i % 3 else f"Bad Homburg vor der Höhe {i}" for i in range(57)]
    deck = deck_from_symbols("Orte", 7, tuple(SymbolData(0, n, "") for n in names), seed=2)
    for card in deck.cards:
        placed = place_symbols(deck, card, 85.0)
        spots = [Spot(p.x, p.y, p.r, p.angle) for p in placed]
        assert layout_problems(spots, radius=symbol_radius(85.0)) == []
        assert all(-TEXT_TILT <= p.angle <= TEXT_TILT for p in placed)


@pytest.mark.parametrize(
    "text", ["Ulm", "Mönchengladbach", "Bad Homburg vor der Höhe", "Annaberg-Buchholz"]
)
def test_a_labels_box_fits_inside_its_disc_whatever_its_rotation(text):
    _, bold = register_fonts()
    radius = 12 * mm  # about the disc of a long name on an 85 mm card of order 7
    size, lines = label_lines(text, bold, radius)
    # Every letter printed once, in order (a syllable break adds a hyphen, a line break a space).
    letters = "".join(lines).replace(" ", "").replace("-", "")
    assert letters == text.replace(" ", "").replace("-", "")
    width = max(stringWidth(line, bold, size) for line in lines)
    height = len(lines) * size * LEADING
    assert math.hypot(width / 2, height / 2) <= radius + 1e-6
    assert size > 6  # readable on an 85 mm card: at least 6 pt


def test_long_labels_are_broken_into_lines():
    _, bold = register_fonts()
    assert len(label_lines("Bad Homburg vor der Höhe", bold, 30)[1]) > 1
    assert label_lines("Ulm", bold, 30)[1] == ["Ulm"]


def test_a_long_one_word_name_breaks_between_syllables_on_a_round_card():
    _, bold = register_fonts()
    size, lines = label_lines("Mönchengladbach", bold, 30)
    assert lines == ["Mönchen-", "gladbach"]
    one_line = min(30 / (stringWidth("Mönchengladbach", bold, 1) / 2), 0.62 * 30)
    assert size > 1.15 * one_line  # clearly larger than the name on one line
    assert label_lines("Bad Homburg", bold, 30)[1] == ["Bad", "Homburg"]  # words first
