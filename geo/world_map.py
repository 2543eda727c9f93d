"""A map of the whole world (Mercator, like the boards) as a renderer-neutral ``MapDrawing``:
land, the six boards' outlines, dots at places and lines from one point to another (a team's
guess to where the place really is)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import numpy as np
import shapely

from geo import mapdraw as md
from geo.boards import BOARDS, CELLS, COLUMNS, ROWS, board_point, cell_of
from geo.grid import mercator_y
from geo.maps import LAND_OTHER, SEA, geometry_polygons
from geo.outlines import countries

LAT_TOP, LAT_BOTTOM = 78.0, -58.0  # Svalbard to Tierra del Fuego: Antarctica is on no board
LON_WEST, LON_EAST = -180.0, 180.0
RIGHT = "#009E73"  # Okabe–Ito green and vermilion: told apart by the colour-blind too
WRONG = "#D55E00"


class WorldFrame:
    """Degrees to millimetres on a drawing ``width`` mm wide."""

    def __init__(self, width: float) -> None:
        self.width = float(width)
        self.top = float(mercator_y(LAT_TOP))
        self.scale = self.width / np.radians(LON_EAST - LON_WEST)
        self.height = (self.top - float(mercator_y(LAT_BOTTOM))) * self.scale

    def xy(self, lat: float, lon: float) -> tuple[float, float]:
        lat = min(max(lat, LAT_BOTTOM), LAT_TOP)
        x = np.radians(lon - LON_WEST) * self.scale
        y = (self.top - float(mercator_y(lat))) * self.scale
        return round(float(x), 2), round(float(y), 2)


@cache
def _land(width: float) -> tuple[md.Polygon, ...]:
    """Every country, projected and simplified for a screen: detail below half a millimetre is
    never seen, nor are islands under a square millimetre (they made the SVG half a megabyte).
    Countries are kept apart (a union of them all took seconds), their borders drawn thin."""
    frame = WorldFrame(width)
    box = shapely.box(LON_WEST, LAT_BOTTOM, LON_EAST, LAT_TOP)

    def project(xy: np.ndarray) -> np.ndarray:
        x = np.radians(xy[:, 0] - LON_WEST) * frame.scale
        y = (frame.top - mercator_y(np.clip(xy[:, 1], LAT_BOTTOM, LAT_TOP))) * frame.scale
        return np.column_stack([x, y])

    items: list[md.Polygon] = []
    for geometry in countries().values():
        clipped = geometry.intersection(box)
        if clipped.is_empty:
            continue
        shape = shapely.transform(clipped, project).simplify(0.6)
        parts = [p for p in shapely.get_parts(shape) if p.area >= 1.5]
        if parts:
            items += geometry_polygons(
                shapely.multipolygons(parts), fill=LAND_OTHER, stroke="#ffffff", stroke_width=0.12
            )
    return tuple(items)


def guess_point(code: str) -> tuple[float, float] | None:
    """The middle of what a guess names (a board, a column of it, a field, a rectangle), as
    (lat, lon); None for a guess that names no board."""
    parts = code.split("-") if code else []
    if not parts or parts[0] not in BOARDS:
        return None
    if len(parts) == 4:
        board_code, i, j = cell_of(code)
        return board_point(board_code, (i + 0.5) / CELLS, (j + 0.5) / CELLS)
    fx = (COLUMNS.index(parts[1]) + 0.5) / 3 if len(parts) > 1 else 0.5
    fy = (ROWS.index(parts[2]) + 0.5) / 3 if len(parts) > 2 else 0.5
    return board_point(parts[0], fx, fy)


def world_map(
    places: Iterable[tuple[float, float, bool]],
    lines: Iterable[tuple[tuple[float, float], tuple[float, float]]] = (),
    *,
    width_mm: float = 240.0,
    title: str = "",
) -> md.MapDrawing:
    """The world with the boards outlined; ``places`` (lat, lon, right) as green or vermilion
    dots (a ring for a miss, so the two differ in shape as well as colour), and ``lines`` from
    one (lat, lon) to another, each ending in a small dot at its start."""
    frame = WorldFrame(width_mm)
    items: list[md.Item] = [
        md.Polygon(
            rings=(((0, 0), (frame.width, 0), (frame.width, frame.height), (0, frame.height)),),
            fill=SEA,
        ),
        *_land(float(width_mm)),
    ]
    for b in BOARDS.values():
        x0, y0 = frame.xy(b.lat_max, b.lon_min)
        x1, y1 = frame.xy(b.lat_min, b.lon_max)
        ring = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        items.append(md.Polygon(rings=(ring,), stroke=b.colour, stroke_width=0.35, opacity=0.9))
    for start, end in lines:
        a, z = frame.xy(*start), frame.xy(*end)
        items.append(md.Line(points=(a, z), stroke=WRONG, width=0.45, dash=(1.2, 0.8)))
        items.append(md.Circle(x=a[0], y=a[1], r=0.6, fill=WRONG))
    for lat, lon, right in places:
        x, y = frame.xy(lat, lon)
        if right:
            items.append(md.Circle(x=x, y=y, r=1.3, fill=RIGHT, stroke="#ffffff", stroke_width=0.3))
        else:
            items.append(md.Circle(x=x, y=y, r=1.3, fill="#ffffff", stroke=WRONG, stroke_width=0.7))
    return md.MapDrawing(
        width=frame.width, height=frame.height, items=tuple(items), title=title, background=SEA
    )
