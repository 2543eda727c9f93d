"""The kit's paper parts: the scoring track fills the page, the guess card is laid out 2 × 2."""

from __future__ import annotations

import io

import pypdf
import pytest

from printing.core.document import Document
from printing.kits.world.extras import add_guess_cards, add_scoring_track, track_cells


def positions(pdf: bytes, page: int = 0) -> dict[str, list[tuple[float, float]]]:
    """Where each text is drawn on a page, in points."""
    found: dict[str, list[tuple[float, float]]] = {}

    def visit(text, cm, tm, *_):
        if text.strip():
            found.setdefault(text.strip(), []).append((tm[4], tm[5]))

    pypdf.PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("count", [21, 47, 67, 127])
def test_it_lays_the_track_around_the_whole_area(count):
    cells = track_cells(count, 10, 200, 277, 190)
    assert len(cells) == count
    assert min(x for x, *_ in cells) == pytest.approx(10)
    assert max(x + w for x, _, w, _ in cells) == pytest.approx(287)
    assert min(y - h for _, y, _, h in cells) == pytest.approx(10)
    assert cells[0][:2] == (10, 200)  # the arrow space in the top-left corner, then clockwise
    assert cells[1][0] > cells[0][0]


def test_it_prints_the_games_own_track_length_with_start_at_the_start():
    doc = Document()
    add_scoring_track(doc, "en", "a4", length=55)
    texts = positions(doc.finish())
    assert "55" in texts and "56" not in texts
    assert "55 spaces · Finish: the dark-blue spaces" in texts
    (start_x, start_y), (arrow_x, arrow_y) = texts["Start"][0], texts["➜"][0]
    assert abs(start_x - arrow_x) < 60 and abs(start_y - arrow_y) < 60  # beside the arrow space


def test_it_arranges_the_guess_cards_rectangles_a_b_over_c_d():
    doc = Document()
    add_guess_cards(doc, "en", "a4")
    texts = positions(doc.finish())
    (ax, ay), (bx, by) = texts["A"][0], texts["B"][0]
    (cx, cy), (dx, dy) = texts["C"][0], texts["D"][0]
    assert ay == pytest.approx(by) and cy == pytest.approx(dy) and cy < ay
    assert ax == pytest.approx(cx, abs=3) and bx == pytest.approx(dx, abs=3) and bx > ax + 20
    assert "E" in texts and "O" not in texts  # English says east


def test_a_200_space_track_keeps_every_number_inside_its_space():
    from printing.kits.world.extras import label_size, track_cells

    cells = track_cells(207, 8, 202, 281, 194)
    _x, _y, cw, ch = cells[1]
    size = label_size("200", cw, ch)
    assert 4 <= size < 10  # smaller than a short track's 10 pt, still readable
