"""Solutions of natural regions (mountain ranges, rivers, lakes…) given as GeoJSON geometries.

A region gets the cell of its largest part (or of the editor's stated point), plus every other
cell holding at least a quarter of its area — or of its length, for rivers and other lines.
Shares are measured on the projected board, as a player sees them.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry

from geo.boards import CELLS, board, board_fractions, cell_code, point_cells_array, point_solutions

MIN_SHARE = 0.25

_CELL_BOXES = np.array(
    [shapely.box(i, j, i + 1, j + 1) for i in range(CELLS) for j in range(CELLS)]
)  # index i * CELLS + j


def project(board_code: str, geometry: BaseGeometry) -> BaseGeometry:
    """Geometry in board cell units: x 0–6 from the west, y 0–6 from the north."""
    board(board_code)

    def to_cells(xy: np.ndarray) -> np.ndarray:
        codes = np.full(len(xy), board_code)
        fx, fy = board_fractions(codes, xy[:, 1], xy[:, 0])
        return np.column_stack([fx * CELLS, fy * CELLS])

    return shapely.transform(geometry, to_cells)


def _measure(geometries) -> np.ndarray:
    dims = shapely.get_dimensions(geometries)
    return np.where(dims == 2, shapely.area(geometries), shapely.length(geometries))


def _highest_dimension(geometry: BaseGeometry) -> BaseGeometry:
    parts = shapely.get_parts(geometry)
    if len(parts) == 0:
        return geometry
    top = shapely.get_dimensions(parts).max()
    return shapely.union_all(parts[shapely.get_dimensions(parts) == top])


def _shares(cells_geometry: BaseGeometry) -> np.ndarray:
    pieces = shapely.intersection(_CELL_BOXES, cells_geometry)
    return _measure(pieces)


def geometry_solutions(
    board: str,
    geometry: dict,
    stated_point: tuple[float, float] | None = None,
) -> list[str]:
    """Solutions of a region: primary cell first, then cells with ≥ 25 % of it, largest first.

    ``geometry`` is a GeoJSON geometry in lon/lat; ``stated_point`` is (lat, lon).
    """
    shp = _highest_dimension(shapely.make_valid(shape(geometry)))
    if shp.is_empty:
        raise ValueError("the geometry is empty")
    if shapely.get_dimensions(shp) == 0:
        point = shapely.get_parts(shp)[0]
        return (
            point_solutions(board, point.y, point.x)
            if stated_point is None
            else (point_solutions(board, *stated_point))
        )
    on_board = shapely.intersection(project(board, shp), shapely.box(0, 0, CELLS, CELLS))
    total = float(_measure(on_board))
    if total <= 0:
        # Off the board entirely: the nearest edge cell of its representative point.
        lat, lon = stated_point or (shp.representative_point().y, shp.representative_point().x)
        return point_solutions(board, lat, lon)[:1]
    shares = _shares(on_board) / total

    if stated_point is not None:
        i, j, _, _ = point_cells_array([board], [stated_point[0]], [stated_point[1]])
        primary = int(i[0]) * CELLS + int(j[0])
    else:
        parts = shapely.get_parts(on_board)
        largest = parts[int(np.argmax(_measure(parts)))]
        primary = int(np.argmax(_shares(largest)))

    order = [primary] + [
        int(k)
        for k in np.argsort(-shares, kind="stable")
        if k != primary and shares[k] >= MIN_SHARE
    ]
    return [cell_code(board, k // CELLS, k % CELLS) for k in order]
