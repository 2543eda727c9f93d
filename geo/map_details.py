"""Details of a grid map: a region too crowded for its numbers, drawn enlarged with every dot
numbered as in the map's index, and framed and lettered on the map.

``grid_map_indexed`` marks an index entry not ``shown`` when its number found no room beside the
dot; ``grid_details`` draws the regions holding such dots (cut into tiles that fit the room given,
enlarged until every number has room); ``inset_details`` puts them inside the map's frame where
they cover nothing, and ``with_details`` frames their regions on the map.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace
from typing import NamedTuple

import shapely
from shapely.geometry.base import BaseGeometry

from geo import mapdraw as md
from geo.grid_frame import GridFrame, MapEdition, grid_layers
from geo.labels import (
    NUMBER_INK,
    IndexEntry,
    Measure,
    Occupied,
    estimate_width,
    overlaps,
    place_labels,
    place_numbers,
    text_box,
)
from geo.maps import (
    BORDER,
    DOT,
    INK,
    LAND_GERMANY,
    LAND_OTHER,
    SEA,
    geometry_lines,
    geometry_polygons,
    label_at,
)

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
        *geometry_lines(state_lines, stroke=BORDER, width=0.3),
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
