"""SVG path data: parsed to absolute moves, lines and cubic curves, bounded by a disc."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from cards.symbols.svgpath import PathError, outline, parse

ISLAND = Path(__file__).resolve().parents[2] / "cards" / "data" / "island_symbols.json"


def test_it_makes_relative_and_shorthand_commands_absolute():
    ops = parse("m10 10h5v5l-5 0z M0 0 L1 1 2 2")
    assert ops == [
        ("M", 10, 10),
        ("L", 15, 10),
        ("L", 15, 15),
        ("L", 10, 15),
        ("Z",),
        ("M", 0, 0),
        ("L", 1, 1),
        ("L", 2, 2),
    ]


def test_it_turns_quadratic_curves_and_smooth_curves_into_cubics():
    ops = parse("M0 0Q3 3 6 0T12 0")
    assert ops[1] == ("C", 2.0, 2.0, 4.0, 2.0, 6, 0)
    assert ops[2][-2:] == (12, 0) and ops[2][1:3] == (8.0, -2.0)  # the reflected control point
    smooth = parse("M0 0C0 1 1 1 1 0S2 -1 2 0")
    assert smooth[2][1:3] == (1, -1)


def test_it_turns_arcs_into_cubics_that_stay_on_the_circle():
    ops = parse("M10 0A10 10 0 0 1 -10 0")  # a half circle of radius 10 about the origin
    assert len(ops) == 3 and ops[-1][-2:] == (-10, 0)
    for op in ops[1:]:
        x, y = op[-2], op[-1]
        assert math.hypot(x, y) == pytest.approx(10)


def test_it_reads_arc_flags_written_without_separators():
    assert parse("M0 0a5 5 0 015 5")[-1][-2:] == pytest.approx((5, 5))


def test_it_reads_numbers_packed_without_separators():
    assert parse("M.5.5l-1.5-.5")[1] == ("L", -1.0, 0.0)


@pytest.mark.parametrize(
    ("d", "message"),
    [
        ("", "empty"),
        ("L0 0", "start with a move"),
        ("M0 0 L5", "number is missing"),
        ("M0 0 X5 5", "unexpected 'X'"),
        ("M0 0A5 5 0 2 1 5 5", "arc flag"),
        ("M" + "1 " * 20000, "too long"),
    ],
)
def test_it_refuses_broken_path_data_with_a_reason(d, message):
    with pytest.raises(PathError, match=message):
        parse(d)


def test_it_bounds_every_point_by_the_outline_disc():
    shape = outline("M0 0L10 0L10 4C10 8 0 8 0 4Z")
    assert (shape.cx, shape.cy) == (5, 4)
    points = [(op[i], op[i + 1]) for op in shape.ops for i in range(1, len(op), 2)]
    assert max(math.hypot(x - 5, y - 4) for x, y in points) == pytest.approx(shape.radius)


def test_it_parses_every_island_icon():
    data = json.loads(ISLAND.read_text(encoding="utf-8"))
    for symbol in data["symbols"]:
        shape = outline(symbol["d"])
        assert 0 < shape.radius <= 256 * math.sqrt(2) + 1, symbol["name_en"]
        assert 0 <= shape.cx <= 512 and 0 <= shape.cy <= 512
