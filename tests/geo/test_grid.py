from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from geo.grid import (
    GridNumbers,
    germany_grid,
    germany_grid_array,
    lat_for_ns,
    lon_for_we,
    ns_value,
    we_value,
)

lats = st.floats(min_value=40.0, max_value=60.0, allow_nan=False)
lons = st.floats(min_value=0.0, max_value=20.0, allow_nan=False)


def test_it_maps_the_anchor_points_to_the_ends_of_the_scales():
    assert germany_grid(54.93, 5.96) == GridNumbers(ns=0, we=0)
    assert germany_grid(47.28, 15.03) == GridNumbers(ns=150, we=90)


def test_it_gives_germanys_extreme_points_their_numbers():
    assert germany_grid(55.058, 8.417).ns == 0  # List on Sylt, northernmost
    assert germany_grid(47.270, 10.178).ns == 150  # Haldenwanger Eck, southernmost
    assert germany_grid(51.053, 5.866).we == 0  # Isenbruch, westernmost
    assert germany_grid(51.273, 15.042).we == 90  # Deschka, easternmost


def test_it_places_berlin_and_munich():
    assert germany_grid(52.52, 13.405) == (50, 74)
    munich = germany_grid(48.137, 11.575)
    assert munich.ns > 120 and 50 < munich.we < 60


def test_it_clamps_outside_the_extent():
    assert germany_grid(60.0, 0.0) == (0, 0)
    assert germany_grid(40.0, 25.0) == (150, 90)


def test_it_rounds_halves_away_from_zero():
    assert germany_grid(float(lat_for_ns(10.5)) - 1e-9, float(lon_for_we(20.5)) + 1e-9) == (11, 21)
    assert germany_grid(float(lat_for_ns(10.4)), float(lon_for_we(20.4))) == (10, 20)


def test_it_rejects_non_finite_input():
    with pytest.raises(ValueError):
        germany_grid(float("nan"), 10.0)


def test_the_array_version_agrees_with_the_scalar_one():
    lat = np.array([54.93, 52.52, 48.137, 47.0])
    lon = np.array([5.96, 13.405, 11.575, 16.0])
    ns, we = germany_grid_array(lat, lon)
    assert list(zip(ns.tolist(), we.tolist(), strict=True)) == [
        tuple(germany_grid(a, b)) for a, b in zip(lat, lon, strict=True)
    ]


@given(lats, lats, lons)
def test_further_north_never_gets_a_larger_ns(lat_a, lat_b, lon):
    north, south = max(lat_a, lat_b), min(lat_a, lat_b)
    assert germany_grid(north, lon).ns <= germany_grid(south, lon).ns


@given(lons, lons, lats)
def test_further_east_never_gets_a_smaller_we(lon_a, lon_b, lat):
    west, east = min(lon_a, lon_b), max(lon_a, lon_b)
    assert germany_grid(lat, east).we >= germany_grid(lat, west).we


@given(st.floats(min_value=-10, max_value=160, allow_nan=False))
def test_the_inverses_round_trip(value):
    assert ns_value(lat_for_ns(value)) == pytest.approx(value, abs=1e-9)
    assert we_value(lon_for_we(value)) == pytest.approx(value, abs=1e-9)
