from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from geo import mapdraw as md
from geo.board_maps import board_map
from geo.boards import BOARD_CODES, point_solutions
from geo.grid import ns_value, we_value
from geo.maps import DOT, germany_map
from geo.svg import render_svg

BERLIN = ("Berlin", 52.52, 13.405)
MUNICH = ("München", 48.137, 11.575)


def _dots(drawing: md.MapDrawing) -> list[md.Circle]:
    return [i for i in drawing.items if isinstance(i, md.Circle) and i.fill == DOT]


def _grid_line(drawing: md.MapDrawing, colour: str, vertical: bool, index: int) -> float:
    lines = [
        i
        for i in drawing.items
        if isinstance(i, md.Line)
        and i.stroke == colour
        and (i.points[0][0] == i.points[1][0]) == vertical
    ]
    axis = 0 if vertical else 1
    return sorted(line.points[0][axis] for line in lines)[index]


@pytest.mark.parametrize("city", [BERLIN, MUNICH])
def test_a_citys_dot_sits_where_its_grid_numbers_say(city):
    drawing = germany_map([city], width_mm=180)
    (dot,) = _dots(drawing)
    _, lat, lon = city
    we, ns = float(we_value(lon)), float(ns_value(lat))
    # White lines run north–south at west–east 0, 10, …; black ones west–east at 0, 10, …
    x_left = _grid_line(drawing, "#ffffff", True, int(we // 10))
    x_right = _grid_line(drawing, "#ffffff", True, int(we // 10) + 1)
    y_top = _grid_line(drawing, "#1a1a1a", False, int(ns // 10))
    y_bottom = _grid_line(drawing, "#1a1a1a", False, int(ns // 10) + 1)
    assert dot.x == pytest.approx(x_left + (we % 10) / 10 * (x_right - x_left), abs=0.01)
    assert dot.y == pytest.approx(y_top + (ns % 10) / 10 * (y_bottom - y_top), abs=0.01)


def test_the_germany_map_carries_numbers_and_the_note():
    texts = [i.text for i in germany_map([BERLIN], language="de").items if isinstance(i, md.Text)]
    assert {"0", "90", "150", "Berlin"} <= set(texts)
    assert any("Stadtzentrum" in t for t in texts)
    assert any("GeoNames" in t and "Natural Earth" in t for t in texts)
    english = [i.text for i in germany_map([], language="en").items if isinstance(i, md.Text)]
    assert any("city centre" in t for t in english)


def test_the_germany_svg_parses():
    root = ET.fromstring(render_svg(germany_map([BERLIN, MUNICH])))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.get("width") == "180mm"
    assert len(root.findall(f"{ns}circle")) > 2
    assert "Berlin" in [t.text for t in root.findall(f"{ns}text")]


@pytest.mark.parametrize("code", BOARD_CODES)
def test_every_board_renders_and_parses(code):
    drawing = board_map(code, width_mm=250)
    assert drawing.width == 250 and drawing.height > 100
    root = ET.fromstring(render_svg(drawing))
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts.count("A") == 9 and texts.count("D") == 9
    assert {"W", "M", "O", "N", "S"} <= set(texts)


def test_a_board_dot_sits_in_its_highlighted_rectangle():
    solutions = point_solutions("EU", BERLIN[1], BERLIN[2])
    drawing = board_map("EU", dots=[BERLIN], highlight=solutions)
    (dot,) = _dots(drawing)
    highlighted = [i for i in drawing.items if isinstance(i, md.Polygon) and i.opacity < 1]
    assert len(highlighted) == len(solutions) == 1
    xs = [p[0] for p in highlighted[0].rings[0]]
    ys = [p[1] for p in highlighted[0].rings[0]]
    assert min(xs) < dot.x < max(xs) and min(ys) < dot.y < max(ys)


def test_a_board_leaves_out_dots_it_does_not_show():
    assert _dots(board_map("AU", dots=[BERLIN])) == []


# Viersen and Wegberg, 12 km apart, and Mönchengladbach between them: a round's neighbours.
NEIGHBOURS = [("1", 51.2556, 6.3943), ("2", 51.1422, 6.2843), ("3", 51.1805, 6.4428)]


@pytest.mark.parametrize("labels", ["spread", "all"])
def test_a_spread_label_covers_no_other_dot_or_label(labels):
    from geo.labels import text_box

    drawing = germany_map(NEIGHBOURS, labels=labels, dot_radius=3.0, label_size=9.0)
    names = {name for name, _lat, _lon in NEIGHBOURS}
    boxes = {
        i.text: text_box(i) for i in drawing.items if isinstance(i, md.Text) and i.text in names
    }
    assert set(boxes) == names  # every dot keeps its number

    def overlap(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    dots = [(d.x - d.r, d.y - d.r, d.x + d.r, d.y + d.r) for d in _dots(drawing)]
    clashes = sum(overlap(boxes[a], boxes[b]) for a in names for b in names if a < b) + sum(
        overlap(box, dot) for box in boxes.values() for dot in dots
    )
    # Beside its own dot a label never covers that dot; "all" stacks these neighbours' numbers.
    assert (clashes == 0) == (labels == "spread")
