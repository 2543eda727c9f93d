"""An answer map names or numbers its dots: where a name does not fit, a number does (beside
the dot, further out on a leader line, or smaller), and the index keys it."""

from __future__ import annotations

import random
from pathlib import Path

from geo import mapdraw as md
from geo.labels import HALO, INK, NUMBER_INK, Dot, dot_layer, overlaps, text_box
from geo.map_details import grid_details, with_details
from geo.maps import GERMANY_MAP, grid_map_indexed


def crowded(count: int, seed: int = 3) -> list[Dot]:
    """``count`` towns in a 24 mm square in the middle of a 140 mm map, like the Ruhr."""
    rng = random.Random(seed)
    return [
        Dot(f"Stadt {i}", 58 + rng.random() * 24, 58 + rng.random() * 24, count - i, f"{i}/{i}")
        for i in range(count)
    ]


def test_every_dot_of_a_crowded_region_gets_a_name_or_a_number():
    dots = crowded(50)  # 20 names do not fit: 11 of their numbers did not either
    _items, index = dot_layer(dots, mode="fit", frame=(0, 0, 140, 140))
    assert index, "some names must not fit"
    assert [e.number for e in index if e.number is None] == []
    assert [e.name for e in index if not e.shown] == []
    assert sorted(e.number for e in index) == list(range(1, len(index) + 1))


DATA = Path(__file__).parent / "data"
PT = 25.4 / 72  # mm per point
CAP = 0.73  # a cap's height per point of type (DejaVu Sans)


def germany_deck_dots() -> list[tuple[str, float, float]]:
    """The 689 places of the Germany starter deck (towns of 20,000 or more)."""
    lines = (DATA / "germany_deck_numbers.tsv").read_text(encoding="utf-8").splitlines()[1:]
    return [(r[1], float(r[2]), float(r[3])) for r in (line.split("\t") for line in lines)]


def _numbers(drawing: md.MapDrawing) -> list[md.Text]:
    return [i for i in drawing.items if isinstance(i, md.Text) and i.fill == NUMBER_INK]


def _no_two_overlap(texts: list[md.Text]) -> list[tuple[str, str]]:
    boxes = [(t.text, _digits(t)) for t in texts]
    return [
        (a, b)
        for n, (a, box_a) in enumerate(boxes)
        for b, box_b in boxes[n + 1 :]
        if overlaps(box_a, box_b)
    ]


def _digits(t: md.Text) -> tuple:
    """What a number's digits cover: its width, from the baseline up to the cap height."""
    box = text_box(t)
    return (box[0] + HALO, t.y - t.size, box[2] - HALO, t.y)


def test_every_dot_of_the_germany_deck_is_named_or_numbered_on_the_answer_maps_sheets():
    """689 towns on an A4 map: each is named beside its dot, or numbered (beside it, or in an
    enlarged detail of its crowded region) and found in the index under that number."""
    dots = germany_deck_dots()
    drawing, index = grid_map_indexed(GERMANY_MAP, dots, width_mm=171, labels="fit")
    details = grid_details(GERMANY_MAP, dots, index, width_mm=171, max_width=184, max_height=255)
    named = {i.text for i in drawing.items if isinstance(i, md.Text) and i.fill == INK}
    on_map = {int(t.text) for t in _numbers(drawing)}
    in_details = set().union(*(d.shows for d in details))
    assert [e.name for e in index if e.number is None] == []  # 253 were bare before
    assert sorted(e.number for e in index) == list(range(1, len(index) + 1))
    unnumbered = [e.name for e in index if e.number not in on_map | in_details]
    assert unnumbered == []
    assert [
        name for name, *_ in dots if name not in named and name not in {e.name for e in index}
    ] == []
    assert all(e.number in on_map for e in index if e.shown)
    # Legible and apart: at least 4.5 pt, no two numbers on one sheet covering each other.
    for sheet in [drawing, *(d.drawing for d in details)]:
        numbers = _numbers(sheet)
        assert min(t.size for t in numbers) / CAP / PT >= 4.5
        assert _no_two_overlap(numbers) == []
    # Numbered in reading order: the first numbers are in the north, the last in the south.
    first, last = index[0], index[-1]
    assert first.y < last.y


def test_a_detail_sits_inside_a_lettered_frame_on_the_main_map():
    dots = germany_deck_dots()
    drawing, index = grid_map_indexed(GERMANY_MAP, dots, width_mm=171, labels="fit")
    details = grid_details(GERMANY_MAP, dots, index, width_mm=171, max_width=184, max_height=255)
    framed = with_details(drawing, details)
    letters = {i.text for i in framed.items if isinstance(i, md.Text) and i.fill == "#ffffff"}
    assert {d.letter for d in details} <= letters
    for d in details:  # every number of a detail is a dot of its region
        region = d.region
        for e in index:
            if e.number in d.shows:
                assert region[0] <= e.x <= region[2] and region[1] <= e.y <= region[3]
