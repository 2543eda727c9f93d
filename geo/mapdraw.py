"""A renderer-neutral description of a map: what the SVG maps and the printed PDFs both draw.

Coordinates are millimetres at the drawing's nominal size, origin top-left, y pointing down.
Colours are "#rrggbb" strings. The geo app builds drawings (see ``geo.maps``); ``geo.svg``
and the printing app's PDF renderer turn them into SVG or vector PDF.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Point = tuple[float, float]
Ring = tuple[Point, ...]


@dataclass(frozen=True)
class Polygon:
    """A filled area; the first ring is the outline, further rings are holes."""

    rings: tuple[Ring, ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.2
    opacity: float = 1.0


@dataclass(frozen=True)
class Line:
    points: tuple[Point, ...]
    stroke: str = "#000000"
    width: float = 0.2
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str | None = "#d62728"
    stroke: str | None = None
    stroke_width: float = 0.2


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 3.0  # cap height-ish font size in millimetres
    fill: str = "#000000"
    anchor: Literal["start", "middle", "end"] = "middle"
    weight: Literal["normal", "bold"] = "normal"
    halo: str | None = None  # outline colour that keeps labels readable on busy ground


Item = Polygon | Line | Circle | Text


@dataclass(frozen=True)
class MapDrawing:
    width: float
    height: float
    items: tuple[Item, ...] = field(default_factory=tuple)
    title: str = ""
    background: str | None = None
