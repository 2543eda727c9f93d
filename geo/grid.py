"""The Germany grid: west–east 0–90 linear in longitude, north–south 0–150 linear in Mercator.

The anchors come from the printed game's own examples (see DESIGN.md, "Germany grid"). The
printed map, the admin, the API and the bench all use these functions; there is no second copy.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

WE_MAX = 90
NS_MAX = 150
LON_WEST = 5.96  # → west–east 0
LON_EAST = 15.03  # → west–east 90
LAT_NORTH = 54.93  # → north–south 0
LAT_SOUTH = 47.28  # → north–south 150


def mercator_y(lat):
    """Mercator northing of a latitude in degrees (float or numpy array), unitless."""
    return np.log(np.tan(np.pi / 4 + np.radians(lat) / 2))


def mercator_lat(y):
    """Inverse of :func:`mercator_y`: latitude in degrees."""
    return np.degrees(2 * np.arctan(np.exp(y)) - np.pi / 2)


_Y_NORTH = float(mercator_y(LAT_NORTH))
_Y_SOUTH = float(mercator_y(LAT_SOUTH))
_NS_PER_Y = NS_MAX / (_Y_SOUTH - _Y_NORTH)  # negative: northing falls as the number grows
_WE_PER_DEG = WE_MAX / (LON_EAST - LON_WEST)


class GridNumbers(NamedTuple):
    ns: int
    we: int


def ns_value(lat):
    """Unrounded, unclamped north–south number (float or array)."""
    return (mercator_y(lat) - _Y_NORTH) * _NS_PER_Y


def we_value(lon):
    """Unrounded, unclamped west–east number (float or array)."""
    return (np.asarray(lon, dtype=float) - LON_WEST) * _WE_PER_DEG


def lat_for_ns(ns):
    """Latitude of a (possibly fractional) north–south number; inverse of :func:`ns_value`."""
    return mercator_lat(np.asarray(ns, dtype=float) / _NS_PER_Y + _Y_NORTH)


def lon_for_we(we):
    """Longitude of a (possibly fractional) west–east number; inverse of :func:`we_value`."""
    return np.asarray(we, dtype=float) / _WE_PER_DEG + LON_WEST


def _round_clamp(values: np.ndarray, maximum: int) -> np.ndarray:
    # Halves away from zero (numpy's own rounding is half-to-even); the clamp makes the sign moot
    # for results, but keeps negative halves symmetric before clamping.
    rounded = np.sign(values) * np.floor(np.abs(values) + 0.5)
    return np.clip(rounded, 0, maximum).astype(np.int64)


def germany_grid_array(lat: np.ndarray, lon: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised grid numbers: (ns, we) as int64 arrays, rounded and clamped."""
    lat = np.asarray(lat, dtype=float)
    lon = np.asarray(lon, dtype=float)
    return _round_clamp(ns_value(lat), NS_MAX), _round_clamp(we_value(lon), WE_MAX)


def germany_grid(lat: float, lon: float) -> GridNumbers:
    """The two numbers printed on a Germany card's back.

    Does not check that the point lies in Germany (see ``geo.outlines.in_germany``): outside the
    extent the numbers are simply clamped.
    """
    if not (math.isfinite(lat) and math.isfinite(lon)):
        raise ValueError("latitude and longitude must be finite numbers")
    ns, we = germany_grid_array(np.array([lat]), np.array([lon]))
    return GridNumbers(int(ns[0]), int(we[0]))
