"""The six continent boards of The World as renderer-neutral ``MapDrawing``s: the board's own
land, other land faded, fields, rectangles, letters and dots where the cards say.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from geo import mapdraw as md
from geo.boards import BOARDS, CELLS, LETTERS, board, board_fractions, cell_of
from geo.continents import country_parts
from geo.grid_frame import language_key
from geo.labels import Measure, dot_layer, estimate_width, locate
from geo.maps import INK, LAND_FADED, LAND_OWN, SEA, geometry_polygons, label_at
from geo.outlines import countries


def _shift_near(geometry: BaseGeometry, centre: float, view: BaseGeometry) -> BaseGeometry:
    """The polygons near ``view``, each moved by whole turns as close as possible to ``centre``."""
    parts = []
    for part in shapely.get_parts(geometry):
        shift = 360.0 * round((centre - part.centroid.x) / 360.0)
        west, south, east, north = part.bounds
        if not view.intersects(shapely.box(west + shift, south, east + shift, north)):
            continue
        parts.append(shapely.transform(part, lambda xy, s=shift: xy + np.array([s, 0.0])))
    # Parts of one country never overlap, so a multipolygon needs no costly union.
    return shapely.multipolygons(parts) if parts else shapely.Polygon()


@cache
def _board_layers(code: str) -> tuple[BaseGeometry, BaseGeometry]:
    """(own continent's land, everyone else's) in board fractions, clipped to the board."""
    b = board(code)
    centre = (b.lon_min + b.lon_max) / 2
    view = shapely.box(
        b.lon_min - 15, max(b.lat_min - 15, -84), b.lon_max + 15, min(b.lat_max + 15, 84)
    )
    unit = shapely.box(0, 0, 1, 1)

    def to_unit(xy: np.ndarray) -> np.ndarray:
        fx, fy = board_fractions(np.full(len(xy), code), xy[:, 1], xy[:, 0], wrap=False)
        return np.column_stack([fx, fy])

    own, other = [], []
    for iso, geometry in countries().items():
        shifted = _shift_near(geometry, centre, view).intersection(view)
        if shifted.is_empty:
            continue
        parts = country_parts(iso, shifted) or {"": shifted}  # Antarctica is on no board
        for part_board, part in parts.items():
            clipped = shapely.transform(part, to_unit).intersection(unit).simplify(0.0006)
            (own if part_board == code else other).append(clipped)
    return shapely.union_all(own), shapely.union_all(other)


def board_map(
    code: str,
    *,
    dots: Iterable[tuple[str, float, float]] = (),
    highlight: Iterable[str] = (),
    width_mm: float = 250,
    language: str = "de",
    labels: str = "all",
    measure: Measure | None = None,
) -> md.MapDrawing:
    """One continent board: its land, other land faded, fields, rectangles, letters, dots."""
    b = board(code)
    lang = language_key(language)
    left, top = 11.0, 20.0
    w = width_mm - 2 * left
    h = w * b.aspect
    x0, y0, x1, y1 = left, top, left + w, top + h

    def scale(geometry: BaseGeometry) -> BaseGeometry:
        return shapely.transform(geometry, lambda xy: xy * np.array([w, h]) + np.array([x0, y0]))

    own, other = _board_layers(code)
    frame = (((x0, y0), (x1, y0), (x1, y1), (x0, y1)),)
    items: list[md.Item] = [
        md.Polygon(rings=frame, fill=SEA),
        *geometry_polygons(scale(other), fill=LAND_FADED, stroke="#ffffff", stroke_width=0.2),
        *geometry_polygons(scale(own), fill=LAND_OWN, stroke="#8c7a52", stroke_width=0.2),
    ]
    for solution in highlight:
        board_code, i, j = cell_of(solution)
        if board_code != code:
            continue
        cx0, cy0 = x0 + w * i / CELLS, y0 + h * j / CELLS
        cx1, cy1 = x0 + w * (i + 1) / CELLS, y0 + h * (j + 1) / CELLS
        items.append(
            md.Polygon(
                rings=(((cx0, cy0), (cx1, cy0), (cx1, cy1), (cx0, cy1)),),
                fill=b.colour,
                stroke=b.colour,
                stroke_width=0.8,
                opacity=0.35,
            )
        )
    for k in (1, 3, 5):
        x, y = x0 + w * k / CELLS, y0 + h * k / CELLS
        items.append(md.Line(points=((x, y0), (x, y1)), stroke=INK, width=0.3))
        items.append(md.Line(points=((x0, y), (x1, y)), stroke=INK, width=0.3))
    for k in (2, 4):
        x, y = x0 + w * k / CELLS, y0 + h * k / CELLS
        items.append(md.Line(points=((x, y0), (x, y1)), stroke=b.colour, width=1.4))
        items.append(md.Line(points=((x0, y), (x1, y)), stroke=b.colour, width=1.4))
    items.append(md.Polygon(rings=frame, stroke=b.colour, stroke_width=2.0))
    for i in range(CELLS):
        for j in range(CELLS):
            letter = LETTERS[(j % 2) * 2 + i % 2]
            items.append(
                md.Text(
                    x=x0 + w * i / CELLS + 2.2,
                    y=y0 + h * j / CELLS + 5.0,
                    text=letter,
                    size=2.8,
                    anchor="start",
                    fill="#555555",
                    weight="bold",
                    halo="#ffffff",
                )
            )
    columns = ("W", "M", "E") if lang == "en" else ("W", "M", "O")  # English says east
    rows = ("N", "M", "S")
    for n in range(3):
        cx = x0 + w * (2 * n + 1) / CELLS
        cy = y0 + h * (2 * n + 1) / CELLS
        for y in (y0 - 4.5, y1 + 4.5):
            items.append(label_at(cx, y, columns[n], 4.0, fill=b.colour, weight="bold"))
        for x in (x0 - 5.5, x1 + 5.5):
            items.append(label_at(x, cy, rows[n], 4.0, fill=b.colour, weight="bold"))
    located = locate(dots, lambda lat, lon: _board_position(code, lat, lon, x0, y0, w, h))
    layer, _ = dot_layer(
        located, mode=labels, frame=(x0, y0, x1, y1), measure=measure or estimate_width
    )
    items += layer
    items.append(
        md.Text(
            x=x0, y=10.0, text=b.name(lang), size=5.5, anchor="start", weight="bold", fill=b.colour
        )
    )
    items.append(
        md.Text(x=x1, y=10.0, text="Natural Earth", size=2.2, anchor="end", fill="#777777")
    )
    return md.MapDrawing(
        width=float(width_mm),
        height=y1 + 11.0,
        items=tuple(items),
        title=b.name(lang),
        background="#ffffff",
    )


def _board_position(code, lat, lon, x0, y0, w, h) -> tuple[float, float] | None:
    """Where a dot goes on the board; None (no dot) for a point the board does not show."""
    fx, fy = board_fractions([code], [lat], [lon])
    fx, fy = float(fx[0]), float(fy[0])
    if not (0 <= fx <= 1 and 0 <= fy <= 1):
        return None
    return x0 + fx * w, y0 + fy * h


__all__ = ["BOARDS", "board_map"]
