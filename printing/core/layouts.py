"""Card faces as data: element lists with positions in millimetres from the card's top-left.

A face is built for one card size by a small function of (width, height), so the same design
fits every size. ``validate_face`` checks a face before anything is drawn: known element kinds,
known data fields, boxes inside the card and text inside the safe zone. Colours are "#rrggbb"
or "@field" to take the colour from the card's data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from printing.core.sheets import Rect, safe_zone

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
        "rank",  # playing cards: A, 2 … 10, J, Q, K, ★ for a joker
        "suit_symbol",
        "centre",  # the big suit sign, or JOKER
        "centre_note",  # "= 11" for J, "1 – 13" for a joker
        "title",  # round cards: the back's role or team, a dial's team
        "deck_name",
        "score_title",
    }
)
COLOUR_FIELDS = frozenset(
    {"card_colour", "board_colour", "board_ink", "accent", "ink", "rim", "rim_ink", "rim_legible"}
)


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


@dataclass(frozen=True)
class Index:
    """A playing card's corner index: the card's rank over its suit sign in the box; ``turned``
    turns it about the box's centre, for the opposite corner."""

    x: float
    y: float
    w: float
    h: float
    fill: str = "@ink"
    turned: bool = False
    kind: str = "index"


@dataclass(frozen=True)
class Pattern:
    """``signs`` repeated over the whole face and its bleed, ``step`` mm apart, in turn."""

    signs: str
    step: float
    fill: str
    size: float = 10.0  # points
    kind: str = "pattern"


@dataclass(frozen=True)
class Disc:
    """A circle centred at (cx, cy) mm: filled, stroked or both; ``bleed`` grows it by the
    bleed (a round card's rim runs into it)."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3
    bleed: bool = False
    kind: str = "disc"


@dataclass(frozen=True)
class Polygon:
    """A closed outline through ``points`` (mm from the top-left)."""

    points: tuple[tuple[float, float], ...]
    stroke: str
    stroke_width: float = 0.3
    kind: str = "polygon"


@dataclass(frozen=True)
class Symbol:
    """One symbol of a match card, in its disc: the card data's symbol ``index`` (an icon or
    a text label), turned by ``angle`` degrees."""

    cx: float
    cy: float
    r: float
    angle: float
    index: int
    kind: str = "symbol"


Element = Background | Box | Text | Blob | Image | Map | Index | Pattern | Disc | Polygon | Symbol
ELEMENT_KINDS = frozenset(
    {"background", "rect", "text", "blob", "image", "map", "index", "pattern", "disc",
     "polygon", "symbol"}
)  # fmt: skip


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
        elif isinstance(el, Index) and not safe.contains(Rect(el.x, el.y, el.w, el.h)):
            errors.append(f"{where}: index leaves the safe zone")
        elif isinstance(el, Box | Image | Map) and (
            el.w <= 0 or el.h <= 0 or not card.contains(Rect(el.x, el.y, el.w, el.h))
        ):
            errors.append(f"{where}: box outside the card")
    return errors


def checked(face: Face) -> Face:
    """``face`` if it validates; ``LayoutError`` with every problem otherwise."""
    errors = validate_face(face)
    if errors:
        raise LayoutError("; ".join(errors))
    return face
