"""Grid numbers: west–east linear in longitude, north–south linear in the Mercator northing.

Every grid edition (Germany, Austria, a German state, …) is a ``GridSpec``: an extent and the
two number ranges. Germany's anchors come from the printed game's own examples (see DESIGN.md,
"Germany grid") and are ``GERMANY``; the module-level Germany functions are that spec's. The
printed maps, the admin, the API and the bench all use these functions; there is no second copy.
Pure: numbers in, numbers out (``geo.grid_editions`` adds the outlines).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np

WE_MAX = 90
NS_MAX = 150
LON_WEST = 5.96  # → west–east 0
LON_EAST = 15.03  # → west–east 90
LAT_NORTH = 54.93  # → north–south 0
LAT_SOUTH = 47.28  # → north–south 150

RANGE_LIMIT = 999  # three digits fit in a blob on the card
LAT_LIMIT = 85.0  # Mercator's northing grows without bound towards the poles
EARTH_RADIUS_KM = 6371.0088


class GridError(ValueError):
    """A grid that cannot number anything (bad extent or range); the message says why."""


def mercator_y(lat):
    """Mercator northing of a latitude in degrees (float or numpy array), unitless."""
    return np.log(np.tan(np.pi / 4 + np.radians(lat) / 2))


def mercator_lat(y):
    """Inverse of :func:`mercator_y`: latitude in degrees."""
    return np.degrees(2 * np.arctan(np.exp(y)) - np.pi / 2)


class GridNumbers(NamedTuple):
    ns: int
    we: int


def round_half_away(values) -> np.ndarray:
    """Halves away from zero (numpy's own rounding is half-to-even)."""
    values = np.asarray(values, dtype=float)
    return np.sign(values) * np.floor(np.abs(values) + 0.5)


def _round_clamp(values: np.ndarray, maximum: int) -> np.ndarray:
    # The clamp makes the sign moot for results, but keeps negative halves symmetric first.
    return np.clip(round_half_away(values), 0, maximum).astype(np.int64)


def wrap_lon(lon: float) -> float:
    """A longitude in [-180, 180)."""
    return (lon + 180.0) % 360.0 - 180.0


@dataclass(frozen=True)
class GridSpec:
    """An extent (degrees) and two number ranges: north–south 0…ns_max, west–east 0…we_max.

    ``east < west`` means the grid crosses the antimeridian (Fiji: west 177, east -178);
    longitudes are then read on the circle, half a turn either side of the grid's middle.
    """

    west: float
    east: float
    north: float
    south: float
    ns_max: int
    we_max: int

    def __post_init__(self) -> None:
        values = (self.west, self.east, self.north, self.south)
        if not all(math.isfinite(v) for v in values):
            raise GridError("The extent must be given as finite numbers.")
        for name in ("ns_max", "we_max"):
            value = getattr(self, name)
            if int(value) != value or not 1 <= value <= RANGE_LIMIT:
                label = "north–south" if name == "ns_max" else "west–east"
                raise GridError(
                    f"The {label} range must be a whole number from 1 to {RANGE_LIMIT}, "
                    f"not {value}."
                )
        if not (-180 <= self.west <= 180 and -180 <= self.east <= 180):
            raise GridError("West and east must be longitudes from -180 to 180.")
        if self.west == self.east:
            raise GridError("West and east must differ.")
        if not -LAT_LIMIT <= self.south < self.north <= LAT_LIMIT:
            raise GridError(
                f"North must lie north of south, both within ±{LAT_LIMIT:g}° "
                "(the Mercator northing grows without bound towards the poles)."
            )

    @property
    def crosses_antimeridian(self) -> bool:
        return self.east < self.west

    @property
    def east_unwrapped(self) -> float:
        """East as seen from west: beyond 180 for a grid across the antimeridian."""
        return self.east + 360.0 if self.crosses_antimeridian else self.east

    @cached_property
    def _y_north(self) -> float:
        return float(mercator_y(self.north))

    @cached_property
    def _ns_per_y(self) -> float:
        # Negative: the northing falls as the number grows.
        return self.ns_max / (float(mercator_y(self.south)) - self._y_north)

    @cached_property
    def _we_per_deg(self) -> float:
        return self.we_max / (self.east_unwrapped - self.west)

    def unwrap(self, lon):
        """Longitudes as the grid reads them (unchanged unless it crosses the antimeridian)."""
        lon = np.asarray(lon, dtype=float)
        if not self.crosses_antimeridian:
            return lon
        middle = (self.west + self.east_unwrapped) / 2
        return (lon - middle + 180.0) % 360.0 - 180.0 + middle

    def ns_value(self, lat):
        """Unrounded, unclamped north–south number (float or array)."""
        return (mercator_y(lat) - self._y_north) * self._ns_per_y

    def we_value(self, lon):
        """Unrounded, unclamped west–east number (float or array)."""
        return (self.unwrap(lon) - self.west) * self._we_per_deg

    def lat_for_ns(self, ns):
        """Latitude of a (possibly fractional) north–south number; inverse of ``ns_value``."""
        return mercator_lat(np.asarray(ns, dtype=float) / self._ns_per_y + self._y_north)

    def lon_for_we(self, we):
        """Longitude (unwrapped: may exceed 180) of a west–east number; inverse of ``we_value``."""
        return np.asarray(we, dtype=float) / self._we_per_deg + self.west

    def numbers_array(self, lat, lon) -> tuple[np.ndarray, np.ndarray]:
        """Vectorised grid numbers: (ns, we) as int64 arrays, rounded and clamped."""
        lat = np.asarray(lat, dtype=float)
        return (
            _round_clamp(self.ns_value(lat), self.ns_max),
            _round_clamp(self.we_value(lon), self.we_max),
        )

    def numbers(self, lat: float, lon: float) -> GridNumbers:
        """The two numbers printed on a card's back; clamped outside the extent."""
        if not (math.isfinite(lat) and math.isfinite(lon)):
            raise ValueError("latitude and longitude must be finite numbers")
        ns, we = self.numbers_array(np.array([lat]), np.array([lon]))
        return GridNumbers(int(ns[0]), int(we[0]))

    def clamps_array(self, lat, lon) -> np.ndarray:
        """True where a point's rounded numbers fall outside the ranges (and would be clamped)."""
        ns = round_half_away(self.ns_value(np.asarray(lat, dtype=float)))
        we = round_half_away(self.we_value(lon))
        return (ns < 0) | (ns > self.ns_max) | (we < 0) | (we > self.we_max)

    def step_km(self) -> tuple[float, float]:
        """Average length of one north–south and one west–east step, in kilometres.

        North–south: the extent's meridian length over the range; west–east: the extent's
        width at its middle latitude over the range.
        """
        height = math.radians(self.north - self.south) * EARTH_RADIUS_KM
        middle = math.radians((self.north + self.south) / 2)
        width = math.radians(self.east_unwrapped - self.west) * EARTH_RADIUS_KM * math.cos(middle)
        return height / self.ns_max, width / self.we_max


GERMANY = GridSpec(
    west=LON_WEST, east=LON_EAST, north=LAT_NORTH, south=LAT_SOUTH, ns_max=NS_MAX, we_max=WE_MAX
)


def ns_value(lat):
    """Germany: unrounded, unclamped north–south number (float or array)."""
    return GERMANY.ns_value(lat)


def we_value(lon):
    """Germany: unrounded, unclamped west–east number (float or array)."""
    return GERMANY.we_value(lon)


def lat_for_ns(ns):
    """Germany: latitude of a (possibly fractional) north–south number."""
    return GERMANY.lat_for_ns(ns)


def lon_for_we(we):
    """Germany: longitude of a (possibly fractional) west–east number."""
    return GERMANY.lon_for_we(we)


def germany_grid_array(lat: np.ndarray, lon: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised Germany grid numbers: (ns, we) as int64 arrays, rounded and clamped."""
    return GERMANY.numbers_array(lat, lon)


def germany_grid(lat: float, lon: float) -> GridNumbers:
    """The two numbers printed on a Germany card's back.

    Does not check that the point lies in Germany (see ``geo.outlines.in_germany``): outside the
    extent the numbers are simply clamped.
    """
    return GERMANY.numbers(lat, lon)
