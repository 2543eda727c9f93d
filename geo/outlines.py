"""Country and German state outlines (committed under ``geo/data/``), loaded once on first use.

Geometries are shapely objects in lon/lat degrees. Point tests use prepared geometries and an
STRtree, so a look-up costs microseconds once the files are loaded (about a second, once).
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry

DATA = Path(__file__).resolve().parent / "data"

# Border towns: Natural Earth's line is simplified and a town's centre may sit right on the
# border, so a point up to this far outside Germany's outline still counts as inside.
GERMANY_TOLERANCE_KM = 2.5
# Coastal cities: the simplified country outlines can cut off a harbour town's centre.
COAST_TOLERANCE_DEG = 0.05
_KM_PER_DEG_LAT = 111.2
_GERMANY_COS = math.cos(math.radians(51.0))  # stretches degrees of longitude to kilometres


def _features(filename: str) -> list[dict]:
    return json.loads((DATA / filename).read_text(encoding="utf-8"))["features"]


@cache
def countries() -> dict[str, BaseGeometry]:
    """ISO alpha-2 code → country outline (Natural Earth 1:10m, simplified)."""
    return {f["properties"]["iso2"]: shape(f["geometry"]) for f in _features("countries.geojson")}


@cache
def country_names() -> dict[str, str]:
    """ISO alpha-2 code → Natural Earth's English short name."""
    return {
        f["properties"]["iso2"]: f["properties"]["name"] for f in _features("countries.geojson")
    }


@cache
def germany_outline() -> BaseGeometry:
    """Germany's outline at a finer simplification than the other countries."""
    return shape(_features("germany.geojson")[0]["geometry"])


@cache
def german_states() -> dict[str, BaseGeometry]:
    """State name (e.g. "Baden-Württemberg") → outline."""
    return {
        f["properties"]["name"]: shape(f["geometry"]) for f in _features("germany_states.geojson")
    }


@cache
def german_state_codes() -> dict[str, str]:
    """State code (e.g. "DE-BW") → name (e.g. "Baden-Württemberg")."""
    return {
        f["properties"]["code"]: f["properties"]["name"]
        for f in _features("germany_states.geojson")
    }


def _stretch(geometry: BaseGeometry) -> BaseGeometry:
    """Longitude scaled to equal-length degrees around Germany, so buffers are round."""
    return shapely.transform(geometry, lambda xy: xy * np.array([_GERMANY_COS, 1.0]))


@cache
def _germany_tolerant() -> BaseGeometry:
    buffered = _stretch(germany_outline()).buffer(GERMANY_TOLERANCE_KM / _KM_PER_DEG_LAT)
    shapely.prepare(buffered)
    return buffered


def in_germany(lat: float, lon: float) -> bool:
    """True if the point lies inside Germany or within a few kilometres of its border."""
    return bool(shapely.intersects_xy(_germany_tolerant(), lon * _GERMANY_COS, lat))


@cache
def _state_index() -> tuple[list[str], list[BaseGeometry]]:
    names = list(german_states())
    geometries = [_stretch(german_states()[name]) for name in names]
    for geometry in geometries:
        shapely.prepare(geometry)
    return names, geometries


def german_state_at(lat: float, lon: float) -> str | None:
    """Name of the German state containing the point (nearest within the border tolerance)."""
    names, geometries = _state_index()
    point = shapely.Point(lon * _GERMANY_COS, lat)
    distances = [0.0 if g.contains(point) else g.distance(point) for g in geometries]
    best = int(np.argmin(distances))
    if distances[best] * _KM_PER_DEG_LAT <= GERMANY_TOLERANCE_KM:
        return names[best]
    return None


@cache
def _country_index() -> tuple[list[str], shapely.STRtree]:
    codes = list(countries())
    geometries = [countries()[code] for code in codes]
    for geometry in geometries:
        shapely.prepare(geometry)
    return codes, shapely.STRtree(geometries)


def country_at(lat: float, lon: float) -> str | None:
    """ISO alpha-2 code of the country containing the point; None at sea.

    A point just off a simplified coast gets the nearest country within ~5 km.
    """
    codes, tree = _country_index()
    point = shapely.Point(lon, lat)
    hits = tree.query(point, predicate="intersects")
    if len(hits) == 0:
        hits = tree.query_nearest(point, max_distance=COAST_TOLERANCE_DEG)
    if len(hits) == 0:
        return None
    return codes[int(min(hits))]
