"""Where a grid edition's map puts things: its frame (grid numbers to millimetres) and layers.

``MapEdition`` is what a map needs to know of a grid edition; Germany's is ``GERMANY_MAP``
with the view and grid step of the printed map. Layers (the other countries' land, the
edition's own outline, German state lines) are clipped once per edition at one width and
scaled for others. Pure: shapely and numpy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from geo.grid import GERMANY, GridSpec, mercator_y
from geo.grid_editions import edition_outline
from geo.outlines import countries, german_states

GRID_STEP = 10
LAYER_WIDTH = 180.0  # mm: the width the outlines are clipped at, scaled for other widths
# The map shows a little beyond the grid so border towns keep their surroundings.
WE_VIEW = (-4.0, 94.0)
NS_VIEW = (-5.0, 155.0)


def language_key(language: str) -> str:
    return "de" if language.startswith("de") else "en"


@dataclass(frozen=True)
class MapEdition:
    """What a grid edition's map needs: its grid, whose outline is its land, and its names."""

    spec: GridSpec
    country: str
    region: str = ""
    part: str = "main"
    name_de: str = ""
    name_en: str = ""
    # The view beyond the grid (in grid numbers) and the numbered lines' step; None: derived.
    we_view: tuple[float, float] | None = None
    ns_view: tuple[float, float] | None = None
    step: int | None = None

    @classmethod
    def from_data(cls, data: dict) -> MapEdition:
        """From a grid edition's plain data (``cards.grids.models.GridEdition.as_data``); Germany's
        rule-book grid gets the printed map's view and line step."""
        spec = GridSpec(
            west=data["west"],
            east=data["east"],
            north=data["north"],
            south=data["south"],
            ns_max=data["ns_max"],
            we_max=data["we_max"],
        )
        if spec == GERMANY and data["country"] == "DE" and not data.get("region"):
            return GERMANY_MAP
        return cls(
            spec=spec,
            country=data["country"],
            region=data.get("region", ""),
            part=data.get("part", "main"),
            name_de=data.get("name", ""),
            name_en=data.get("name_en", ""),
        )

    def name(self, language: str) -> str:
        return self.name_de if language_key(language) == "de" else (self.name_en or self.name_de)

    @property
    def views(self) -> tuple[tuple[float, float], tuple[float, float]]:
        we_pad, ns_pad = 0.045 * self.spec.we_max, 0.035 * self.spec.ns_max
        return (
            self.we_view or (-we_pad, self.spec.we_max + we_pad),
            self.ns_view or (-ns_pad, self.spec.ns_max + ns_pad),
        )

    @property
    def grid_step(self) -> int:
        """About 8 to 16 numbered lines on the longer range (Germany: every 10 of 150)."""
        if self.step:
            return self.step
        longest = max(self.spec.ns_max, self.spec.we_max)
        return next((s for s in (1, 2, 5, 10, 20, 25, 50, 100) if longest / s <= 16), 100)


GERMANY_MAP = MapEdition(
    spec=GERMANY,
    country="DE",
    name_de="Deutschland",
    name_en="Germany",
    we_view=WE_VIEW,
    ns_view=NS_VIEW,
    step=GRID_STEP,
)


class GridFrame:
    def __init__(self, edition: MapEdition, width_mm: float):
        spec = edition.spec
        self.spec = spec
        self.we_view, self.ns_view = edition.views
        self.left = 13.0
        self.top = 24.0
        self.width = width_mm - 2 * self.left
        self.mm_per_we = self.width / (self.we_view[1] - self.we_view[0])
        rad_per_we = np.radians(float(spec.lon_for_we(1.0) - spec.lon_for_we(0.0)))
        rad_per_ns = float(mercator_y(spec.lat_for_ns(0.0)) - mercator_y(spec.lat_for_ns(1.0)))
        self.mm_per_ns = self.mm_per_we * rad_per_ns / rad_per_we  # Mercator keeps shapes
        self.height = (self.ns_view[1] - self.ns_view[0]) * self.mm_per_ns

    def x(self, we):
        return self.left + (np.asarray(we) - self.we_view[0]) * self.mm_per_we

    def y(self, ns):
        return self.top + (np.asarray(ns) - self.ns_view[0]) * self.mm_per_ns

    def project(self, geometry: BaseGeometry) -> BaseGeometry:
        spec = self.spec

        def to_mm(xy: np.ndarray) -> np.ndarray:
            # Longitudes as they come: an outline joined across the date line goes past 180.
            we = (xy[:, 0] - spec.west) * (spec.we_max / (spec.east_unwrapped - spec.west))
            return np.column_stack([self.x(we), self.y(spec.ns_value(xy[:, 1]))])

        return shapely.transform(geometry, to_mm)

    @property
    def box(self) -> BaseGeometry:
        return shapely.box(self.left, self.top, self.left + self.width, self.top + self.height)


def _view_box(frame: GridFrame) -> BaseGeometry:
    spec = frame.spec
    lat_a, lat_b = (
        float(spec.lat_for_ns(frame.ns_view[1])),
        float(spec.lat_for_ns(frame.ns_view[0])),
    )
    lon_a, lon_b = (
        float(spec.lon_for_we(frame.we_view[0])),
        float(spec.lon_for_we(frame.we_view[1])),
    )
    return shapely.box(lon_a - 1, lat_a - 1, lon_b + 1, lat_b + 1)


def _land(view: BaseGeometry, own: str) -> list[BaseGeometry]:
    """Every other country's outline in the view, a turn east or west where the view is."""
    found = []
    for code, geometry in countries().items():
        if code == own:
            continue
        for shift in (0.0, 360.0, -360.0):
            moved = shapely.transform(geometry, lambda xy, s=shift: xy + np.array([s, 0.0]))
            if moved.intersects(view):
                found.append(moved)
    return found


# Bounded: the admin's preview asks for a new edition at every change of a value.
@lru_cache(maxsize=64)
def grid_layers(edition: MapEdition, width_mm: float):
    frame = GridFrame(edition, width_mm)
    if width_mm != LAYER_WIDTH:  # clipping is slow, scaling is not: clip once, scale after
        base, *layers = grid_layers(edition, LAYER_WIDTH)
        k = frame.width / base.width
        origin = np.array([frame.left, frame.top])
        return frame, *(shapely.transform(g, lambda xy: (xy - origin) * k + origin) for g in layers)
    view = _view_box(frame)

    def clip(geometry):
        projected = frame.project(geometry.intersection(view))
        return projected.intersection(frame.box).simplify(0.08)

    own_outline = edition_outline(edition.country, edition.region, edition.part)
    # A state's map shows the rest of Germany as neighbouring land.
    others = clip(shapely.union_all(_land(view, "" if edition.region else edition.country)))
    own = clip(own_outline)
    if edition.country == "DE":
        states = shapely.union_all([clip(g).boundary for g in german_states().values()])
        state_lines = states.difference(own.boundary.buffer(0.3))
        if edition.region:  # only the state's own inner lines: none, so its neighbours'
            state_lines = state_lines.difference(own)
    else:
        state_lines = shapely.LineString()
    return frame, others, own, state_lines
