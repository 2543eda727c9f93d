"""Grid-edition maps (Germany's and any other) as renderer-neutral ``MapDrawing``s.

The continent boards are ``geo.board_maps``. Placed with the functions that give the cards
their numbers (``geo.grid``): a dot sits where its card says. One code path for every grid
edition, parameterised by a ``MapEdition``; Germany's is ``GERMANY_MAP``. Text ``y``:
baseline; ``size``: cap height.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import shapely
from shapely.geometry.base import BaseGeometry

from geo import mapdraw as md
from geo.grid_frame import GERMANY_MAP, GridFrame, MapEdition, grid_layers
from geo.grid_frame import language_key as _lang
from geo.labels import (
    IndexEntry,
    Measure,
    dot_layer,
    estimate_width,
    locate,
)

SEA = "#a9cce3"
LAND_OTHER = "#d9d4ca"
LAND_GERMANY = "#9fc97f"
LAND_OWN = "#f4e6bf"
LAND_FADED = "#ebebeb"
BORDER = "#5c5c5c"
DOT = "#d62728"
INK = "#1a1a1a"


_TEXTS = {
    "de": {
        "note": (
            "Die Punkte markieren das Stadtzentrum; viele Orte reichen weiter.",
            "Lage und Einwohnerzahlen: GeoNames (CC BY 4.0). Umrisse: Natural Earth.",
        ),
        "ns": "Nord–Süd",
        "we": "West–Ost",
    },
    "en": {
        "note": (
            "Dots mark the city centre; many places extend further.",
            "Positions and populations: GeoNames (CC BY 4.0). Outlines: Natural Earth.",
        ),
        "ns": "north–south",
        "we": "west–east",
    },
}


def geometry_polygons(geometry: BaseGeometry, **style) -> list[md.Polygon]:
    """The polygons of ``geometry`` (projected), holes kept, as drawing items."""
    items = []
    for part in shapely.get_parts(geometry):
        if part.geom_type != "Polygon" or part.is_empty:
            continue
        rings = [part.exterior, *part.interiors]
        coords = tuple(tuple((round(x, 2), round(y, 2)) for x, y in r.coords) for r in rings)
        items.append(md.Polygon(rings=coords, **style))
    return items


def geometry_lines(geometry: BaseGeometry, **style) -> list[md.Line]:
    items = []
    for part in shapely.get_parts(shapely.line_merge(geometry)):
        if part.geom_type == "LineString" and not part.is_empty:
            points = tuple((round(x, 2), round(y, 2)) for x, y in part.coords)
            items.append(md.Line(points=points, **style))
    return items


def label_at(x: float, y: float, text: str, size: float, **style) -> md.Text:
    """A text centred vertically on y."""
    return md.Text(x=x, y=y + size / 2, text=text, size=size, **style)


# --- Grid editions (Germany is one) ------------------------------------------------------


def _texts(edition: MapEdition, language: str) -> dict:
    texts = dict(_TEXTS[_lang(language)])
    texts["title"] = edition.name(language)
    return texts


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
    return grid_map_indexed(
        GERMANY_MAP,
        dots,
        width_mm=width_mm,
        language=language,
        labels=labels,
        measure=measure,
        dot_radius=dot_radius,
        label_size=label_size,
    )[0]


def germany_map_indexed(dots: Iterable[tuple], **options) -> tuple[md.MapDrawing, list[IndexEntry]]:
    """The Germany map and an index of the places whose names did not fit (see
    ``grid_map_indexed``)."""
    return grid_map_indexed(GERMANY_MAP, dots, **options)


def grid_map(edition: MapEdition, dots: Iterable[tuple], **options) -> md.MapDrawing:
    """Any grid edition's map (``labels`` "all" by default, like ``germany_map``)."""
    return grid_map_indexed(edition, dots, **{"labels": "all", **options})[0]


def grid_map_indexed(
    edition: MapEdition,
    dots: Iterable[tuple],
    *,
    width_mm: float = 180,
    language: str = "de",
    labels: str = "fit",
    measure: Measure | None = None,
    dot_radius: float = 1.1,
    label_size: float = 2.2,
) -> tuple[md.MapDrawing, list[IndexEntry]]:
    """A grid edition's country with the grid (white west–east and black north–south numbered
    lines, in blobs like the cards'), a red dot per place, and an index of the places whose
    names did not fit (with "ns/we" numbers). Drawn in three layers: ``grid_background``,
    ``grid_dots`` and ``grid_texts``."""
    dot_items, index = grid_dots(
        edition,
        dots,
        width_mm=width_mm,
        labels=labels,
        measure=measure,
        dot_radius=dot_radius,
        label_size=label_size,
    )
    frame = GridFrame(edition, float(width_mm))
    drawing = md.MapDrawing(
        width=float(width_mm),
        height=frame.top + frame.height + 22.0,
        items=(
            *grid_background(edition, float(width_mm)),
            *dot_items,
            *grid_texts(edition, float(width_mm), language, measure),
        ),
        title=_texts(edition, language)["title"],
        background="#ffffff",
    )
    return drawing, index


# The same for every map of an edition at a size: a screen draws a round's few dots on it.
@lru_cache(maxsize=64)
def grid_background(edition: MapEdition, width_mm: float) -> tuple[md.Item, ...]:
    """Everything of ``grid_map_indexed`` under the dots: sea, countries, the grid and its
    numbered blobs."""
    spec = edition.spec
    step = edition.grid_step
    frame, others, own, state_lines = grid_layers(edition, float(width_mm))
    x0, y0 = frame.left, frame.top
    x1, y1 = x0 + frame.width, y0 + frame.height
    items: list[md.Item] = [
        md.Polygon(rings=(((x0, y0), (x1, y0), (x1, y1), (x0, y1)),), fill=SEA),
        *geometry_polygons(others, fill=LAND_OTHER, stroke="#ffffff", stroke_width=0.25),
        *geometry_polygons(own, fill=LAND_GERMANY),
        *geometry_lines(state_lines, stroke=BORDER, width=0.3),
        *geometry_polygons(own, fill=None, stroke=INK, stroke_width=0.6),
    ]
    we_lines = [*range(0, spec.we_max + 1, step)]
    ns_lines = [*range(0, spec.ns_max + 1, step)]
    # White west–east lines (constant west–east number), black north–south ones.
    for we in we_lines:
        x = float(frame.x(we))
        items.append(md.Line(points=((x, y0), (x, y1)), stroke="#ffffff", width=0.45))
    for ns in ns_lines:
        y = float(frame.y(ns))
        items.append(md.Line(points=((x0, y), (x1, y)), stroke=INK, width=0.3))
    items.append(
        md.Polygon(rings=(((x0, y0), (x1, y0), (x1, y1), (x0, y1)),), stroke=INK, stroke_width=0.4)
    )
    # Numbers in blobs like the cards': white blobs for west–east, black for north–south.
    for we in we_lines:
        x = float(frame.x(we))
        for y in (y0 - 4.2, y1 + 4.2):
            items.append(md.Circle(x=x, y=y, r=3.5, fill="#ffffff", stroke=INK, stroke_width=0.3))
            items.append(label_at(x, y, str(we), 2.2 if we < 100 else 1.9, fill=INK, weight="bold"))
    for ns in ns_lines:
        y = float(frame.y(ns))
        for x in (x0 - 6.2, x1 + 6.2):
            items.append(md.Circle(x=x, y=y, r=3.5, fill=INK))
            items.append(
                label_at(x, y, str(ns), 2.2 if ns < 100 else 1.9, fill="#ffffff", weight="bold")
            )
    return tuple(items)


def grid_dots(
    edition: MapEdition,
    dots: Iterable[tuple],
    *,
    width_mm: float = 180,
    labels: str = "fit",
    measure: Measure | None = None,
    dot_radius: float = 1.1,
    label_size: float = 2.2,
) -> tuple[list[md.Item], list[IndexEntry]]:
    """The dots of ``grid_map_indexed`` with their labels, and its index."""
    spec = edition.spec
    frame = GridFrame(edition, float(width_mm))
    x0, y0 = frame.left, frame.top
    located = locate(
        dots,
        lambda lat, lon: (float(frame.x(spec.we_value(lon))), float(frame.y(spec.ns_value(lat)))),
        lambda lat, lon: "{}/{}".format(*spec.numbers(lat, lon)),
    )
    return dot_layer(
        located,
        mode=labels,
        frame=(x0, y0, x0 + frame.width, y0 + frame.height),
        measure=measure or estimate_width,
        radius=dot_radius,
        label_size=label_size,
        rows=(float(frame.y(0)), float(frame.y(edition.grid_step) - frame.y(0))),
    )


def grid_texts(
    edition: MapEdition, width_mm: float, language: str = "de", measure: Measure | None = None
) -> list[md.Item]:
    """Everything of ``grid_map_indexed`` over the dots: the title, the key and the notes."""
    texts = _texts(edition, language)
    spec = edition.spec
    frame = GridFrame(edition, float(width_mm))
    x0, y1 = frame.left, frame.top + frame.height
    x1 = x0 + frame.width
    items: list[md.Item] = [
        md.Text(
            x=x0 - 9.5,
            y=9.5,
            text=texts["title"],
            size=5.0,
            anchor="start",
            weight="bold",
            fill=INK,
        )
    ]
    key = f"● {texts['ns']} 0–{spec.ns_max}   ○ {texts['we']} 0–{spec.we_max}"
    width = measure or estimate_width
    room = x1 - x0 + 19.0  # from the title's start to the key's end
    if width(texts["title"], 5.0, True) + width(key, 2.4, False) + 4 <= room:
        items.append(md.Text(x=x1 + 9.5, y=9.5, text=key, size=2.4, anchor="end", fill=INK))
    else:  # a narrow map (Chile): the key under the title, shrunk to the map's width
        size = min(2.4, 2.4 * room / width(key, 2.4, False))
        items.append(md.Text(x=x0 - 9.5, y=14.0, text=key, size=size, anchor="start", fill=INK))
    items += _notes(texts["note"], x0 - 9.5, y1, room, width)
    return items


def _notes(lines: Iterable[str], x: float, y1: float, room: float, width: Measure) -> list:
    """The notes under the map: one line each, or on a narrow map each broken in two at a
    word and shrunk to fit the map's width (the band under the frame keeps its height)."""
    lines = list(lines)
    if all(width(line, 2.3, False) <= room for line in lines):
        return [
            md.Text(x=x, y=y1 + 13.5 + 4.2 * n, text=line, size=2.3, anchor="start", fill=INK)
            for n, line in enumerate(lines)
        ]
    halves = []
    for line in lines:
        words = line.split()
        cut = min(
            range(1, len(words)),
            key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))),
            default=len(words),
        )
        halves += [" ".join(words[:cut]), " ".join(words[cut:])]
    halves = [h for h in halves if h]
    size = min(2.0, *(2.0 * room / width(h, 2.0, False) for h in halves))
    return [
        md.Text(x=x, y=y1 + 11.5 + 3.0 * n, text=h, size=size, anchor="start", fill=INK)
        for n, h in enumerate(halves)
    ]


def germany_position(drawing_width_mm: float, lat: float, lon: float) -> tuple[float, float]:
    """Where ``germany_map(width_mm=drawing_width_mm)`` puts a dot for (lat, lon)."""
    return grid_position(GERMANY_MAP, drawing_width_mm, lat, lon)


def grid_position(
    edition: MapEdition, drawing_width_mm: float, lat: float, lon: float
) -> tuple[float, float]:
    """Where ``grid_map(edition, width_mm=drawing_width_mm)`` puts a dot for (lat, lon)."""
    frame = GridFrame(edition, float(drawing_width_mm))
    return float(frame.x(edition.spec.we_value(lon))), float(frame.y(edition.spec.ns_value(lat)))


__all__ = [
    "GERMANY_MAP",
    "MapEdition",
    "germany_map",
    "germany_map_indexed",
    "germany_position",
    "grid_map",
    "grid_map_indexed",
    "grid_position",
]
