"""The reports' pictures as inline SVG, drawn on the server: a grid edition's map with each
place coloured by the share of right answers on it, the world map with a line from each wrong
guess to the place, and a chart of the share right per game. Every picture's numbers are also
in a table beside it (the pages'), for screen readers and for reading exact values."""

from __future__ import annotations

import re
from dataclasses import replace
from html import escape
from typing import Any

from geo import mapdraw as md
from geo.grid_frame import GERMANY_MAP, MapEdition
from geo.maps import grid_map, grid_position
from geo.svg import render_svg
from geo.world_map import guess_point, world_map

# Okabe–Ito: vermilion (all wrong), orange, yellow-green, bluish green (all right).
SHARE_COLOURS = ("#D55E00", "#E69F00", "#B8B800", "#009E73")
MAP_WIDTH = 180.0
SIZE = re.compile(r'width="[\d.]+mm" height="[\d.]+mm" ')
DOT_RADIUS = 2.4


def share_colour(value: float | None) -> str:
    if value is None:
        return "#888888"
    return SHARE_COLOURS[min(int(value * len(SHARE_COLOURS)), len(SHARE_COLOURS) - 1)]


def percent(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)} %"


def inline(drawing: md.MapDrawing, label: str, css: str) -> str:
    svg = render_svg(drawing).split("?>", 1)[-1].strip()
    # Scaled by the page (its CSS gives the width); the label names the picture for a reader.
    svg = SIZE.sub("", svg, count=1)
    return svg.replace(
        "<svg ", f'<svg class="{css}" role="img" aria-label="{escape(label, quote=True)}" ', 1
    )


def grid_share_map(
    grid: dict | None, places: list[dict[str, Any]], language: str, label: str
) -> str:
    """``grid_share_drawing`` as inline SVG."""
    return inline(grid_share_drawing(grid, places, language), label, "report-map")


def grid_share_drawing(
    grid: dict | None, places: list[dict[str, Any]], language: str
) -> md.MapDrawing:
    """The grid edition's map (Germany's for ``grid`` None) with a dot per place, coloured by
    the share of right answers on it and named with that share."""
    edition = GERMANY_MAP if grid is None else MapEdition.from_data(grid)
    located = [p for p in places if p.get("latitude") is not None]
    dots = [(f"{p['name']} {percent(p['share'])}", p["latitude"], p["longitude"]) for p in located]
    drawing = grid_map(
        edition,
        dots,
        width_mm=MAP_WIDTH,
        language=language,
        labels="spread",
        dot_radius=DOT_RADIUS,
        label_size=3.4,
    )
    colours = {
        grid_position(edition, MAP_WIDTH, p["latitude"], p["longitude"]): share_colour(p["share"])
        for p in located
    }
    items = tuple(
        replace(item, fill=colours[(item.x, item.y)], stroke="#1a1a1a")
        if isinstance(item, md.Circle) and item.r == DOT_RADIUS and (item.x, item.y) in colours
        else item
        for item in drawing.items
    )
    return replace(drawing, items=items)


def world_guess_map(guesses: list[dict[str, Any]], label: str) -> str:
    """``world_guess_drawing`` as inline SVG."""
    return inline(world_guess_drawing(guesses), label, "report-map report-world")


def world_guess_drawing(guesses: list[dict[str, Any]]) -> md.MapDrawing:
    """The world with each guessed place (green dot: right, vermilion ring: wrong) and a dashed
    line from each wrong guess's field to where the place is."""
    located = [g for g in guesses if g.get("latitude") is not None]
    lines = []
    for g in located:
        start = None if g["correct"] else guess_point(g["guess"])
        if start is not None:
            lines.append((start, (g["latitude"], g["longitude"])))
    places = [(g["latitude"], g["longitude"], g["correct"]) for g in located]
    return world_map(places, lines)


def game_drawing(report: dict[str, Any], language: str) -> md.MapDrawing | None:
    """The map of a game's report, by the kind of map its edition asked for, or None."""
    drawn = report.get("map") or {}
    if drawn.get("kind") == "grid" and drawn.get("places"):
        return grid_share_drawing(drawn["grid"], drawn["places"], language)
    if drawn.get("kind") == "world" and drawn.get("guesses"):
        return world_guess_drawing(drawn["guesses"])
    return None


def misses_map(map_kind: str, grid: dict | None, places: list[dict], language: str, label: str):
    """``misses_drawing`` as inline SVG."""
    css = "report-map report-world" if map_kind == "world" else "report-map"
    return inline(misses_drawing(map_kind, grid, places, language), label, css)


def misses_drawing(
    map_kind: str, grid: dict | None, places: list[dict], language: str
) -> md.MapDrawing:
    """A class's missed places on the map of its games: on a grid edition's map each dot
    coloured and labelled by the share of right answers on it; on the world map a ring each."""
    missed = [
        {**p, "share": 1 - p["missed_share"]}
        for p in places
        if p["missed"] and p.get("latitude") is not None
    ]
    if map_kind == "world":
        return world_map([(p["latitude"], p["longitude"], False) for p in missed])
    return grid_share_drawing(grid, missed, language)


CHART_W, CHART_H = 640.0, 260.0
LEFT, RIGHT, TOP, BOTTOM = 48.0, 16.0, 16.0, 40.0


def share_chart(points: list[tuple[str, float]], label: str) -> str:
    """A line chart of the share of right answers per game (x: the games in order, labelled by
    date; y: 0–100 %)."""
    inner_w, inner_h = CHART_W - LEFT - RIGHT, CHART_H - TOP - BOTTOM
    parts = [
        f'<svg class="report-chart" role="img" aria-label="{escape(label, quote=True)}" '
        f'viewBox="0 0 {CHART_W:g} {CHART_H:g}" xmlns="http://www.w3.org/2000/svg" '
        'font-family="DejaVu Sans, sans-serif">'
    ]
    for tick in (0, 25, 50, 75, 100):
        y = TOP + inner_h * (1 - tick / 100)
        parts.append(
            f'<line x1="{LEFT:g}" x2="{CHART_W - RIGHT:g}" y1="{y:g}" y2="{y:g}" '
            'stroke="#cccccc" stroke-width="1"/>'
            f'<text x="{LEFT - 6:g}" y="{y + 5:g}" font-size="14" text-anchor="end">{tick} %</text>'
        )
    n = len(points)
    xy = []
    for i, (_date, value) in enumerate(points):
        x = LEFT + (inner_w * (i + 0.5) / n if n else 0)
        xy.append((x, TOP + inner_h * (1 - value)))
    if len(xy) > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
        parts.append(f'<polyline points="{path}" fill="none" stroke="#0072B2" stroke-width="3"/>')
    step = max(1, n // 8)  # at most about eight dates under the axis
    for i, ((date, value), (x, y)) in enumerate(zip(points, xy, strict=True)):
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{share_colour(value)}" '
            f'stroke="#1a1a1a"><title>{escape(date)}: {percent(value)}</title></circle>'
        )
        if i % step == 0:
            parts.append(
                f'<text x="{x:.1f}" y="{CHART_H - BOTTOM + 22:g}" font-size="13" '
                f'text-anchor="middle">{escape(date[5:])}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)
