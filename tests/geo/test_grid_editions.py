"""Outlines, suggestions and refusals of grid editions, from the bundled data alone."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from geo.grid import GERMANY
from geo.grid_editions import (
    EditionError,
    check,
    edition_outline,
    edition_shape,
    make_spec,
    suggest_for,
)
from geo.outlines import in_germany


def test_the_main_part_keeps_near_islands_and_drops_far_territories():
    usa = edition_shape("US")
    assert usa.holds(40.71, -74.0)  # New York
    assert not usa.holds(21.31, -157.86)  # Honolulu
    assert not usa.holds(61.22, -149.9)  # Anchorage
    assert edition_shape("US", part="all").holds(21.31, -157.86)
    italy = edition_shape("IT")
    assert italy.holds(39.22, 9.12) and italy.holds(38.12, 13.36)  # Cagliari, Palermo
    france = edition_shape("FR")
    assert france.holds(41.92, 8.74)  # Ajaccio
    assert not france.holds(-20.88, 55.45)  # Saint-Denis, Réunion
    assert not edition_shape("CL").holds(-27.15, -109.43)  # Easter Island
    assert edition_shape("JP").holds(26.21, 127.68)  # Naha, Okinawa


def test_an_outline_across_the_antimeridian_is_joined():
    fiji = edition_shape("FJ")
    assert fiji.holds(-18.14, 178.44) and fiji.holds(-16.8, -179.95)
    spec = suggest_for("FJ")
    assert spec.crosses_antimeridian
    assert not spec.clamps_array(np.array([-16.8, -18.14]), np.array([-179.95, 178.44])).any()


def test_germany_holds_what_in_germany_holds():
    lat = np.random.default_rng(1).uniform(46.5, 55.5, 4000)
    lon = np.random.default_rng(2).uniform(5.0, 16.0, 4000)
    expected = np.array([in_germany(a, b) for a, b in zip(lat, lon, strict=True)])
    assert (edition_shape("DE").holds_array(lat, lon) == expected).all()


def test_a_german_state_is_a_region_of_germany():
    bavaria = edition_shape("DE", "DE-BY")
    assert bavaria.holds(48.137, 11.575) and not bavaria.holds(52.52, 13.405)
    with pytest.raises(EditionError, match="regions are the German states"):
        edition_outline("AT", "DE-BY")


def test_it_refuses_a_country_without_an_outline():
    with pytest.raises(EditionError, match="no outline for the country 'XY'"):
        edition_outline("XY")


@pytest.mark.parametrize("country", ["AT", "CH", "IT", "US", "JP", "DE"])
def test_suggested_steps_are_about_as_long_as_germanys(country):
    spec = suggest_for(country)
    ns_km, we_km = spec.step_km()
    germany_ns, germany_we = GERMANY.step_km()
    assert 0.8 < ns_km / germany_ns < 1.25 and 0.8 < we_km / germany_we < 1.25
    assert check(spec, edition_shape(country)).warnings == ()


def test_germanys_suggestion_is_close_to_the_rule_book():
    spec = suggest_for("DE")
    assert abs(spec.ns_max - 150) <= 10 and spec.we_max == 90
    assert abs(spec.north - 54.93) < 0.4 and abs(spec.west - 5.96) < 0.4


def test_a_country_too_wide_for_germanys_steps_gets_the_largest_range():
    assert suggest_for("RU").we_max == 999


def test_it_warns_when_the_extent_cuts_off_the_outline_and_names_the_places_it_clamps():
    result = check(GERMANY, edition_shape("DE"), [("List", 55.018, 8.415), ("Köln", 50.94, 6.96)])
    assert "15 km beyond the north edge" in result.warnings[0]
    assert result.clamped == ("List",)
    assert "1 places would get clamped numbers: List." in result.warnings[1]


def test_it_refuses_an_extent_that_misses_the_outline():
    spec = make_spec(20, 30, 10, 0, 50, 50)
    with pytest.raises(EditionError, match="does not cover any of the outline"):
        check(spec, edition_shape("AT"))


@pytest.mark.parametrize(
    ("values", "message"),
    [((9, 17, 49, 46, 0, 80), "from 1 to 999"), ((9, 17, 49, 46, 50, "x"), "Bad number")],
)
def test_form_values_are_refused_with_the_reason(values, message):
    with pytest.raises(EditionError, match=message):
        make_spec(*values)


def test_every_country_and_german_state_of_the_data_gets_an_edition_that_covers_it():
    from geo.outlines import countries, german_state_codes

    refused = {}
    for code in countries():
        try:
            spec = suggest_for(code)
        except EditionError as error:
            refused[code] = str(error)
            continue
        assert check(spec, edition_shape(code)).warnings == (), code
    assert refused == {"AQ": "The outline goes all the way round the globe: no grid can span it."}
    for region in german_state_codes():
        assert check(suggest_for("DE", region), edition_shape("DE", region)).warnings == ()


@given(st.floats(-21, -15), st.floats(176, 184))
def test_an_outline_across_the_date_line_holds_a_point_whichever_way_it_is_written(lat, lon):
    fiji = edition_shape("FJ")
    west = ((lon + 180) % 360) - 180
    assert fiji.holds(lat, west) == fiji.holds(lat, west + 360) == fiji.holds(lat, west - 360)
    spec = suggest_for("FJ")
    assert spec.numbers(lat, west) == spec.numbers(lat, west + 360)
