"""Any grid edition's numbers: the Germany mathematics with another extent and other ranges."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from geo.grid import GERMANY, GridError, GridSpec, germany_grid

DATA = Path(__file__).parent / "data"
AUSTRIA = GridSpec(west=9.37, east=17.3, north=49.06, south=46.33, ns_max=50, we_max=80)
FIJI = GridSpec(west=177.0, east=-178.12, north=-16.03, south=-20.76, ns_max=90, we_max=70)


def _deck_numbers() -> list[tuple[str, float, float, int, int]]:
    lines = (DATA / "germany_deck_numbers.tsv").read_text(encoding="utf-8").splitlines()[1:]
    rows = [line.split("\t") for line in lines]
    return [(r[1], float(r[2]), float(r[3]), int(r[4]), int(r[5])) for r in rows]


def test_every_germany_deck_place_keeps_the_numbers_it_had_before_grid_editions():
    # Numbers written by the Germany-only code for all 689 places of the starter deck.
    rows = _deck_numbers()
    assert len(rows) == 689
    lat = np.array([r[1] for r in rows])
    lon = np.array([r[2] for r in rows])
    ns, we = GERMANY.numbers_array(lat, lon)
    assert list(zip(ns.tolist(), we.tolist(), strict=True)) == [(r[3], r[4]) for r in rows]
    assert [tuple(germany_grid(r[1], r[2])) for r in rows] == [(r[3], r[4]) for r in rows]


def test_germany_keeps_the_rule_books_constants():
    assert (GERMANY.west, GERMANY.east, GERMANY.north, GERMANY.south) == (5.96, 15.03, 54.93, 47.28)
    assert (GERMANY.ns_max, GERMANY.we_max) == (150, 90)


def test_it_maps_an_extents_corners_to_the_ends_of_its_ranges():
    assert AUSTRIA.numbers(49.06, 9.37) == (0, 0)
    assert AUSTRIA.numbers(46.33, 17.3) == (50, 80)
    assert AUSTRIA.numbers(48.2085, 16.3721) == (16, 71)  # Vienna


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"ns_max": 0}, "north–south range must be a whole number from 1 to 999"),
        ({"we_max": 1000}, "west–east range must be a whole number from 1 to 999"),
        ({"north": 46.0}, "North must lie north of south"),
        ({"north": 89.0}, "±85"),
        ({"east": 9.37}, "West and east must differ"),
        ({"west": 190.0}, "longitudes from -180 to 180"),
        ({"west": float("nan")}, "finite"),
    ],
)
def test_it_refuses_a_grid_that_cannot_number_anything(values, message):
    fields = {"west": 9.37, "east": 17.3, "north": 49.06, "south": 46.33, "ns_max": 50}
    with pytest.raises(GridError, match=message):
        GridSpec(**{**fields, "we_max": 80, **values})


def test_a_grid_across_the_antimeridian_reads_longitudes_on_the_circle():
    assert FIJI.crosses_antimeridian
    assert FIJI.east_unwrapped == pytest.approx(181.88)
    west_of_line, east_of_line = FIJI.numbers(-17.0, 179.9), FIJI.numbers(-17.0, -179.9)
    assert west_of_line.we < east_of_line.we
    assert east_of_line.we - west_of_line.we <= 2


def test_steps_are_about_germanys():
    ns_km, we_km = GERMANY.step_km()
    assert ns_km == pytest.approx(5.67, abs=0.01)
    assert we_km == pytest.approx(7.04, abs=0.01)


extents = st.builds(
    lambda west, width, south, height, ns, we: GridSpec(
        west=west,
        east=((west + width + 180) % 360) - 180,
        north=min(85.0, south + height),
        south=south,
        ns_max=ns,
        we_max=we,
    ),
    st.floats(-180, 179),
    st.floats(0.5, 120),
    st.floats(-80, 70),
    st.floats(0.5, 30),
    st.integers(1, 999),
    st.integers(1, 999),
)
fractions = st.floats(0, 1)


@given(extents, fractions, fractions)
def test_numbers_stay_in_range_and_invert(spec, fy, fx):
    ns, we = fy * spec.ns_max, fx * spec.we_max
    lat, lon = float(spec.lat_for_ns(ns)), float(spec.lon_for_we(we))
    assert float(spec.ns_value(lat)) == pytest.approx(ns, abs=1e-6)
    assert float(spec.we_value(((lon + 180) % 360) - 180)) == pytest.approx(we, abs=1e-6)
    numbers = spec.numbers(lat, ((lon + 180) % 360) - 180)
    assert 0 <= numbers.ns <= spec.ns_max and 0 <= numbers.we <= spec.we_max
    assert not spec.clamps_array(np.array([lat]), np.array([lon]))[0]


@given(extents, fractions, fractions, fractions)
def test_further_north_never_gets_a_larger_north_south_number(spec, fa, fb, fx):
    lat_a = spec.south + fa * (spec.north - spec.south)
    lat_b = spec.south + fb * (spec.north - spec.south)
    lon = ((float(spec.lon_for_we(fx * spec.we_max)) + 180) % 360) - 180
    north, south = max(lat_a, lat_b), min(lat_a, lat_b)
    assert spec.numbers(north, lon).ns <= spec.numbers(south, lon).ns
