"""Grid-edition maps (Germany's and any other) as renderer-neutral ``MapDrawing``s.

The continent boards are ``geo.board_maps``. Placed with the functions that give the cards
their numbers (``geo.grid``): a dot sits where its card says. One code path for every grid
edition, parameterised by a ``MapEdition``; Germany's is ``GERMANY_MAP``. Text ``y``:
baseline; ``size``: cap height.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace
from typing import NamedTuple

import shapely
from shapely.geometry.base import BaseGeometry

from geo import mapdraw as md
from geo.grid_frame import GERMANY_MAP, GridFrame, MapEdition, grid_layers
from geo.grid_frame import language_key as _lang
from geo.labels import (
    NUMBER_INK,
    IndexEntry,
    Measure,
    Occupied,
    dot_layer,
    estimate_width,
    locate,
    overlaps,
    place_labels,
    place_numbers,
    text_box,
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


def _lines(geometry: BaseGeometry, **style) -> list[md.Line]:
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
    names did not fit (with "ns/we" numbers)."""
    texts = _texts(edition, language)
    spec = edition.spec
    step = edition.grid_step
    frame, others, own, state_lines = grid_layers(edition, float(width_mm))
    x0, y0 = frame.left, frame.top
    x1, y1 = x0 + frame.width, y0 + frame.height
    items: list[md.Item] = [
        md.Polygon(rings=(((x0, y0), (x1, y0), (x1, y1), (x0, y1)),), fill=SEA),
        *geometry_polygons(others, fill=LAND_OTHER, stroke="#ffffff", stroke_width=0.25),
        *geometry_polygons(own, fill=LAND_GERMANY),
        *_lines(state_lines, stroke=BORDER, width=0.3),
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
    located = locate(
        dots,
        lambda lat, lon: (float(frame.x(spec.we_value(lon))), float(frame.y(spec.ns_value(lat)))),
        lambda lat, lon: "{}/{}".format(*spec.numbers(lat, lon)),
    )
    layer, index = dot_layer(
        located,
        mode=labels,
        frame=(x0, y0, x1, y1),
        measure=measure or estimate_width,
        radius=dot_radius,
        label_size=label_size,
        rows=(float(frame.y(0)), float(frame.y(step) - frame.y(0))),
    )
    items += layer
    items.append(
        md.Text(
            x=x0 - 9.5,
            y=9.5,
            text=texts["title"],
            size=5.0,
            anchor="start",
            weight="bold",
            fill=INK,
        )
    )
    key = f"● {texts['ns']} 0–{spec.ns_max}   ○ {texts['we']} 0–{spec.we_max}"
    width = measure or estimate_width
    room = x1 - x0 + 19.0  # from the title's start to the key's end
    if width(texts["title"], 5.0, True) + width(key, 2.4, False) + 4 <= room:
        items.append(md.Text(x=x1 + 9.5, y=9.5, text=key, size=2.4, anchor="end", fill=INK))
    else:  # a narrow map (Chile): the key under the title, shrunk to the map's width
        size = min(2.4, 2.4 * room / width(key, 2.4, False))
        items.append(md.Text(x=x0 - 9.5, y=14.0, text=key, size=size, anchor="start", fill=INK))
    items += _notes(texts["note"], x0 - 9.5, y1, room, width)
    drawing = md.MapDrawing(
        width=float(width_mm),
        height=y1 + 22.0,
        items=tuple(items),
        title=texts["title"],
        background="#ffffff",
    )
    return drawing, index


# --- Details: a crowded region enlarged, where every dot of it has room for its number ------

DETAIL_PAD = 3.0  # mm of the main map around a detail's dots
DETAIL_GAP = 2.0  # mm: regions closer than this become one detail
DETAIL_INK = "#1f4e9c"
MAX_ZOOM = 4.0
LETTER_BOX = (0.0, 0.0, 6.0, 6.0)  # a detail's letter, at its top left (with a margin)


class Detail(NamedTuple):
    letter: str
    drawing: md.MapDrawing
    zoom: float  # how many times the main map's scale
    bare: int  # dots of the region that found no room for their number even here
    region: tuple  # x0, y0, x1, y1 on the main map (mm)
    shows: frozenset[int] = frozenset()  # the index numbers written in it


def detail_regions(index: Iterable[IndexEntry], frame: tuple) -> list[tuple[str, tuple]]:
    """The regions (main-map mm) holding the dots whose numbers found no room beside them,
    joined where close, lettered A, B, … in reading order."""
    boxes = [
        (e.x - DETAIL_PAD, e.y - DETAIL_PAD, e.x + DETAIL_PAD, e.y + DETAIL_PAD)
        for e in index
        if not e.shown
    ]
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                g = DETAIL_GAP
                if a[0] - g < b[2] and b[0] - g < a[2] and a[1] - g < b[3] and b[1] - g < a[3]:
                    boxes[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    clipped = [
        (max(b[0], frame[0]), max(b[1], frame[1]), min(b[2], frame[2]), min(b[3], frame[3]))
        for b in boxes
    ]
    clipped.sort(key=lambda b: (b[1], b[0]))
    return [(chr(ord("A") + n), b) for n, b in enumerate(clipped)]


def _detail_frame(letter: str, region: tuple) -> list[md.Item]:
    """The region's outline on the main map and its letter in a box at its top left."""
    x0, y0, x1, y1 = region
    ring = (((x0, y0), (x1, y0), (x1, y1), (x0, y1)),)
    return [
        md.Polygon(rings=ring, stroke=DETAIL_INK, stroke_width=0.45),
        md.Polygon(
            rings=(((x0, y0 - 3.4), (x0 + 3.4, y0 - 3.4), (x0 + 3.4, y0), (x0, y0)),),
            fill=DETAIL_INK,
        ),
        label_at(x0 + 1.7, y0 - 1.7, letter, 2.2, fill="#ffffff", weight="bold"),
    ]


def grid_details(
    edition: MapEdition,
    dots: Iterable[tuple],
    index: list[IndexEntry],
    *,
    width_mm: float,
    max_width: float,
    max_height: float,
    measure: Measure | None = None,
    dot_radius: float = 1.1,
    label_size: float = 2.2,
    number_size: float = 1.7,
) -> list[Detail]:
    """The details of ``grid_map_indexed(edition, dots, width_mm=width_mm)``: each crowded
    region enlarged to fit ``max_width`` × ``max_height`` mm (at most MAX_ZOOM times), its
    grid lines numbered, every dot with its index number (names where room is left). A
    region where even then a number finds no room is enlarged more, in tiles."""
    dots = list(dots)
    main = GridFrame(edition, float(width_mm))
    numbers = {(round(e.x, 3), round(e.y, 3)): (e.number, e.shown) for e in index}
    frame_box = (main.left, main.top, main.left + main.width, main.top + main.height)
    hidden = [(e.x, e.y) for e in index if not e.shown]
    room = (max_width, max_height)
    done = []
    for _, region in detail_regions(index, frame_box):
        rw, rh = region[2] - region[0], region[3] - region[1]
        zoom = min(max_width / rw, max_height / rh, MAX_ZOOM)
        while True:
            tiles = [
                _detail(
                    edition, main, tile, zoom, dots, numbers, measure or estimate_width,
                    (dot_radius, label_size, number_size),
                )
                for tile in _tiles(region, hidden, zoom, room)
            ]  # fmt: skip
            if not any(t.bare for t in tiles) or zoom >= MAX_ZOOM:
                break
            zoom = min(zoom * 1.25, MAX_ZOOM)  # more room for each number, in more tiles
        done += tiles
    done.sort(key=lambda d: (d.region[1], d.region[0]))
    return [_lettered(d, chr(ord("A") + n)) for n, d in enumerate(done)]


def _tiles(region: tuple, hidden: list, zoom: float, room: tuple) -> list[tuple]:
    """``region`` cut into tiles that fit ``room`` at ``zoom``, each shrunk to the hidden dots
    it holds (with a margin); tiles holding none are left out."""
    x0, y0, x1, y1 = region
    cols = math.ceil((x1 - x0) * zoom / room[0] - 1e-9)
    rows = math.ceil((y1 - y0) * zoom / room[1] - 1e-9)
    cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
    tiles = []
    for j in range(rows):
        for i in range(cols):
            cell = (x0 + i * cw, y0 + j * ch, x0 + (i + 1) * cw, y0 + (j + 1) * ch)
            inside = [
                (x, y) for x, y in hidden if cell[0] <= x < cell[2] and cell[1] <= y < cell[3]
            ]
            if not inside:
                continue
            # A dot near the cut keeps its margin: the tile reaches past the cell by up to it,
            # then is cut back to the room it has.
            tx0 = max(x0, min(x for x, _ in inside) - DETAIL_PAD)
            ty0 = max(y0, min(y for _, y in inside) - DETAIL_PAD)
            tx1 = min(x1, max(x for x, _ in inside) + DETAIL_PAD, tx0 + room[0] / zoom)
            ty1 = min(y1, max(y for _, y in inside) + DETAIL_PAD, ty0 + room[1] / zoom)
            tiles.append((tx0, ty0, tx1, ty1))
    return tiles


def _lettered(detail: Detail, letter: str) -> Detail:
    """The detail with its letter in the box at its top left."""
    d = detail.drawing
    mark = label_at(2.75, 2.75, letter, 3.4, fill="#ffffff", weight="bold")
    drawing = md.MapDrawing(d.width, d.height, (*d.items, mark), letter, d.background)
    return detail._replace(letter=letter, drawing=drawing)


def with_details(drawing: md.MapDrawing, details: list[Detail]) -> md.MapDrawing:
    """The main map with each detail's region outlined and lettered."""
    frames = [item for d in details for item in _detail_frame(d.letter, d.region)]
    return md.MapDrawing(
        drawing.width, drawing.height, (*drawing.items, *frames), drawing.title, drawing.background
    )


def inset_details(
    drawing: md.MapDrawing,
    details: list[Detail],
    frame: tuple,
    measure: Measure | None = None,
    avoid: BaseGeometry | None = None,
) -> md.MapDrawing | None:
    """The main map with every detail drawn inside its frame where it covers no dot, label or
    other detail, off ``avoid`` (the country itself) where it can be, nearest its region: the
    detail's numbers are then on the map's own sheet. None when one finds no such room."""
    measure = measure or estimate_width
    taken = Occupied()
    for item in drawing.items:
        if isinstance(item, md.Circle) and item.r < 3:
            taken.add((item.x - item.r, item.y - item.r, item.x + item.r, item.y + item.r))
        elif isinstance(item, md.Text):
            taken.add(text_box(item, measure))
    for d in details:
        taken.add(d.region)
    placed = []
    for d in details:
        w, h = d.drawing.width + 1.0, d.drawing.height + 1.0
        spot = _room(taken, frame, w, h, d.region, avoid)
        if spot is None:
            return None
        taken.add((spot[0], spot[1], spot[0] + d.drawing.width + 1, spot[1] + d.drawing.height + 1))
        placed += _moved(d.drawing.items, spot[0] + 0.5, spot[1] + 0.5)
    return with_details(
        md.MapDrawing(
            drawing.width, drawing.height, (*drawing.items, *placed), drawing.title,
            drawing.background,
        ),
        details,
    )  # fmt: skip


def _room(
    taken: Occupied, frame: tuple, w: float, h: float, near: tuple, avoid: BaseGeometry | None
) -> tuple | None:
    """The free w × h spot inside ``frame`` nearest ``near``'s centre (on a ROOM_STEP raster),
    off ``avoid``; where every free spot covers some of it, the one covering least."""
    cx, cy = (near[0] + near[2]) / 2, (near[1] + near[3]) / 2
    spots = [
        (frame[0] + i * ROOM_STEP, frame[1] + j * ROOM_STEP)
        for i in range(int((frame[2] - frame[0] - w) / ROOM_STEP) + 1)
        for j in range(int((frame[3] - frame[1] - h) / ROOM_STEP) + 1)
    ]
    spots.sort(key=lambda p: (p[0] + w / 2 - cx) ** 2 + (p[1] + h / 2 - cy) ** 2)
    if avoid is not None:
        shapely.prepare(avoid)
    best, least = None, math.inf
    for x, y in spots:
        if not taken.free((x, y, x + w, y + h)):
            continue
        if avoid is None:
            return x, y
        cover = shapely.box(x, y, x + w, y + h)
        if not avoid.intersects(cover):
            return x, y
        area = avoid.intersection(cover).area
        if area < least - 0.01:
            best, least = (x, y), area
    return best


ROOM_STEP = 1.5  # mm between the spots tried for a detail inside the map


def _moved(items: Iterable[md.Item], dx: float, dy: float) -> list[md.Item]:
    moved = []
    for item in items:
        if isinstance(item, md.Polygon):
            rings = tuple(tuple((x + dx, y + dy) for x, y in ring) for ring in item.rings)
            moved.append(replace(item, rings=rings))
        elif isinstance(item, md.Line):
            moved.append(replace(item, points=tuple((x + dx, y + dy) for x, y in item.points)))
        else:
            moved.append(replace(item, x=item.x + dx, y=item.y + dy))
    return moved


def _detail(edition, main, region, zoom, dots, numbers, measure, sizes) -> Detail:
    rx0, ry0, rx1, ry1 = region
    zoom = float(zoom)
    big_width = main.width * zoom + 2 * main.left
    frame, others, own, state_lines = grid_layers(edition, big_width)

    def big(x: float, y: float) -> tuple[float, float]:
        return frame.left + (x - main.left) * zoom, frame.top + (y - main.top) * zoom

    bx0, by0 = big(rx0, ry0)
    w, h = (rx1 - rx0) * zoom, (ry1 - ry0) * zoom
    spec = edition.spec
    drawing, zoom, _ = _detail_drawing(
        (bx0, by0, w, h), frame, (others, own, state_lines),
        [(d, big(*_main_xy(main, spec, d))) for d in dots],
        numbers, main, spec, measure, *sizes,
    )  # fmt: skip
    shows = frozenset(
        int(i.text) for i in drawing.items if isinstance(i, md.Text) and i.fill == NUMBER_INK
    )
    # Bare: a dot of the region the main map could not number, and this detail did not either.
    bare = sum(
        1
        for (x, y), (number, shown) in numbers.items()
        if not shown and rx0 <= x <= rx1 and ry0 <= y <= ry1 and number not in shows
    )
    return Detail("", drawing, zoom, bare, region, shows)


def _key(main: GridFrame, spec, dot: tuple) -> tuple[float, float]:
    return tuple(round(v, 3) for v in _main_xy(main, spec, dot))


def _main_xy(main: GridFrame, spec, dot: tuple) -> tuple[float, float]:
    return float(main.x(spec.we_value(dot[2]))), float(main.y(spec.ns_value(dot[1])))


def _detail_drawing(
    view, frame, layers, placed, numbers, main, spec, measure, radius, label_size, size
):
    """(drawing, zoom, bare) of one detail: the enlarged map cut to ``view`` (x, y, w, h)."""
    bx0, by0, w, h = view
    zoom = frame.width / main.width

    def shift(geometry):
        cut = shapely.clip_by_rect(geometry, bx0, by0, bx0 + w, by0 + h)
        return shapely.transform(cut, lambda xy: xy - (bx0, by0))

    others, own, state_lines = (shift(g) for g in layers)
    items: list[md.Item] = [
        md.Polygon(rings=(((0, 0), (w, 0), (w, h), (0, h)),), fill=SEA),
        *geometry_polygons(others, fill=LAND_OTHER, stroke="#ffffff", stroke_width=0.25),
        *geometry_polygons(own, fill=LAND_GERMANY),
        *_lines(state_lines, stroke=BORDER, width=0.3),
    ]
    grid_labels = []
    for we in range(0, spec.we_max + 1, 5):
        x = float(frame.x(we)) - bx0
        if 0 < x < w:
            major = we % 10 == 0
            items.append(md.Line(points=((x, 0), (x, h)), stroke="#ffffff",
                                 width=0.45 if major else 0.2))  # fmt: skip
            if major or (zoom >= 3 and we % 5 == 0):
                grid_labels.append(label_at(x, 2.2, str(we), 1.6, fill=INK, halo="#ffffff",
                                            weight="bold"))  # fmt: skip
    for ns in range(0, spec.ns_max + 1, 5):
        y = float(frame.y(ns)) - by0
        if 0 < y < h:
            major = ns % 10 == 0
            items.append(md.Line(points=((0, y), (w, y)), stroke=INK,
                                 width=0.3 if major else 0.1))  # fmt: skip
            if major or (zoom >= 3 and ns % 5 == 0):
                grid_labels.append(md.Text(x=0.8, y=y + 0.8, text=str(ns), size=1.6, anchor="start",
                                           fill=INK, halo="#ffffff", weight="bold"))  # fmt: skip
    # Only whole dots: one on the cut would spill over the detail's edge.
    inside = [
        (dot, x - bx0, y - by0)
        for dot, (x, y) in placed
        if radius <= x - bx0 <= w - radius and radius <= y - by0 <= h - radius
    ]
    grid_labels = [t for t in grid_labels if not overlaps(text_box(t, measure), LETTER_BOX)]
    occupied = Occupied([LETTER_BOX, *(text_box(t, measure) for t in grid_labels)])
    occupied_dots = [(x - radius, y - radius, x + radius, y + radius) for _, x, y in inside]
    for box in occupied_dots:
        occupied.add(box)
    missing, keyed, names = [], [], []
    for dot, x, y in inside:
        number, shown = numbers.get(_key(main, spec, dot), (None, True))
        if number is None:
            if dot[0]:
                names.append((dot, x, y))
        else:
            (keyed if shown else missing).append((x, y, str(number)))
    frame_box = (0.0, 0.0, w, h)
    # The numbers the main map could not show first: the others are found there too.
    number_items, bare = place_numbers(missing, occupied, frame_box, measure, radius, size)
    # Then the names (the largest first), for the reader's bearings; then the numbers the main
    # map shows as well.
    names.sort(key=lambda n: -(float(n[0][3] or 0) if len(n[0]) > 3 else 0.0))
    name_items, _missed = place_labels(
        [(x, y, dot[0]) for dot, x, y in names],
        size=label_size, frame=frame_box, occupied=occupied, dot_radius=radius, measure=measure,
    )  # fmt: skip
    more, _ = place_numbers(keyed, occupied, frame_box, measure, radius, size)
    number_items += more
    texts = [*name_items, *number_items]
    items += [i for i in texts if isinstance(i, md.Line)]
    items += [
        md.Circle(x=x, y=y, r=radius, fill=DOT, stroke="#ffffff", stroke_width=0.35)
        for _, x, y in inside
    ]
    items += grid_labels
    items += [i for i in texts if not isinstance(i, md.Line)]
    items.append(md.Polygon(rings=(((0, 0), (w, 0), (w, h), (0, h)),), stroke=DETAIL_INK,
                            stroke_width=0.6))  # fmt: skip
    items.append(md.Polygon(rings=(((0, 0), (5.5, 0), (5.5, 5.5), (0, 5.5)),), fill=DETAIL_INK))
    # (the letter goes on last, once the details are counted: ``_lettered``)
    return md.MapDrawing(width=w, height=h, items=tuple(items)), zoom, len(bare)


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
    "Detail",
    "MapEdition",
    "detail_regions",
    "germany_map",
    "germany_map_indexed",
    "germany_position",
    "grid_details",
    "grid_map",
    "grid_map_indexed",
    "grid_position",
    "inset_details",
    "with_details",
]
