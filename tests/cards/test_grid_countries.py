"""Editions for countries of many shapes, from the bundled data alone: every card in its grid.

Pure: the outline, the suggested extent and ranges, and the towns a deck would take (the
cleaned gazetteer places of 1,000+ people the outline holds) — no database.
"""

from __future__ import annotations

import numpy as np
import pytest

from cards.gazetteer.world import country_places
from geo.grid import RANGE_LIMIT
from geo.grid_editions import check, edition_shape, suggest_for

# A long thin one, a fjord coast, and the two grid editions beside Germany run always; the
# rest of the shapes (islands, a date line, a continent) in the whole suite.
COUNTRIES = [
    "CL", "NO", "AT", "CH",
    *(pytest.param(c, marks=pytest.mark.exhaustive)
      for c in ("IT", "JP", "US", "NZ", "ID", "FR", "FJ", "RU", "GR")),
]  # fmt: skip


@pytest.mark.parametrize("country", COUNTRIES)
def test_an_edition_from_the_data_alone_holds_its_deck_inside_the_grid(country):
    spec = suggest_for(country)
    shape = edition_shape(country)
    towns = country_places(country, 1000)
    lat = np.array([t.latitude for t in towns])
    lon = np.array([t.longitude for t in towns])
    held = shape.holds_array(lat, lon)
    # The main part holds nearly all of a country's towns (not Hawaii's, Réunion's, …).
    assert held.mean() > 0.9, f"{country}: only {held.mean():.0%} of its towns"
    assert held.sum() >= 8
    assert not spec.clamps_array(lat[held], lon[held]).any()
    ns, we = spec.numbers_array(lat[held], lon[held])
    assert ns.min() >= 0 and ns.max() <= spec.ns_max and we.max() <= spec.we_max
    # The grid is used: a country's towns spread over most of both ranges (Fiji has 8 towns).
    assert held.sum() < 50 or (
        ns.max() - ns.min() > 0.5 * spec.ns_max and we.max() - we.min() > 0.5 * spec.we_max
    )
    assert 1 <= spec.ns_max <= RANGE_LIMIT and 1 <= spec.we_max <= RANGE_LIMIT
    assert check(spec, shape, [(t.name, t.latitude, t.longitude) for t in towns]).warnings == ()
