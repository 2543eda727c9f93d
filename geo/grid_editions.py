"""A grid edition's outline, the extent and ranges suggested for it, and what refuses it.

Pure (shapely and numpy, no Django). An edition covers a country (ISO alpha-2) or a German
state (``DE-BY``); its outline is the country's or state's from ``geo/data/``, for a country
with far territories only its main part (the largest part and every part within
``MAIN_GAP_KM`` of what is kept, so islands off a coast stay and Hawaii or Réunion do not).
Outlines across the antimeridian (Fiji, Russia's Chukotka, the Aleutians) are joined first:
parts west of the date line move by 360°, so an outline's longitudes may exceed 180.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from geo.grid import GERMANY, LAT_LIMIT, RANGE_LIMIT, GridError, GridSpec, wrap_lon
from geo.outlines import (
    GERMANY_TOLERANCE_KM,
    countries,
    german_state_codes,
    german_states,
    germany_outline,
)

MAIN = "main"
ALL = "all"
PARTS = (MAIN, ALL)
MAIN_GAP_KM = 350.0  # Sardinia, Crete, Okinawa stay; Svalbard, Hawaii, Easter Island do not
# The countries file is simplified to about 2 km, so coastal towns may fall just outside it.
COUNTRY_TOLERANCE_KM = 4.0
MARGIN_SHARE = 0.02  # of the outline's span, each side
KM_PER_DEG = 111.2
MIN_RANGE = 10


class EditionError(ValueError):
    """An edition that cannot be made (no outline, bad extent or range); says why."""


def _shift_west_parts(geometry: BaseGeometry) -> BaseGeometry:
    """Join an outline cut at the antimeridian: parts west of it move east by 360°."""
    parts = list(shapely.get_parts(geometry))
    bounds = [p.bounds for p in parts]
    if not (min(b[0] for b in bounds) <= -179.5 and max(b[2] for b in bounds) >= 179.5):
        return geometry
    moved = [
        shapely.transform(p, lambda xy: xy + np.array([360.0, 0.0])) if p.centroid.x < 0 else p
        for p in parts
    ]
    return shapely.union_all(moved)


def _stretch(geometry: BaseGeometry, cos_lat: float) -> BaseGeometry:
    return shapely.transform(geometry, lambda xy: xy * np.array([cos_lat, 1.0]))


def _cos_lat(geometry: BaseGeometry) -> float:
    # Whole degrees: Germany's own tolerance has always been measured at 51°.
    _, south, _, north = geometry.bounds
    return math.cos(math.radians(round((south + north) / 2)))


def main_part(geometry: BaseGeometry, gap_km: float = MAIN_GAP_KM) -> BaseGeometry:
    """The largest part and every part reachable from it in hops of at most ``gap_km``."""
    parts = list(shapely.get_parts(geometry))
    if len(parts) <= 1:
        return geometry
    cos_lat = _cos_lat(max(parts, key=lambda p: p.area))
    stretched = [_stretch(p, cos_lat) for p in parts]
    tree = shapely.STRtree(stretched)
    largest = int(np.argmax([p.area for p in stretched]))
    kept = {largest}
    queue = [largest]
    while queue:
        near = tree.query(stretched[queue.pop()], predicate="dwithin", distance=gap_km / KM_PER_DEG)
        for k in near.tolist():
            if k not in kept:
                kept.add(k)
                queue.append(k)
    return shapely.union_all([parts[k] for k in sorted(kept)])


@cache
def edition_outline(country: str, region: str = "", part: str = MAIN) -> BaseGeometry:
    """The outline of a country (``part``: ``main`` or ``all``) or of a German state."""
    if part not in PARTS:
        raise EditionError(f"Outline part must be one of {', '.join(PARTS)}, not {part!r}.")
    if region:
        name = german_state_codes().get(region)
        if name is None or country != "DE":
            raise EditionError(
                f"No outline for the region {region!r}: regions are the German states "
                f"({', '.join(sorted(german_state_codes()))}) with country DE."
            )
        return german_states()[name]
    if country == "DE":
        return germany_outline()
    geometry = countries().get(country)
    if geometry is None or geometry.is_empty:
        raise EditionError(f"There is no outline for the country {country!r}.")
    geometry = _shift_west_parts(geometry)
    if part == MAIN:
        geometry = main_part(geometry)
    if geometry.bounds[0] >= 180:  # a main part wholly east of the date line
        geometry = shapely.transform(geometry, lambda xy: xy - np.array([360.0, 0.0]))
    return geometry


@dataclass(frozen=True)
class EditionShape:
    """An outline made ready for point tests: stretched to round kilometres, buffered by the
    border tolerance, prepared."""

    outline: BaseGeometry
    tolerance_km: float

    @property
    def cos_lat(self) -> float:
        return _cos_lat(self.outline)

    @property
    def _tolerant(self) -> BaseGeometry:
        return _tolerant(self.outline, self.tolerance_km)

    def holds_array(self, lat, lon) -> np.ndarray:
        """True where a point lies inside the outline or within the tolerance of it."""
        lat = np.asarray(lat, dtype=float)
        lon = (np.asarray(lon, dtype=float) + 180.0) % 360.0 - 180.0
        found = np.zeros(lat.shape, dtype=bool)
        # An outline joined across the antimeridian holds some of its points 360° east.
        for shift in (0.0, 360.0, -360.0):
            x = (lon + shift) * self.cos_lat
            found |= shapely.intersects_xy(self._tolerant, x, lat)
        return found

    def holds(self, lat: float, lon: float) -> bool:
        return bool(self.holds_array(np.array([lat]), np.array([lon]))[0])


@cache
def _tolerant(outline: BaseGeometry, tolerance_km: float) -> BaseGeometry:
    buffered = _stretch(outline, _cos_lat(outline)).buffer(tolerance_km / KM_PER_DEG)
    shapely.prepare(buffered)
    return buffered


@cache
def edition_shape(country: str, region: str = "", part: str = MAIN) -> EditionShape:
    """The outline and border tolerance that decide which places an edition numbers."""
    fine = region or country == "DE"  # the finer German files
    tolerance = GERMANY_TOLERANCE_KM if fine else COUNTRY_TOLERANCE_KM
    return EditionShape(edition_outline(country, region, part), tolerance)


def _nice(value: float) -> int:
    """A range near ``value``: a multiple of 10 (of 5 below 50), within MIN_RANGE…RANGE_LIMIT."""
    step = 5 if value < 50 else 10
    return int(min(RANGE_LIMIT, max(MIN_RANGE, step * round(value / step))))


def suggest(outline: BaseGeometry, tolerance_km: float = COUNTRY_TOLERANCE_KM) -> GridSpec:
    """An extent around the outline with a small margin, and ranges so that one step is about
    as long as one of Germany's (5.7 km north–south, 7.0 km west–east)."""
    minx, miny, maxx, maxy = outline.bounds
    cos_lat = math.cos(math.radians((miny + maxy) / 2))
    margin_y = max(MARGIN_SHARE * (maxy - miny), tolerance_km / KM_PER_DEG)
    margin_x = max(MARGIN_SHARE * (maxx - minx), tolerance_km / KM_PER_DEG / max(cos_lat, 0.1))
    north = min(LAT_LIMIT, round(maxy + margin_y, 2))
    south = max(-LAT_LIMIT, round(miny - margin_y, 2))
    if maxx - minx + 2 * margin_x >= 360:
        raise EditionError("The outline goes all the way round the globe: no grid can span it.")
    west = round(wrap_lon(minx - margin_x), 2)
    east = round(wrap_lon(maxx + margin_x), 2)
    probe = GridSpec(west=west, east=east, north=north, south=south, ns_max=100, we_max=100)
    ns_km, we_km = GERMANY.step_km()
    height, width = (100 * k for k in probe.step_km())
    return GridSpec(
        west=west,
        east=east,
        north=north,
        south=south,
        ns_max=_nice(height / ns_km),
        we_max=_nice(width / we_km),
    )


def suggest_for(country: str, region: str = "", part: str = MAIN) -> GridSpec:
    shape = edition_shape(country, region, part)
    return suggest(shape.outline, shape.tolerance_km)


@dataclass(frozen=True)
class Check:
    """What an edition's values would do: ``warnings`` block a save until confirmed."""

    warnings: tuple[str, ...]
    clamped: tuple[str, ...]  # names of places whose numbers would be clamped


def make_spec(west, east, north, south, ns_max, we_max) -> GridSpec:
    """A GridSpec from form values, its refusal as an EditionError."""
    try:
        return GridSpec(
            west=float(west),
            east=float(east),
            north=float(north),
            south=float(south),
            ns_max=int(ns_max),
            we_max=int(we_max),
        )
    except (TypeError, ValueError) as error:
        raise EditionError(str(error) if isinstance(error, GridError) else "Bad number.") from None


def _beyond_km(
    spec: GridSpec, west: float, east: float, bounds: tuple[float, float, float, float]
) -> list[tuple[str, float]]:
    """How far the outline reaches past each edge of the extent, where it does (> 0.5 km)."""
    minx, miny, maxx, maxy = bounds
    cos_lat = math.cos(math.radians((spec.north + spec.south) / 2))
    reach = [
        ("north", (maxy - spec.north) * KM_PER_DEG),
        ("south", (spec.south - miny) * KM_PER_DEG),
        ("west", (west - minx) * KM_PER_DEG * cos_lat),
        ("east", (maxx - east) * KM_PER_DEG * cos_lat),
    ]
    return [(edge, km) for edge, km in reach if km > 0.5]


def check(
    spec: GridSpec,
    shape: EditionShape,
    places: Sequence[tuple[str, float, float]] = (),
    limit: int = 12,
) -> Check:
    """Refuse an extent that misses the outline; warn when it cuts part of it off.

    ``places`` (name, lat, lon) are the towns the edition would number; those the outline holds
    but the extent would clamp are listed by name in the warning (the first ``limit``).
    """
    minx, _, maxx, _ = shape.outline.bounds
    west, east = spec.west, spec.east_unwrapped
    if minx > east + 1e-9 or maxx < west - 1e-9:  # try the outline a turn round
        west, east = west + 360 * (minx > east), east + 360 * (minx > east)
    box = shapely.box(west, spec.south, east, spec.north)
    inside = shape.outline.intersection(box).area
    if inside <= 0:
        raise EditionError("The extent does not cover any of the outline.")
    warnings: list[str] = []
    beyond = _beyond_km(spec, west, east, shape.outline.bounds)
    if beyond:
        edges = ", ".join(f"{km:.0f} km beyond the {edge} edge" for edge, km in beyond)
        warnings.append(f"The extent cuts off part of the outline: {edges}.")
    clamped: list[str] = []
    if places:
        names = [p[0] for p in places]
        lat = np.array([p[1] for p in places], dtype=float)
        lon = np.array([p[2] for p in places], dtype=float)
        hit = spec.clamps_array(lat, lon) & shape.holds_array(lat, lon)
        clamped = [names[i] for i in np.flatnonzero(hit)]
    if clamped:
        shown = ", ".join(clamped[:limit]) + (
            f" and {len(clamped) - limit} more" * (len(clamped) > limit)
        )
        warnings.append(f"{len(clamped)} places would get clamped numbers: {shown}.")
    return Check(tuple(warnings), tuple(clamped))
