"""The Germany map and the six continent boards as renderer-neutral ``MapDrawing``s.

Placed with the functions that give the cards their numbers (``geo.grid``) and solutions
(``geo.boards``): a dot sits where its card says. Text ``y``: baseline; ``size``: cap height.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from geo import grid
from geo import mapdraw as md
from geo.boards import BOARDS, CELLS, LETTERS, board, board_fractions, cell_of
from geo.continents import country_parts
from geo.grid import NS_MAX, WE_MAX, lat_for_ns, lon_for_we, mercator_y, ns_value, we_value
from geo.labels import IndexEntry, Measure, dot_layer, estimate_width, locate
from geo.outlines import countries, german_states, germany_outline

SEA = "#a9cce3"
LAND_OTHER = "#d9d4ca"
LAND_GERMANY = "#9fc97f"
LAND_OWN = "#f4e6bf"
LAND_FADED = "#ebebeb"
BORDER = "#5c5c5c"
DOT = "#d62728"
INK = "#1a1a1a"

GRID_STEP = 10
LAYER_WIDTH = 180.0  # mm: the width the outlines are clipped at, scaled for other widths
# The map shows a little beyond the grid so border towns keep their surroundings.
WE_VIEW = (-4.0, 94.0)
NS_VIEW = (-5.0, 155.0)

_TEXTS = {
    "de": {
        "germany": "Deutschland",
        "note": (
            "Die Punkte markieren das Stadtzentrum; viele Orte reichen weiter.",
            "Lage und Einwohnerzahlen: GeoNames (CC BY 4.0). Umrisse: Natural Earth.",
        ),
        "ns": "Nord–Süd",
        "we": "West–Ost",
    },
    "en": {
        "germany": "Germany",
        "note": (
            "Dots mark the city centre; many places extend further.",
            "Positions and populations: GeoNames (CC BY 4.0). Outlines: Natural Earth.",
        ),
        "ns": "north–south",
        "we": "west–east",
    },
}


def _lang(language: str) -> str:
    return "de" if language.startswith("de") else "en"


def _polygons(geometry: BaseGeometry, **style) -> list[md.Polygon]:
    items = []
    for part in shapely.get_parts(geometry):
        if part.geom_type != "Polygon" or part.is_empty:
            continue
        rings = [part.exterior, *part.interiors]
        coords = tuple(tuple((round(x, 2), round(y, 2)) for x, y in r.coords) for r in rings)
        items.append(md.Polygon(rings=coords, **style))
    return items


def _lines(geometry: BaseGeometry, **style) -> list[md.Line]:
    items = []
    for part in shapely.get_parts(shapely.line_merge(geometry)):
        if part.geom_type == "LineString" and not part.is_empty:
            points = tuple((round(x, 2), round(y, 2)) for x, y in part.coords)
            items.append(md.Line(points=points, **style))
    return items


def _label(x: float, y: float, text: str, size: float, **style) -> md.Text:
    """A text centred vertically on y."""
    return md.Text(x=x, y=y + size / 2, text=text, size=size, **style)


# --- Germany ---------------------------------------------------------------------------------


class _GermanyFrame:
    def __init__(self, width_mm: float):
        self.left = 13.0
        self.top = 24.0
        self.width = width_mm - 2 * self.left
        self.mm_per_we = self.width / (WE_VIEW[1] - WE_VIEW[0])
        rad_per_we = np.radians(float(lon_for_we(1.0) - lon_for_we(0.0)))
        rad_per_ns = float(mercator_y(lat_for_ns(0.0)) - mercator_y(lat_for_ns(1.0)))
        self.mm_per_ns = self.mm_per_we * rad_per_ns / rad_per_we  # Mercator keeps shapes
        self.height = (NS_VIEW[1] - NS_VIEW[0]) * self.mm_per_ns

    def x(self, we):
        return self.left + (np.asarray(we) - WE_VIEW[0]) * self.mm_per_we

    def y(self, ns):
        return self.top + (np.asarray(ns) - NS_VIEW[0]) * self.mm_per_ns

    def project(self, geometry: BaseGeometry) -> BaseGeometry:
        def to_mm(xy: np.ndarray) -> np.ndarray:
            return np.column_stack([self.x(we_value(xy[:, 0])), self.y(ns_value(xy[:, 1]))])

        return shapely.transform(geometry, to_mm)

    @property
    def box(self) -> BaseGeometry:
        return shapely.box(self.left, self.top, self.left + self.width, self.top + self.height)


@cache
def _germany_layers(width_mm: float):
    frame = _GermanyFrame(width_mm)
    if width_mm != LAYER_WIDTH:  # clipping is slow, scaling is not: clip once, scale after
        base, *layers = _germany_layers(LAYER_WIDTH)
        k = frame.width / base.width
        origin = np.array([frame.left, frame.top])
        return frame, *(shapely.transform(g, lambda xy: (xy - origin) * k + origin) for g in layers)
    lat_a, lat_b = float(lat_for_ns(NS_VIEW[1])), float(lat_for_ns(NS_VIEW[0]))
    lon_a, lon_b = float(lon_for_we(WE_VIEW[0])), float(lon_for_we(WE_VIEW[1]))
    view = shapely.box(lon_a - 1, lat_a - 1, lon_b + 1, lat_b + 1)
    neighbours = [
        geometry
        for code, geometry in countries().items()
        if code != "DE" and geometry.intersects(view)
    ]

    def clip(geometry):
        projected = frame.project(geometry.intersection(view))
        return projected.intersection(frame.box).simplify(0.08)

    others = clip(shapely.union_all(neighbours))
    germany = clip(germany_outline())
    states = shapely.union_all([clip(g).boundary for g in german_states().values()])
    state_lines = states.difference(germany.boundary.buffer(0.3))
    return frame, others, germany, state_lines


def germany_map(
    dots: Iterable[tuple],
    *,
    width_mm: float = 180,
    language: str = "de",
    labels: str = "all",
    measure: Measure | None = None,
    dot_radius: float = 1.1,
    label_size: float = 2.2,
) -> md.MapDrawing:
    """Germany with its states, the grid (numbered every 10) and a red dot per (name, lat, lon)
    or (name, lat, lon, population); ``labels`` as in ``geo.labels.dot_layer``. A projector
    asks for larger dots and labels (``dot_radius``, ``label_size`` in mm)."""
    return germany_map_indexed(
        dots,
        width_mm=width_mm,
        language=language,
        labels=labels,
        measure=measure,
        dot_radius=dot_radius,
        label_size=label_size,
    )[0]


def germany_map_indexed(
    dots: Iterable[tuple],
    *,
    width_mm: float = 180,
    language: str = "de",
    labels: str = "fit",
    measure: Measure | None = None,
    dot_radius: float = 1.1,
    label_size: float = 2.2,
) -> tuple[md.MapDrawing, list[IndexEntry]]:
    """The map and an index of the places whose names did not fit (with "ns/we" numbers)."""
    texts = _TEXTS[_lang(language)]
    frame, others, germany, state_lines = _germany_layers(float(width_mm))
    x0, y0 = frame.left, frame.top
    x1, y1 = x0 + frame.width, y0 + frame.height
    items: list[md.Item] = [
        md.Polygon(rings=(((x0, y0), (x1, y0), (x1, y1), (x0, y1)),), fill=SEA),
        *_polygons(others, fill=LAND_OTHER, stroke="#ffffff", stroke_width=0.25),
        *_polygons(germany, fill=LAND_GERMANY),
        *_lines(state_lines, stroke=BORDER, width=0.3),
        *_polygons(germany, fill=None, stroke=INK, stroke_width=0.6),
    ]
    # White west–east lines (constant west–east number), black north–south ones.
    for we in range(0, WE_MAX + 1, GRID_STEP):
        x = float(frame.x(we))
        items.append(md.Line(points=((x, y0), (x, y1)), stroke="#ffffff", width=0.45))
    for ns in range(0, NS_MAX + 1, GRID_STEP):
        y = float(frame.y(ns))
        items.append(md.Line(points=((x0, y), (x1, y)), stroke=INK, width=0.3))
    items.append(
        md.Polygon(rings=(((x0, y0), (x1, y0), (x1, y1), (x0, y1)),), stroke=INK, stroke_width=0.4)
    )
    # Numbers in blobs like the cards': white blobs for west–east, black for north–south.
    for we in range(0, WE_MAX + 1, GRID_STEP):
        x = float(frame.x(we))
        for y in (y0 - 4.2, y1 + 4.2):
            items.append(md.Circle(x=x, y=y, r=3.5, fill="#ffffff", stroke=INK, stroke_width=0.3))
            items.append(_label(x, y, str(we), 2.2, fill=INK, weight="bold"))
    for ns in range(0, NS_MAX + 1, GRID_STEP):
        y = float(frame.y(ns))
        for x in (x0 - 6.2, x1 + 6.2):
            items.append(md.Circle(x=x, y=y, r=3.5, fill=INK))
            items.append(
                _label(x, y, str(ns), 2.2 if ns < 100 else 1.9, fill="#ffffff", weight="bold")
            )
    located = locate(
        dots,
        lambda lat, lon: (float(frame.x(we_value(lon))), float(frame.y(ns_value(lat)))),
        lambda lat, lon: "{}/{}".format(*grid.germany_grid(lat, lon)),
    )
    layer, index = dot_layer(
        located,
        mode=labels,
        frame=(x0, y0, x1, y1),
        measure=measure or estimate_width,
        radius=dot_radius,
        label_size=label_size,
    )
    items += layer
    items.append(
        md.Text(
            x=x0 - 9.5,
            y=9.5,
            text=texts["germany"],
            size=5.0,
            anchor="start",
            weight="bold",
            fill=INK,
        )
    )
    key = f"● {texts['ns']} 0–150   ○ {texts['we']} 0–90"
    items.append(md.Text(x=x1 + 9.5, y=9.5, text=key, size=2.4, anchor="end", fill=INK))
    for n, line in enumerate(texts["note"]):
        items.append(
            md.Text(
                x=x0 - 9.5, y=y1 + 13.5 + 4.2 * n, text=line, size=2.3, anchor="start", fill=INK
            )
        )
    drawing = md.MapDrawing(
        width=float(width_mm),
        height=y1 + 22.0,
        items=tuple(items),
        title=texts["germany"],
        background="#ffffff",
    )
    return drawing, index


# --- continent boards ------------------------------------------------------------------------


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
    lang = _lang(language)
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
        *_polygons(scale(other), fill=LAND_FADED, stroke="#ffffff", stroke_width=0.2),
        *_polygons(scale(own), fill=LAND_OWN, stroke="#8c7a52", stroke_width=0.2),
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
            items.append(_label(cx, y, columns[n], 4.0, fill=b.colour, weight="bold"))
        for x in (x0 - 5.5, x1 + 5.5):
            items.append(_label(x, cy, rows[n], 4.0, fill=b.colour, weight="bold"))
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


def germany_position(drawing_width_mm: float, lat: float, lon: float) -> tuple[float, float]:
    """Where ``germany_map(width_mm=drawing_width_mm)`` puts a dot for (lat, lon)."""
    frame = _GermanyFrame(float(drawing_width_mm))
    return float(frame.x(we_value(lon))), float(frame.y(ns_value(lat)))


__all__ = ["BOARDS", "board_map", "germany_map", "germany_map_indexed", "germany_position"]
