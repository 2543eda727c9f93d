"""Slot geometry as pure data: no database, no PDF."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printing.core.imposition import flip_rect, impose, mirror_axis
from printing.core.sheets import (
    CARD_SIZES,
    MIN_MARGIN,
    PAPERS,
    Rect,
    SheetError,
    SheetSpec,
    plan_grid,
)

specs = st.builds(
    SheetSpec,
    paper=st.sampled_from(sorted(PAPERS)),
    card_size=st.sampled_from(sorted(CARD_SIZES)),
    layout=st.sampled_from(["duplex-long", "duplex-short", "fold", "fronts"]),
    bleed=st.sampled_from([0.0, 1.5, 3.0, 5.0]),
    crop_marks=st.booleans(),
)


def printable(page) -> Rect:
    return Rect(MIN_MARGIN, MIN_MARGIN, page.width - 2 * MIN_MARGIN, page.height - 2 * MIN_MARGIN)


@pytest.mark.parametrize("layout", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("card_size", sorted(CARD_SIZES))
def test_it_lands_each_back_behind_its_front(layout, card_size):
    spec = SheetSpec(card_size=card_size, layout=layout)
    pages = impose([True] * 20, spec)
    for front_page, back_page in zip(pages[::2], pages[1::2], strict=True):
        assert (front_page.side, back_page.side) == ("front", "back")
        axis = mirror_axis(spec, front_page.width, front_page.height)
        fronts = {s.card: s.trim for s in front_page.slots}
        for back in back_page.slots:
            turned = flip_rect(back.trim, axis, back_page.width, back_page.height)
            front = fronts[back.card]
            assert (turned.x, turned.y, turned.w, turned.h) == pytest.approx(
                (front.x, front.y, front.w, front.h), abs=1e-9
            )


def test_it_mirrors_x_for_long_edge_on_portrait_and_y_on_landscape():
    assert mirror_axis(SheetSpec(layout="duplex-long"), 210, 297) == "x"
    assert mirror_axis(SheetSpec(layout="duplex-long"), 297, 210) == "y"
    assert mirror_axis(SheetSpec(layout="duplex-short"), 210, 297) == "y"
    assert mirror_axis(SheetSpec(layout="duplex-short"), 297, 210) == "x"


def test_it_turns_backs_upside_down_only_when_the_flip_mirrors_y():
    landscape = impose([True] * 8, SheetSpec(card_size="skat", layout="duplex-long"))
    assert landscape[0].width > landscape[0].height
    assert {s.rotate for s in landscape[1].slots} == {180}
    assert {s.rotate for s in landscape[0].slots} == {0}


def mark_box(mark) -> Rect:
    x, y = min(mark.x1, mark.x2), min(mark.y1, mark.y2)
    return Rect(x, y, abs(mark.x2 - mark.x1), abs(mark.y2 - mark.y1))


@given(specs, st.integers(min_value=1, max_value=30))
def test_it_keeps_slots_in_the_printable_area_and_marks_on_the_paper(spec, count):
    for page in impose([True] * count, spec):
        area = printable(page)
        for slot in page.slots:
            assert slot.bleed.contains(slot.trim)
            assert area.contains(slot.bleed), slot
        paper = Rect(1, 1, page.width - 2, page.height - 2)
        for mark in page.marks:
            assert paper.contains(mark_box(mark))


@given(specs)
def test_it_never_overlaps_bleeds_or_puts_marks_on_cards(spec):
    page = impose([True] * 40, spec)[0]
    bleeds = [s.bleed for s in page.slots]
    for i, a in enumerate(bleeds):
        for b in bleeds[i + 1 :]:
            overlap_w = min(a.right, b.right) - max(a.x, b.x)
            overlap_h = min(a.bottom, b.bottom) - max(a.y, b.y)
            assert overlap_w <= 1e-6 or overlap_h <= 1e-6
    for slot in page.slots:
        t = slot.trim.grow(0.5)  # a mark never comes closer than half a millimetre to a card
        for m in page.marks:
            box = mark_box(m)
            assert box.right <= t.x or box.x >= t.right or box.bottom <= t.y or box.y >= t.bottom, (
                m,
                slot,
            )


SIZES_AND_PAPERS = [(c, p) for c in sorted(CARD_SIZES) for p in ("a4", "letter")]


@pytest.mark.parametrize(("card_size", "paper"), SIZES_AND_PAPERS)
@pytest.mark.parametrize("layout", ["duplex-long", "fold"])
def test_it_never_loses_a_card_to_its_crop_marks(card_size, paper, layout):
    with_marks = SheetSpec(paper=paper, card_size=card_size, layout=layout, crop_marks=True)
    without = SheetSpec(paper=paper, card_size=card_size, layout=layout, crop_marks=False)
    assert plan_grid(with_marks).per_page == plan_grid(without).per_page
    page = impose([True] * plan_grid(with_marks).per_page, with_marks)[0]
    xs = {round(s.trim.x, 6) for s in page.slots} | {round(s.trim.right, 6) for s in page.slots}
    marked = {round(m.x1, 6) for m in page.marks if m.x1 == m.x2}
    assert xs <= marked  # every cut line has its marks


@pytest.mark.parametrize(
    ("card_size", "paper", "layout", "expected"),
    [
        ("skat", "a4", "duplex-long", 8),
        ("euro", "a4", "duplex-long", 8),  # 4 while the marks' room cost a row
        ("euro", "a4", "fold", 4),  # 2
        ("bridge", "a4", "duplex-long", 9),  # 8
        ("mini", "a4", "duplex-long", 16),  # 12
        ("mini", "letter", "duplex-long", 12),  # 10
        ("poker", "letter", "fold", 4),  # 2
        ("poker", "letter", "duplex-long", 6),
        ("poker-us", "letter", "duplex-long", 6),
    ],
)
def test_it_fits_these_many_cards_with_bleed_and_marks(card_size, paper, layout, expected):
    spec = SheetSpec(paper=paper, card_size=card_size, layout=layout)
    assert plan_grid(spec).per_page == expected


def test_it_pairs_front_and_back_across_the_fold():
    page = impose([True, False], SheetSpec(layout="fold"))[0]
    front, back = (s for s in page.slots if s.card == 0)
    assert front.trim.right == pytest.approx(back.trim.x)
    assert front.bleed.right == pytest.approx(front.trim.right)  # no bleed across the fold
    assert [s.side for s in page.slots if s.card == 1] == ["front"]
    assert any(m.kind == "fold" for m in page.marks)


def test_it_prints_fronts_only_and_counts_pages():
    assert len(impose([True] * 17, SheetSpec(layout="fronts"))) == 3
    assert len(impose([True] * 17, SheetSpec(layout="duplex-long"))) == 6
    assert len(impose([False] * 8, SheetSpec(layout="duplex-long"))) == 1


def test_it_refuses_bad_options_with_a_message():
    with pytest.raises(SheetError, match="bleed"):
        SheetSpec(bleed=12)
    with pytest.raises(SheetError, match="card size"):
        SheetSpec(card_size="tarot")
    with pytest.raises(SheetError, match="layout"):
        SheetSpec(layout="booklet")
