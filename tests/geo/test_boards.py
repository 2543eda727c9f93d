from __future__ import annotations

import pytest

from geo.boards import (
    BOARD_CODES,
    BOARDS,
    board_point,
    cell_code,
    cell_of,
    describe_solution,
    point_solutions,
    point_solutions_array,
)
from geo.continents import board_for
from geo.regions import geometry_solutions

LINES = [k / 6 for k in range(1, 6)]


@pytest.mark.parametrize("code", BOARD_CODES)
def test_it_puts_a_boards_centre_on_four_rectangles_of_the_middle_field(code):
    # The centre sits where the thin lines of the middle field cross.
    assert sorted(point_solutions(code, *board_point(code, 0.5, 0.5))) == [
        f"{code}-M-M-A",
        f"{code}-M-M-B",
        f"{code}-M-M-C",
        f"{code}-M-M-D",
    ]


@pytest.mark.parametrize("code", BOARD_CODES)
def test_it_gives_each_corner_its_corner_rectangle(code):
    b = BOARDS[code]
    assert point_solutions(code, b.lat_max, b.lon_min) == [f"{code}-W-N-A"]
    assert point_solutions(code, b.lat_max, b.lon_max) == [f"{code}-O-N-B"]
    assert point_solutions(code, b.lat_min, b.lon_min) == [f"{code}-W-S-C"]
    assert point_solutions(code, b.lat_min, b.lon_max) == [f"{code}-O-S-D"]


@pytest.mark.parametrize("code", BOARD_CODES)
@pytest.mark.parametrize("k", range(1, 6))
def test_it_treats_points_on_and_beside_vertical_lines(code, k):
    line = k / 6
    fy = 0.1  # well inside row N, rectangle row A/B
    west = point_solutions(code, *board_point(code, line - 0.02, fy))
    east = point_solutions(code, *board_point(code, line + 0.02, fy))
    on = point_solutions(code, *board_point(code, line, fy))
    near = point_solutions(code, *board_point(code, line - 0.01, fy))
    assert west == [cell_code(code, k - 1, 0)]
    assert east == [cell_code(code, k, 0)]
    assert sorted(on) == sorted(west + east)
    assert near == west + east  # own rectangle first


@pytest.mark.parametrize("code", BOARD_CODES)
@pytest.mark.parametrize("k", range(1, 6))
def test_it_treats_points_on_and_beside_horizontal_lines(code, k):
    line = k / 6
    fx = 0.1
    north = point_solutions(code, *board_point(code, fx, line - 0.02))
    south = point_solutions(code, *board_point(code, fx, line + 0.02))
    on = point_solutions(code, *board_point(code, fx, line))
    assert north == [cell_code(code, 0, k - 1)]
    assert south == [cell_code(code, 0, k)]
    assert sorted(on) == sorted(north + south)


def test_it_names_berlin_and_paris():
    assert point_solutions("EU", 52.52, 13.405) == ["EU-M-M-C"]
    assert point_solutions("EU", 48.8566, 2.3522) == ["EU-W-S-B", "EU-M-S-A"]


def test_it_clamps_points_off_the_board_to_the_edge():
    assert point_solutions("EU", 78.2, 15.6) == ["EU-M-N-A"]  # Svalbard, above the board
    assert point_solutions("AU", -13.8, -171.8) == ["AU-O-M-B"]  # Samoa, across the date line


def test_the_array_version_matches():
    assert point_solutions_array(["EU", "AU"], [52.52, -13.8], [13.405, -171.8]) == [
        ["EU-M-M-C"],
        ["AU-O-M-B"],
    ]


def test_it_rejects_unknown_boards():
    with pytest.raises(ValueError, match="unknown board"):
        point_solutions("XX", 0, 0)


def test_solution_codes_round_trip():
    for i in range(6):
        for j in range(6):
            assert cell_of(cell_code("AF", i, j)) == ("AF", i, j)
    with pytest.raises(ValueError):
        cell_of("EU-X-M-C")


def test_it_describes_solutions_in_german_and_english():
    assert describe_solution("EU-O-M-C", "de") == "Europa, Osten, Mitte, Feld C"
    assert describe_solution("SA-W-S-A", "en") == "South America, west, south, rectangle A"


def _box(code, fx0, fy0, fx1, fy1):
    (lat0, lon0), (lat1, lon1) = board_point(code, fx0, fy0), board_point(code, fx1, fy1)
    ring = [[lon0, lat0], [lon1, lat0], [lon1, lat1], [lon0, lat1], [lon0, lat0]]
    return {"type": "Polygon", "coordinates": [ring]}


def test_a_region_spanning_two_fields_gets_both():
    # 60 % in field W-N (rectangle B), 40 % in M-N (rectangle A).
    region = _box("AF", 0.27, 0.05, 0.37, 0.15)
    assert geometry_solutions("AF", region) == ["AF-W-N-B", "AF-M-N-A"]


def test_a_small_share_does_not_count():
    region = _box("AF", 0.22, 0.05, 0.35, 0.15)  # about 8 % east of the line
    assert geometry_solutions("AF", region) == ["AF-W-N-B"]


def test_a_stated_point_picks_the_primary_cell():
    region = _box("AF", 0.27, 0.05, 0.37, 0.15)
    point = board_point("AF", 0.36, 0.1)
    assert geometry_solutions("AF", region, point) == ["AF-M-N-A", "AF-W-N-B"]


def test_a_river_counts_by_length():
    (lat0, lon0), (lat1, lon1) = board_point("SA", 0.1, 0.3), board_point("SA", 0.45, 0.3)
    river = {"type": "LineString", "coordinates": [[lon0, lat0], [lon1, lat1]]}
    # Row N, lower half; x 0.1–0.1667 W-N-C (19 %), –0.3333 W-N-D (48 %), –0.45 M-N-C (33 %)
    assert geometry_solutions("SA", river) == ["SA-W-N-D", "SA-M-N-C"]


@pytest.mark.parametrize(
    ("country", "lat", "lon", "expected"),
    [
        ("DE", 52.52, 13.405, "EU"),
        ("JP", 35.68, 139.69, "AS"),
        ("NZ", -41.29, 174.78, "AU"),
        ("BR", -23.55, -46.63, "SA"),
        ("US", 40.71, -74.01, "NA"),
        ("KE", -1.29, 36.82, "AF"),
        ("AQ", -77.85, 166.67, None),
        # Sunda Islands
        ("ID", -6.2, 106.85, "AU"),
        ("PH", 14.6, 120.98, "AU"),
        ("TL", -8.56, 125.57, "AU"),
        ("BN", 4.89, 114.94, "AU"),
        ("MY", 1.55, 110.35, "AU"),  # Kuching, Borneo
        ("MY", 3.14, 101.69, "AS"),  # Kuala Lumpur, peninsula
        # transcontinental splits
        ("RU", 55.76, 37.62, "EU"),
        ("RU", 55.03, 82.92, "AS"),
        ("TR", 41.01, 28.95, "EU"),  # Istanbul, Fatih
        ("TR", 41.03, 29.03, "AS"),  # Üsküdar
        ("TR", 39.93, 32.86, "AS"),
        ("TR", 40.15, 26.41, "AS"),  # Çanakkale
        ("TR", 40.41, 26.67, "EU"),  # Gelibolu
        ("KZ", 51.23, 51.37, "EU"),  # Oral
        ("KZ", 43.24, 76.89, "AS"),
        ("EG", 30.04, 31.24, "AF"),
        ("EG", 27.91, 34.33, "AS"),  # Sharm el-Sheikh, Sinai
        ("GE", 41.72, 44.79, "AS"),
        ("AZ", 41.36, 48.51, "EU"),  # Quba, north of the Caucasus crest
        # points their continent's board does not show
        ("ES", 28.12, -15.43, "AF"),  # Las Palmas
        ("FR", 4.94, -52.33, "SA"),  # Cayenne
        ("FR", -20.88, 55.45, "AF"),  # Saint-Denis, Réunion
    ],
)
def test_it_chooses_the_board(country, lat, lon, expected):
    assert board_for(country, lat, lon) == expected
