from __future__ import annotations

import pytest

from geo.locate import WorldLocation, locate, world_location
from geo.outlines import country_at, german_state_at, german_states, in_germany


@pytest.mark.parametrize(
    ("lat", "lon"),
    [
        (52.52, 13.405),  # Berlin
        (47.66, 9.175),  # Konstanz
        (48.573, 7.815),  # Kehl, across the Rhine from Strasbourg
        (47.594, 7.621),  # Weil am Rhein, a border town
        (54.79, 9.44),  # Flensburg
        (51.842, 6.143),  # Kleve-Kellen near the Dutch border
        (54.182, 7.886),  # Heligoland
    ],
)
def test_it_accepts_places_in_germany_and_its_border_towns(lat, lon):
    assert in_germany(lat, lon)


@pytest.mark.parametrize(
    ("lat", "lon"),
    [
        (48.857, 2.352),  # Paris
        (47.376, 8.541),  # Zürich
        (52.37, 4.9),  # Amsterdam
        (48.573, 7.752),  # Strasbourg, 5 km from the border
        (47.80, 13.04),  # Salzburg
    ],
)
def test_it_rejects_places_outside_germany(lat, lon):
    assert not in_germany(lat, lon)


def test_it_finds_the_state():
    assert len(german_states()) == 16
    assert german_state_at(48.78, 9.18) == "Baden-Württemberg"
    assert german_state_at(53.55, 9.99) == "Hamburg"
    assert german_state_at(50.98, 11.03) == "Thüringen"
    assert german_state_at(48.857, 2.352) is None


def test_it_finds_the_country_and_nothing_at_sea():
    assert country_at(48.857, 2.352) == "FR"
    assert country_at(-33.87, 151.21) == "AU"
    assert country_at(35.68, 139.69) == "JP"
    assert country_at(30.0, -40.0) is None


def test_locate_answers_the_api_contract():
    assert locate(52.52, 13.405) == {
        "germany": {"ns": 50, "we": 74},
        "world": {"board": "EU", "solutions": ["EU-M-M-C"]},
    }
    assert locate(48.857, 2.352)["germany"] is None
    assert locate(30.0, -40.0) == {"germany": None, "world": None}


def test_world_location_honours_overrides():
    assert world_location("DE", 52.52, 13.405) == WorldLocation("EU", ["EU-M-M-C"])
    assert world_location("DE", 52.52, 13.405, board_override="AS").board == "AS"
    assert world_location("DE", 52.52, 13.405, solutions_override=["EU-M-M-D"]) == WorldLocation(
        "EU", ["EU-M-M-D"]
    )
    assert world_location("AQ", -77.85, 166.67) is None
    with pytest.raises(ValueError):
        world_location("DE", 52.52, 13.405, solutions_override=["EU-M-M-D", "AS-M-M-D"])


def test_world_location_uses_a_geometry():
    alps = {
        "type": "Polygon",
        "coordinates": [[[5.5, 44.0], [16.0, 46.0], [16.0, 47.5], [6.5, 46.5], [5.5, 44.0]]],
    }
    location = world_location("CH", 46.5, 9.0, geometry=alps)
    assert location.board == "EU"
    assert location.solutions[0].startswith("EU-")
