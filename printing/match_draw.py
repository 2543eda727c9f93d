"""Drawing round match cards with reportlab: symbol fronts, role backs and the score dials.

Every function draws one face with the canvas origin at the card's centre, in points; sizes come
in millimetres and become points here. Icons are PDF forms defined once per document, scaled
into their layout disc; text labels are fitted so their box's corners stay inside the disc.
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
from cards.matchdeck import ISLAND, PORT, SCORE, TEAM, MatchCardData, MatchDeckData, SymbolData
from cards.svgpath import Outline, outline
from printing.colours import colour, ink_for, legible
from printing.fonts import register_fonts
from printing.i18n import in_language
from printing.match_layout import Spot, card_layout
from printing.shaping import draw_string
from printing.shaping import width as run_width
from printing.textfit import LEADING

TEAM_COLOURS = {"blue": "#1f5fa8", "orange": "#e67e22", "red": "#c0392b"}
TEAM_NAMES = {"blue": _("Blue"), "orange": _("Orange"), "red": _("Red")}
# Ports in teal, apart from the blue team; islands in sand.
ROLE_COLOURS = {ISLAND: "#c9a45c", PORT: "#138d75", "symbol": "#5d6d7e"}
ROLE_TITLES = {ISLAND: _("Island"), PORT: _("Port"), TEAM: _("Team"), SCORE: _("Score")}
WHITE, INK, CUT = HexColor("#ffffff"), HexColor("#1b1b1b"), HexColor("#888888")
RIM = 0.055  # of the radius: the coloured rim of team (and role) cards
SAFE = 1.8  # mm between the rim and the symbols' circle
ICON_UNITS = 100.0  # icon forms are drawn with radius 100 (PDF numbers keep 6 decimals)
FONT_CAP = 0.72  # DejaVu Sans Bold cap height per point of size
TEXT_MAX = 0.62  # a short label's size is capped at this share of its disc's radius


def _team_name(language: str, team: str) -> str:
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


def _disc(canvas: Canvas, r_mm: float, fill: HexColor) -> None:
    canvas.setFillColor(fill)
    canvas.circle(0, 0, r_mm * mm, stroke=0, fill=1)


def _ground(canvas: Canvas, diameter: float, bleed: float, rim: str) -> None:
    """White card with a rim that runs into the bleed."""
    r = diameter / 2
    _disc(canvas, r + bleed, colour(rim))
    _disc(canvas, r - RIM * r, WHITE)


def cut_circle(canvas: Canvas, diameter: float) -> None:
    canvas.setStrokeColor(CUT)
    canvas.setLineWidth(0.3)
    canvas.setDash(3, 2)
    canvas.circle(0, 0, diameter / 2 * mm, stroke=1, fill=0)
    canvas.setDash()


def draw_front(
    canvas: Canvas, deck: MatchDeckData, card: MatchCardData, diameter: float, bleed: float
) -> None:
    if card.role == SCORE:
        draw_dial(canvas, deck.language, card.colour, range(0, 6), diameter, bleed)
        return
    _ground(canvas, diameter, bleed, rim_colour(card))
    for placed in place_symbols(deck, card, diameter):
        if placed.symbol.kind == "icon":
            _draw_icon(canvas, placed)
        else:
            _draw_label(canvas, placed, deck.language)


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


def draw_back(
    canvas: Canvas, deck: MatchDeckData, card: MatchCardData, diameter: float, bleed: float
) -> None:
    if card.role == SCORE:
        draw_dial(canvas, deck.language, card.colour, range(6, 11), diameter, bleed)
        return
    r = diameter / 2
    fill = rim_colour(card)
    ink = colour(ink_for(fill))  # white or dark, whichever reads on the role's colour
    _disc(canvas, r + bleed, colour(fill))
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(1.2)
    canvas.circle(0, 0, 0.86 * r * mm, stroke=1, fill=0)
    if card.role == TEAM:
        title = _team_name(deck.language, card.colour)
    else:
        title = in_language(deck.language, ROLE_TITLES.get(card.role, ""))
    if card.role == ISLAND:
        _hexagon(canvas, 0.55 * r, ink)
    regular, bold = register_fonts()
    canvas.setFillColor(ink)
    if title:
        size = min(0.2 * r * mm, 1.2 * r * mm / max(run_width(title, bold, 1), 1))
        draw_string(canvas, 0, -FONT_CAP * size / 2, title, bold, size, "middle")
    name = deck.name
    size = min(9.0, 1.1 * r * mm / max(run_width(name, regular, 1), 1))
    draw_string(canvas, 0, -0.62 * r * mm, name, regular, size, "middle")


def _hexagon(canvas: Canvas, r: float, ink: HexColor) -> None:
    path = canvas.beginPath()
    for i in range(6):
        a = math.radians(60 * i + 30)
        point = (r * mm * math.cos(a), r * mm * math.sin(a))
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    path.close()
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(2)
    canvas.drawPath(path, stroke=1, fill=0)


def draw_dial(
    canvas: Canvas, language: str, team: str, numbers: range, diameter: float, bleed: float
) -> None:
    """A score dial: the numbers round the rim in the team's colour; a paper clip (or a coin)
    on the number marks the team's score; 0–5 on the front, 6–10 on the back."""
    r = diameter / 2
    accent_hex = TEAM_COLOURS.get(team, "#5d6d7e")
    accent = colour(accent_hex)
    number_ink = colour(ink_for(accent_hex))
    _disc(canvas, r + bleed, accent)
    _disc(canvas, r - RIM * r, WHITE)
    _, bold = register_fonts()
    count = len(numbers)
    ring = 0.64 * r
    bubble = min(0.24 * r, ring * math.sin(math.pi / count) * 0.9)
    for k, n in enumerate(numbers):
        a = math.radians(90 - 360 * k / count)  # clockwise from the top
        x, y = ring * math.cos(a) * mm, ring * math.sin(a) * mm
        canvas.setFillColor(accent)
        canvas.circle(x, y, bubble * mm, stroke=0, fill=1)
        canvas.setFillColor(number_ink)
        size = bubble * mm * (0.95 if n < 10 else 0.75)
        draw_string(canvas, x, y - FONT_CAP * size / 2, str(n), bold, size, "middle")
    team_name = _team_name(language, team)
    title = in_language(language, ROLE_TITLES[SCORE])
    canvas.setFillColor(colour(legible(accent_hex)))
    for text, dy, share in ((team_name, 0.08, 0.13), (title, -0.16, 0.09)):
        size = min(share * r * mm, 0.62 * r * mm / max(run_width(text, bold, 1), 1))
        draw_string(canvas, 0, dy * r * mm - FONT_CAP * size / 2, text, bold, size, "middle")
