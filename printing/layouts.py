"""Card faces as data: element lists with positions in millimetres from the card's top-left.

A face is built for one card size by a small function of (width, height), so the same design
fits every size. ``validate_face`` checks a face before anything is drawn: known element kinds,
known data fields, boxes inside the card and text inside the safe zone. Colours are "#rrggbb"
or "@field" to take the colour from the card's data.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from printing.sheets import SAFE_INSET, Rect, safe_zone

Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]

# The data fields a face may name; the renderer resolves them from a CardData.
FIELDS = frozenset(
    {
        "name",
        "state",
        "description",
        "population",
        "ns",
        "we",
        "edition_mark",
        "board_name",
        "solutions",
        "tip_letter",
        "tip_caption",
        "kind_label",
    }
)
COLOUR_FIELDS = frozenset({"card_colour", "board_colour", "accent", "ink"})


@dataclass(frozen=True)
class Background:
    """Fills the whole face including its bleed: backgrounds run into the bleed."""

    fill: str
    kind: str = "background"


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3
    radius: float = 0.0
    bleed: bool = False  # extend to the bleed on the edges the box touches
    kind: str = "rect"


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    w: float
    h: float
    content: str = ""  # a data field; empty means the literal ``text``
    text: str = ""
    bold: bool = False
    size: float = 10.0  # points: the largest size tried
    min_size: float = 5.0  # points: below this the text wraps onto more lines first
    max_lines: int = 1
    align: Align = "center"
    valign: VAlign = "middle"
    fill: str = "#000000"
    kind: str = "text"


@dataclass(frozen=True)
class Blob:
    """A rounded blob carrying a number, as on the printed cards' backs."""

    cx: float
    cy: float
    rx: float
    ry: float
    content: str
    fill: str
    ink: str
    stroke: str | None = None
    stroke_width: float = 0.5
    size: float = 20.0
    kind: str = "blob"


@dataclass(frozen=True)
class Image:
    x: float
    y: float
    w: float
    h: float
    content: str = "image"
    kind: str = "image"


@dataclass(frozen=True)
class Map:
    """A small map; ``content`` names the drawing (the board diagram of the card's board)."""

    x: float
    y: float
    w: float
    h: float
    content: str = "board_diagram"
    kind: str = "map"


Element = Background | Box | Text | Blob | Image | Map
ELEMENT_KINDS = frozenset({"background", "rect", "text", "blob", "image", "map"})


@dataclass(frozen=True)
class Face:
    name: str
    width: float
    height: float
    elements: tuple[Element, ...]


class LayoutError(ValueError):
    pass


def _colour_ok(value: str | None) -> bool:
    if value is None:
        return True
    if value.startswith("@"):
        return value[1:] in COLOUR_FIELDS
    return (
        len(value) == 7
        and value[0] == "#"
        and all(c in "0123456789abcdefABCDEF" for c in value[1:])
    )


def validate_face(face: Face) -> list[str]:
    """Everything wrong with ``face``; empty when it can be drawn."""
    errors: list[str] = []
    card = Rect(0, 0, face.width, face.height)
    safe = safe_zone(face.width, face.height)
    for i, el in enumerate(face.elements):
        where = f"{face.name}[{i}] {el.kind}"
        if el.kind not in ELEMENT_KINDS:
            errors.append(f"{where}: unknown element kind")
            continue
        for attr in ("fill", "stroke", "ink"):
            if not _colour_ok(getattr(el, attr, None)):
                errors.append(f"{where}: bad colour {getattr(el, attr)!r}")
        if isinstance(el, Text | Blob) and el.content and el.content not in FIELDS:
            errors.append(f"{where}: unknown field {el.content!r}")
        if isinstance(el, Text):
            if not el.content and not el.text:
                errors.append(f"{where}: neither content nor text")
            if not safe.contains(Rect(el.x, el.y, el.w, el.h)):
                errors.append(f"{where}: text box leaves the safe zone")
            if el.min_size > el.size or el.min_size <= 0 or el.max_lines < 1:
                errors.append(f"{where}: bad size or line limits")
        elif isinstance(el, Blob) and not safe.contains(
            Rect(el.cx - el.rx, el.cy - el.ry, 2 * el.rx, 2 * el.ry)
        ):
            errors.append(f"{where}: blob leaves the safe zone")
        elif isinstance(el, Box | Image | Map) and (
            el.w <= 0 or el.h <= 0 or not card.contains(Rect(el.x, el.y, el.w, el.h))
        ):
            errors.append(f"{where}: box outside the card")
    return errors


def _checked(face: Face) -> Face:
    errors = validate_face(face)
    if errors:
        raise LayoutError("; ".join(errors))
    return face


# --- Designs --------------------------------------------------------------------------------
INK = "#1b1b1b"
PAPER = "#fbf8f1"
GERMANY_ACCENT = "#1f4e79"
GREY = "#6b6b6b"
S = SAFE_INSET


def _header(w: float, fill: str, height: float = 9.0) -> Box:
    return Box(0, 0, w, height, fill=fill, bleed=True)


def _mark(w: float, h: float, fill: str = GREY) -> Text:
    return Text(S, h - S - 4, w - 2 * S, 4, content="edition_mark", size=5.5, min_size=4, fill=fill)


@lru_cache(maxsize=32)
def germany_front(w: float, h: float) -> Face:
    return _checked(
        Face(
            "germany-front",
            w,
            h,
            (
                Background(PAPER),
                _header(w, GERMANY_ACCENT),
                Text(
                    S,
                    h * 0.25,
                    w - 2 * S,
                    h * 0.45,
                    content="name",
                    bold=True,
                    size=22,
                    min_size=13,
                    max_lines=3,
                    fill=INK,
                ),
                _mark(w, h),
            ),
        )
    )


@lru_cache(maxsize=32)
def germany_back(w: float, h: float) -> Face:
    inner = w - 2 * S
    blob_r = min(inner / 4 - 1.5, 11.0)
    blob_y = h - S - 5 - blob_r * 0.8
    pop_y = blob_y - blob_r * 0.8 - 8.5
    return _checked(
        Face(
            "germany-back",
            w,
            h,
            (
                Background(PAPER),
                _header(w, GERMANY_ACCENT, 4.0),
                Text(
                    S,
                    S + 2,
                    inner,
                    7,
                    content="state",
                    bold=True,
                    size=10,
                    min_size=6.5,
                    fill=GERMANY_ACCENT,
                ),
                Text(
                    S,
                    S + 10,
                    inner,
                    pop_y - S - 12,
                    content="description",
                    size=8.5,
                    min_size=5,
                    max_lines=9,
                    align="left",
                    valign="top",
                    fill=INK,
                ),
                Text(
                    S,
                    pop_y,
                    inner,
                    6.5,
                    content="population",
                    bold=True,
                    size=10,
                    min_size=6,
                    fill=INK,
                ),
                Blob(
                    S + inner / 4,
                    blob_y,
                    blob_r,
                    blob_r * 0.8,
                    "ns",
                    "#000000",
                    "#ffffff",
                    size=blob_r * 1.9,
                ),
                Blob(
                    S + inner * 3 / 4,
                    blob_y,
                    blob_r,
                    blob_r * 0.8,
                    "we",
                    "#ffffff",
                    "#000000",
                    stroke="#000000",
                    stroke_width=0.6,
                    size=blob_r * 1.9,
                ),
                _mark(w, h),
            ),
        )
    )


@lru_cache(maxsize=32)
def world_front(w: float, h: float) -> Face:
    return _checked(
        Face(
            "world-front",
            w,
            h,
            (
                Background("@card_colour"),
                Box(S, S, w - 2 * S, h - 2 * S, stroke="#ffffff", stroke_width=0.8, radius=2),
                Text(
                    S + 2,
                    h * 0.28,
                    w - 2 * S - 4,
                    h * 0.4,
                    content="name",
                    bold=True,
                    size=20,
                    min_size=12,
                    max_lines=3,
                    fill=INK,
                ),
                Text(
                    S + 2,
                    h * 0.68,
                    w - 2 * S - 4,
                    5,
                    content="kind_label",
                    size=7,
                    min_size=5,
                    fill=INK,
                ),
                _mark(w, h, INK),
            ),
        )
    )


@lru_cache(maxsize=32)
def world_back(w: float, h: float) -> Face:
    inner = w - 2 * S
    diagram_h = min(inner * 0.9, h * 0.42)
    return _checked(
        Face(
            "world-back",
            w,
            h,
            (
                Background(PAPER),
                _header(w, "@board_colour", 13.0),
                Text(
                    S,
                    S,
                    inner,
                    7,
                    content="board_name",
                    bold=True,
                    size=12,
                    min_size=7,
                    fill="#ffffff",
                ),
                Text(
                    S,
                    15,
                    inner,
                    h - 15 - diagram_h - S - 7,
                    content="solutions",
                    size=9,
                    min_size=5,
                    max_lines=12,
                    align="left",
                    valign="top",
                    fill=INK,
                ),
                # The renderer fits the board into this box, keeping its shape.
                Map(S, h - S - 5.5 - diagram_h, inner, diagram_h),
                _mark(w, h),
            ),
        )
    )


@lru_cache(maxsize=32)
def tip_face(w: float, h: float) -> Face:
    inner = w - 2 * S
    return _checked(
        Face(
            "tip",
            w,
            h,
            (
                Background("@accent"),
                Box(S, S, inner, h - 2 * S, stroke="@ink", stroke_width=0.6, radius=3),
                Text(
                    S + 2,
                    h * 0.18,
                    inner - 4,
                    h * 0.4,
                    content="tip_letter",
                    bold=True,
                    size=72,
                    min_size=20,
                    fill="@ink",
                ),
                Text(
                    S + 2,
                    h * 0.6,
                    inner - 4,
                    h * 0.22,
                    content="tip_caption",
                    bold=True,
                    size=11,
                    min_size=6,
                    max_lines=3,
                    fill="@ink",
                ),
                _mark(w, h, "@ink"),
            ),
        )
    )


FACES = {
    "germany": (germany_front, germany_back),
    "world": (world_front, world_back),
    "tip": (tip_face, tip_face),
}


def faces_for(kind: str, w: float, h: float) -> tuple[Face, Face]:
    front, back = FACES[kind]
    return front(w, h), back(w, h)
