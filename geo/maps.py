"""The Germany map as a renderer-neutral ``MapDrawing`` (the continent boards: ``geo.board_maps``).

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


def germany_position(drawing_width_mm: float, lat: float, lon: float) -> tuple[float, float]:
    """Where ``germany_map(width_mm=drawing_width_mm)`` puts a dot for (lat, lon)."""
    frame = _GermanyFrame(float(drawing_width_mm))
    return float(frame.x(we_value(lon))), float(frame.y(ns_value(lat)))


__all__ = ["germany_map", "germany_map_indexed", "germany_position"]
