"""Which parts of a face are the same on every card, and in which order the rest is drawn.

A 2,000-card deck paints the same backgrounds, headers and blob shapes thousands of times.
``plan`` splits a face once: the fixed parts go into one PDF form that each card reuses, the
card's own parts (its texts, data-coloured shapes, maps, images) are drawn per card. A fixed
part may only move ahead of a card part it does not overlap, so the painting order of
anything that touches stays exactly as the layout says.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Literal

from printing.core.layouts import (
    Background,
    Blob,
    Box,
    Disc,
    Element,
    Face,
    Image,
    Map,
    Pattern,
    Polygon,
    Symbol,
    Text,
)
from printing.core.sheets import MAX_BLEED, Rect

StepKind = Literal["shape", "text", "label"]  # label: the number on a blob
Step = tuple[StepKind, Element]
GLYPH_SLACK = 0.5  # mm: glyphs may stick out of their box by a side bearing
BLOB_REACH = 1.08  # the blob's wobble (render._BLOB_SHAPE) reaches 7.5 % past its radii


@dataclass(frozen=True)
class Plan:
    fixed: tuple[Step, ...]  # drawn once per document into a form
    steps: tuple[Step, ...]  # drawn for every card, in this order
    key: str  # names the fixed form: equal faces share one


def _is_fixed(kind: StepKind, el: Element) -> bool:
    if isinstance(el, Map | Image | Symbol) or kind == "label":
        return False
    if isinstance(el, Text) and not el.text:
        return False
    colours = [getattr(el, attr, None) for attr in ("fill", "stroke")]
    return not any(c and c.startswith("@") for c in colours)


def _area(kind: StepKind, el: Element) -> Rect:
    """Where a step may paint, in millimetres from the card's top-left (generously)."""
    if isinstance(el, Background | Pattern):
        return Rect(-1e6, -1e6, 2e6, 2e6)
    if isinstance(el, Blob):
        rx, ry = el.rx * BLOB_REACH + el.stroke_width, el.ry * BLOB_REACH + el.stroke_width
        return Rect(el.cx - rx, el.cy - ry, 2 * rx, 2 * ry)
    if isinstance(el, Box):
        grow = MAX_BLEED if el.bleed else el.stroke_width
        return el_rect(el).grow(grow)
    if isinstance(el, Disc | Symbol):
        grow = MAX_BLEED if getattr(el, "bleed", False) else getattr(el, "stroke_width", 0.0)
        return Rect(el.cx - el.r - grow, el.cy - el.r - grow, 2 * (el.r + grow), 2 * (el.r + grow))
    if isinstance(el, Polygon):
        xs, ys = [p[0] for p in el.points], [p[1] for p in el.points]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).grow(el.stroke_width)
    return el_rect(el).grow(GLYPH_SLACK)


def el_rect(el: Box | Text | Map | Image) -> Rect:
    return Rect(el.x, el.y, el.w, el.h)


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def _split(face: Face) -> tuple[list[Step], list[Step]]:
    fixed: list[Step] = []
    steps: list[Step] = []
    drawn_later: list[Rect] = []  # areas of the steps that stay in the per-card pass
    for el in face.elements:
        parts: list[Step] = [("shape", el), ("label", el)] if isinstance(el, Blob) else []
        if not parts:
            parts = [("text", el)] if isinstance(el, Text) else [("shape", el)]
        for kind, part in parts:
            area = _area(kind, part)
            if _is_fixed(kind, part) and not any(_overlap(area, r) for r in drawn_later):
                fixed.append((kind, part))
            else:
                steps.append((kind, part))
                drawn_later.append(area)
    return fixed, steps


_PLANS: dict[int, tuple[Face, Plan]] = {}


def plan(face: Face) -> Plan:
    """The face's plan, computed once per face object."""
    cached = _PLANS.get(id(face))
    if cached is not None and cached[0] is face:
        return cached[1]
    fixed, steps = _split(face)
    key = hashlib.sha1(repr((face.width, face.height, fixed)).encode()).hexdigest()[:12]
    result = Plan(tuple(fixed), tuple(steps), key)
    if len(_PLANS) > 512:  # faces built on the fly (tests, previews) must not pile up
        _PLANS.clear()
    _PLANS[id(face)] = (face, result)
    return result
