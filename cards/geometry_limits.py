"""Bounds on editors' geometries, checked before shapely sees them, and simplification on save.

A region's solutions are computed from its geometry on every read (make_valid, projection,
intersection with the board); that cost grows faster than linearly with the vertex count, so a
200,000-point line string made every read of the place take most of a minute. Geometries are
refused above ``MAX_VERTICES`` (or ``MAX_JSON_BYTES``) and simplified to at most
``SIMPLIFY_TO`` vertices when saved: far more than a card at the size of a continent board
can show (`bench/geometry_cost.py` prints the cost by vertex count).
"""

from __future__ import annotations

import json
import math
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

MAX_VERTICES = 20_000
MAX_JSON_BYTES = 1_000_000
SIMPLIFY_TO = 1_000
MAX_NESTING = 4  # MultiPolygon: polygons → rings → positions → numbers


def count_positions(coordinates: Any, depth: int = 0) -> int:
    """Positions ([lon, lat]) in GeoJSON ``coordinates``; ValidationError on anything else.

    Iterative limits first: the walk stops as soon as the count passes ``MAX_VERTICES``.
    """
    if depth > MAX_NESTING or not isinstance(coordinates, list | tuple):
        raise ValidationError(_("The geometry's coordinates are malformed."), code="invalid")
    if coordinates and all(isinstance(c, int | float) for c in coordinates):
        if len(coordinates) not in (2, 3) or isinstance(coordinates[0], bool):
            raise ValidationError(_("A position is [longitude, latitude]."), code="invalid")
        if not all(math.isfinite(c) for c in coordinates):
            raise ValidationError(_("Give finite coordinates."), code="not_finite")
        return 1
    total = 0
    for item in coordinates:
        total += count_positions(item, depth + 1)
        if total > MAX_VERTICES:
            break
    return total


def check_geometry_size(value: dict) -> None:
    """Refuse a geometry that is too large to handle, before parsing it with shapely."""
    try:
        size = len(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError):
        raise ValidationError(_("Give finite coordinates."), code="not_finite") from None
    if size > MAX_JSON_BYTES:
        raise ValidationError(
            _("The geometry is %(kb)d kB; at most %(max)d kB."),
            params={"kb": size // 1000, "max": MAX_JSON_BYTES // 1000},
            code="too_large",
        )
    vertices = count_positions(value.get("coordinates"))
    if vertices > MAX_VERTICES:
        raise ValidationError(
            _("The geometry has more than %(max)d points; simplify it first."),
            params={"max": MAX_VERTICES},
            code="too_many_vertices",
        )


def simplify_geometry(value: dict | None, target: int = SIMPLIFY_TO) -> dict | None:
    """``value`` with at most ``target`` vertices (unchanged if it already has that few)."""
    if not value or value.get("type") == "Point":
        return value
    import shapely
    from shapely.geometry import mapping, shape

    geom = shape(value)
    if shapely.get_num_coordinates(geom) <= target:
        return value

    # Douglas-Peucker without topology checks is O(n log n) even for a line that crosses itself
    # thousands of times (the checked variant took seconds there); reads repair polygons with
    # make_valid anyway. Bisect for the smallest tolerance that keeps at most `target` points.
    def kept(tolerance: float) -> int:
        return shapely.get_num_coordinates(
            shapely.simplify(geom, tolerance, preserve_topology=False)
        )

    low, high = 0.0, 1.0  # degrees
    while kept(high) > target:
        high *= 4
    for _step in range(20):
        middle = (low + high) / 2
        low, high = (middle, high) if kept(middle) > target else (low, middle)
    simplified = shapely.simplify(geom, high, preserve_topology=False)
    return json.loads(json.dumps(mapping(simplified)))
