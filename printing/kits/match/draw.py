"""The symbols of round match cards: where they go on a card (``place_symbols``), how a label
breaks into lines, and the ``Symbol`` element kind's drawer for the face renderer.

The faces themselves are data (``printing.kits.match.faces``). Icons are PDF forms defined once per
document, scaled into their layout disc; text labels are fitted so that their box's corners stay
inside the disc, and go along the one text path.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext_lazy as _
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.hyphenation import SOFT_HYPHEN, soft_hyphens
from cards.symbols.decks import ISLAND, PORT, SCORE, TEAM, MatchCardData, MatchDeckData, SymbolData
from cards.symbols.svgpath import Outline, outline
from printing.core import render
from printing.core.colours import colour
from printing.core.fonts import register_fonts
from printing.core.i18n import in_language
from printing.core.layouts import Symbol
from printing.core.shaping import draw_string
from printing.core.shaping import width as run_width
from printing.core.textfit import LEADING
from printing.kits.match.layout import Spot, card_layout

TEAM_COLOURS = {"blue": "#1f5fa8", "orange": "#e67e22", "red": "#c0392b"}
TEAM_NAMES = {"blue": _("Blue"), "orange": _("Orange"), "red": _("Red")}
# Ports in teal, apart from the blue team; islands in sand.
ROLE_COLOURS = {ISLAND: "#c9a45c", PORT: "#138d75", "symbol": "#5d6d7e"}
ROLE_TITLES = {ISLAND: _("Island"), PORT: _("Port"), TEAM: _("Team"), SCORE: _("Score")}
CUT = HexColor("#888888")
RIM = 0.055  # of the radius: the coloured rim of team (and role) cards
SAFE = 1.8  # mm between the rim and the symbols' circle
ICON_UNITS = 100.0  # icon forms are drawn with radius 100 (PDF numbers keep 6 decimals)
FONT_CAP = 0.72  # DejaVu Sans Bold cap height per point of size
TEXT_MAX = 0.62  # a short label's size is capped at this share of its disc's radius


def team_name(language: str, team: str) -> str:
    name = TEAM_NAMES.get(team)
    return in_language(language, name) if name is not None else team


def card_seed(deck_seed: int, number: int) -> int:
    """The layout seed of one card: stable for the deck, different from card to card."""
    return (deck_seed * 1_000_003 + number * 7919) % (2**31)


def symbol_radius(diameter: float) -> float:
    """Radius (mm) of the circle the symbols stay inside."""
    r = diameter / 2
    return r - RIM * r - SAFE


def rim_colour(card: MatchCardData) -> str:
    if card.role in (TEAM, SCORE):
        return TEAM_COLOURS.get(card.colour, "#5d6d7e")
    return ROLE_COLOURS.get(card.role, ROLE_COLOURS["symbol"])


@dataclass(frozen=True)
class Placed:
    """One symbol of a card, placed: its disc in millimetres from the card's centre (y up)."""

    symbol: SymbolData
    x: float
    y: float
    r: float
    angle: float


def place_symbols(deck: MatchDeckData, card: MatchCardData, diameter: float) -> list[Placed]:
    """The card's symbols with their discs: the layout data the printed card follows."""
    symbols = [deck.symbol(i) for i in card.symbols]
    kinds = tuple(s.kind == "text" for s in symbols)
    hints = tuple(_size_hint(s, deck.language) for s in symbols)
    seed = card_seed(deck.seed, card.number)
    spots: tuple[Spot, ...] = card_layout(len(symbols), seed, kinds, hints)
    scale = symbol_radius(diameter)
    return [
        Placed(sym, s.x * scale, s.y * scale, s.r * scale, s.angle)
        for sym, s in zip(symbols, spots, strict=True)
    ]


@lru_cache(maxsize=4096)
def _size_hint(symbol: SymbolData, language: str) -> float:
    """Labels ask for discs by their length: the square root evens out the type sizes without
    letting one long name crowd the card."""
    if symbol.kind == "icon":
        return 1.0
    _, bold = register_fonts()
    size, _lines = label_lines(symbol.label(language), bold, 1.0, language)
    return min(2.0, max(0.6, math.sqrt(0.25 / size)))


def cut_circle(canvas: Canvas, diameter: float) -> None:
    canvas.setStrokeColor(CUT)
    canvas.setLineWidth(0.3)
    canvas.setDash(3, 2)
    canvas.circle(0, 0, diameter / 2 * mm, stroke=1, fill=0)
    canvas.setDash()


def _icon_form(canvas: Canvas, symbol: SymbolData) -> str:
    name = f"match-icon-{symbol.index}-{zlib.crc32((symbol.icon + symbol.colour).encode()):x}"
    defined = canvas.__dict__.setdefault("_spot_forms", set())
    if name in defined:
        return name
    shape = _outline(symbol.icon)
    k = ICON_UNITS / shape.radius
    u = ICON_UNITS
    canvas.beginForm(name, -u, -u, u, u)
    path = canvas.beginPath()
    for op in shape.ops:  # SVG's y points down: flip it about the shape's centre
        if op[0] == "Z":
            path.close()
            continue
        pts = [
            ((v - shape.cx) * k if i % 2 == 0 else (shape.cy - v) * k) for i, v in enumerate(op[1:])
        ]
        if op[0] == "M":
            path.moveTo(*pts)
        elif op[0] == "L":
            path.lineTo(*pts)
        else:
            path.curveTo(*pts)
    canvas.setFillColor(colour(symbol.colour))
    canvas.drawPath(path, stroke=0, fill=1, fillMode=1)  # non-zero winding, as in SVG
    canvas.endForm()
    defined.add(name)
    return name


@lru_cache(maxsize=512)
def _outline(d: str) -> Outline:
    """Parsed once per process: a web worker prints the same icons again and again."""
    return outline(d)


def _draw_icon(canvas: Canvas, placed: Placed) -> None:
    name = _icon_form(canvas, placed.symbol)
    canvas.saveState()
    canvas.translate(placed.x * mm, placed.y * mm)
    canvas.rotate(placed.angle)
    s = placed.r * mm / ICON_UNITS
    canvas.scale(s, s)
    canvas.doForm(name)
    canvas.restoreState()


HYPHEN_GAIN = 1.25  # a label breaks inside a word only if that prints it this much larger
LONG_WORD = 12  # letters: shorter words stay whole on a round card


def label_lines(
    text: str, font: str, radius_pt: float, language: str = "de"
) -> tuple[float, list[str]]:
    """Font size and lines for ``text`` whose box's corners all lie within ``radius_pt`` of its
    centre: one line, or broken at spaces and hyphens into two or three, whichever is largest;
    a long word may also break between syllables (as on screen) when that prints it clearly
    larger ("Mönchen-/gladbach")."""
    words = text.replace("-", "- ").split()
    best = _best([[text], *_splits(words, font)], font, radius_pt)
    syllables = [p for w in words for p in _syllables(w, language)]
    if len(syllables) > len(words):
        broken = _best(_splits(syllables, font), font, radius_pt)
        if broken[0] > HYPHEN_GAIN * best[0]:
            return broken
    return best


def _syllables(word: str, language: str) -> list[str]:
    """A long word cut once, at the syllable break nearest its middle; shorter words whole."""
    if len(word) < LONG_WORD:
        return [word]
    parts = soft_hyphens(word, language).split(SOFT_HYPHEN)
    if len(parts) < 2:
        return [word]
    cuts = [sum(len(p) for p in parts[:k]) for k in range(1, len(parts))]
    cut = min(cuts, key=lambda c: abs(c - len(word) / 2))
    return [word[:cut] + SOFT_HYPHEN, word[cut:]]


def _splits(words: list[str], font: str) -> list[list[str]]:
    return [_balanced(words, n, font) for n in (2, 3) if len(words) >= n]


def _best(candidates: list[list[str]], font: str, radius_pt: float) -> tuple[float, list[str]]:
    best = (0.0, candidates[0] if candidates else [])
    for lines in candidates:
        width = max(run_width(line, font, 1) for line in lines)
        height = len(lines) * LEADING
        size = min(radius_pt / math.hypot(width / 2, height / 2), TEXT_MAX * radius_pt)
        if size > best[0]:
            best = (size, lines)
    return best


def _balanced(words: list[str], n: int, font: str) -> list[str]:
    """``words`` in ``n`` lines with the narrowest widest line (few words: try every split);
    a piece ending in a soft hyphen joins the next one, or shows "-" at a line's end."""
    best: list[str] = []
    best_w = math.inf

    def join(chunk: list[str]) -> str:
        line = " ".join(chunk).replace("- ", "-").replace(SOFT_HYPHEN + " ", "")
        return line[:-1] + "-" if line.endswith(SOFT_HYPHEN) else line

    def splits(start: int, left: int):
        if left == 1:
            yield [words[start:]]
            return
        for cut in range(start + 1, len(words) - left + 2):
            for rest in splits(cut, left - 1):
                yield [words[start:cut], *rest]

    for parts in splits(0, n):
        lines = [join(p) for p in parts]
        w = max(run_width(line, font, 1) for line in lines)
        if w < best_w:
            best, best_w = lines, w
    return best


def _draw_label(canvas: Canvas, placed: Placed, language: str) -> None:
    _, bold = register_fonts()
    text = placed.symbol.label(language)
    size, lines = label_lines(text, bold, placed.r * mm, language)
    lead = size * LEADING
    canvas.saveState()
    canvas.translate(placed.x * mm, placed.y * mm)
    canvas.rotate(placed.angle)
    canvas.setFillColor(colour(placed.symbol.colour))
    top = len(lines) * lead / 2
    for i, line in enumerate(lines):
        baseline = top - i * lead - (lead + FONT_CAP * size) / 2
        draw_string(canvas, 0, baseline, line, bold, size, "middle")
    canvas.restoreState()


def draw_symbol(canvas: Canvas, el, data, face, bleed) -> None:
    """A ``Symbol`` element of a round face (``printing.kits.match.faces``): its icon or label."""
    placed = Placed(data.symbol(el.index), el.cx, face.height - el.cy, el.r, el.angle)
    if placed.symbol.kind == "icon":
        _draw_icon(canvas, placed)
    else:
        _draw_label(canvas, placed, data.language)


render.register(Symbol, draw_symbol)
