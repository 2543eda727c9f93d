"""Any grid edition's map: the Germany code path with another grid and outline."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from rest_framework.test import APIClient

from geo import mapdraw as md
from geo.grid_editions import suggest_for
from geo.maps import DOT, GERMANY_MAP, MapEdition, germany_map, grid_map, grid_position
from geo.svg import render_svg

AUSTRIA = MapEdition(spec=suggest_for("AT"), country="AT", name_de="Österreich")
VIENNA = ("Wien", 48.2085, 16.3721)


def _texts(drawing: md.MapDrawing) -> list[str]:
    return [i.text for i in drawing.items if isinstance(i, md.Text)]


def test_a_dot_sits_where_the_editions_numbers_say():
    drawing = grid_map(AUSTRIA, [VIENNA], width_mm=200)
    (dot,) = [i for i in drawing.items if isinstance(i, md.Circle) and i.fill == DOT]
    assert (dot.x, dot.y) == pytest.approx(grid_position(AUSTRIA, 200, *VIENNA[1:]))
    spec = AUSTRIA.spec
    lines = sorted(
        i.points[0][0]
        for i in drawing.items
        if isinstance(i, md.Line) and i.stroke == "#ffffff" and i.points[0][0] == i.points[1][0]
    )
    step = AUSTRIA.grid_step
    we = float(spec.we_value(VIENNA[2]))
    left, right = lines[int(we // step)], lines[int(we // step) + 1]
    assert dot.x == pytest.approx(left + (we % step) / step * (right - left), abs=0.01)


def test_the_map_numbers_its_lines_and_names_its_ranges():
    texts = _texts(grid_map(AUSTRIA, [], language="de"))
    assert texts[0] != "Deutschland" and "Österreich" in texts
    assert f"● Nord–Süd 0–{AUSTRIA.spec.ns_max}   ○ West–Ost 0–{AUSTRIA.spec.we_max}" in texts
    assert {"0", "5", "50"} <= set(texts)


def test_germany_is_the_same_map_as_before():
    assert grid_map(GERMANY_MAP, [VIENNA]) == germany_map([VIENNA])
    assert "● Nord–Süd 0–150   ○ West–Ost 0–90" in _texts(germany_map([]))


def test_a_map_across_the_antimeridian_draws_both_sides():
    fiji = MapEdition(spec=suggest_for("FJ"), country="FJ", name_en="Fiji")
    drawing = grid_map(fiji, [("Suva", -18.14, 178.44), ("Taveuni", -16.8, -179.95)])
    dots = [i for i in drawing.items if isinstance(i, md.Circle) and i.fill == DOT]
    assert all(0 < d.x < drawing.width for d in dots)
    land = [i for i in drawing.items if isinstance(i, md.Polygon) and i.fill == "#9fc97f"]
    assert len(land) > 3
    ET.fromstring(render_svg(drawing))


@pytest.mark.django_db
def test_the_admin_preview_endpoints(teacher):
    api = APIClient()
    api.force_authenticate(teacher)
    suggestion = api.get("/api/grid/suggest/", {"country": "at"}).json()
    assert (suggestion["ns_max"], suggestion["we_max"]) == (50, 80)
    assert 5 < suggestion["ns_km"] < 7
    svg = api.get("/api/maps/grid.svg", {"country": "AT", **{k: suggestion[k] for k in (
        "west", "east", "north", "south", "ns_max", "we_max")}})  # fmt: skip
    assert svg.status_code == 200 and svg["Content-Type"].startswith("image/svg+xml")
    ET.fromstring(svg.content)
    bad = api.get("/api/maps/grid.svg", {"country": "AT", "west": 9, "east": 17, "north": 49,
                                         "south": 46, "ns_max": 0, "we_max": 80})  # fmt: skip
    assert bad.status_code == 400 and "from 1 to 999" in bad.json()["detail"]
    assert api.get("/api/grid/suggest/", {"country": "XY"}).json() == {
        "detail": "There is no outline for the country 'XY'."
    }
    assert APIClient().get("/api/grid/suggest/", {"country": "AT"}).status_code in (401, 403)
