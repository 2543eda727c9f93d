"""The print-and-play kit of Spot On (Knizia 1995): a game of playing cards, a die and counters.

Parts, in order: which cards to take from two standard decks; the 36 cards to cut out for classes
without decks (poker size, nine to a page); the counters (12 per colour, each a fold-over pair:
plain on one half, spot on the other); two pawns to fold; a die net; the rules sheet in German
and English. The card data lives here (printing does not import play); a test checks it
against the play edition's deck.
"""

from __future__ import annotations

from collections.abc import Iterable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing import pagedraw
from printing.colours import colour
from printing.dice_rules import RULES
from printing.fonts import register_fonts
from printing.pdf import Document
from printing.shaping import draw_string
from printing.sheets import SheetError

PARTS = ("cards-to-take", "cards", "counters", "pawns-die", "rules")
LANGUAGES = ("de", "en")
SUIT_SIGNS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}
RED = "#c0392b"
BLACK = "#111111"
PLAYER_COLOURS = (("#c0392b", "Rot", "Red"), ("#1f5fa8", "Blau", "Blue"))
# The mixes of the play edition (black values × suits from deck 1 and deck 2, then the courts).
MIXES = {
    "standard": {"values": tuple(range(2, 10)), "deck1": ("S", "C"), "deck2": ("S",)},
    "fours": {"values": tuple(range(4, 10)), "deck1": ("S", "C"), "deck2": ("S", "C")},
}
COURTS = tuple((rank, suit) for rank in ("J", "Q", "K") for suit in ("H", "D", "H", "D"))
CARD_W, CARD_H = 63.0, 88.0
COUNTER = 20.0  # counter diameter in mm
LABELS = {
    "de": {
        "take": "Spot On (Knizia 1995): Diese Karten aus zwei Kartenspielen nehmen",
        "value": "Wert",
        "deck1": "Spiel 1",
        "deck2": "Spiel 2",
        "courts": "Bube, Dame, König",
        "fours": "Variante „Vierer“: von den Werten 4 bis 9 alle vier schwarzen Karten "
        "(♠ ♣ aus beiden Spielen) und dieselben 12 Bildkarten.",
        "no_decks": "Keine Kartenspiele? Die folgenden vier Seiten enthalten die 36 Karten "
        "zum Ausschneiden.",
        "counters": "Marker: ausschneiden, an der gestrichelten Linie falten, zusammenkleben",
        "pawns": "Spielfiguren: ausschneiden, an den Linien falten, Lasche ankleben",
        "die": "Würfel: ausschneiden, falten, Laschen ankleben",
    },
    "en": {
        "take": "Spot On (Knizia 1995): take these cards from two standard decks",
        "value": "Value",
        "deck1": "Deck 1",
        "deck2": "Deck 2",
        "courts": "Jack, queen, king",
        "fours": "Variant “fours”: all four black cards of the values 4 to 9 (♠ ♣ from both "
        "decks) and the same 12 court cards.",
        "no_decks": "No decks? The next four pages hold the 36 cards to cut out.",
        "counters": "Counters: cut out, fold on the dashed line, glue together",
        "pawns": "Pawns: cut out, fold on the lines, glue the tab",
        "die": "Die: cut out, fold, glue the tabs",
    },
}


def cards(mix: str = "standard") -> list[tuple[str, str]]:
    """The mix's 36 cards as (rank, suit), black cards first."""
    spec = MIXES[mix]
    black = [
        (str(value), suit) for value in spec["values"] for suit in spec["deck1"] + spec["deck2"]
    ]
    return black + list(COURTS)


def dice_kit_pdf(
    language: str = "de", paper: str = "a4", parts: Iterable[str] = PARTS, mix: str = "standard"
) -> bytes:
    """The kit's PDF; ``parts`` picks some of ``PARTS`` (in the kit's order)."""
    if language not in LANGUAGES:
        raise SheetError(f"language must be one of {', '.join(LANGUAGES)}")
    if mix not in MIXES:
        raise SheetError(f"mix must be one of {', '.join(MIXES)}")
    wanted = set(parts)
    unknown = wanted - set(PARTS)
    if unknown:
        raise SheetError(f"unknown part(s) {', '.join(sorted(unknown))}; choose {', '.join(PARTS)}")
    doc = Document("Spot On (Knizia 1995)")
    width, height = pagedraw.portrait(paper)
    text = LABELS[language]
    if "cards-to-take" in wanted:
        doc.add_page(width, height, lambda c, w, h: _cards_to_take(c, w, h, text))
    if "cards" in wanted:
        deck = cards(mix)
        for start in range(0, len(deck), 9):
            page = deck[start : start + 9]
            doc.add_page(width, height, lambda c, w, h, page=page: _card_page(c, w, h, page))
    if "counters" in wanted:
        doc.add_page(width, height, lambda c, w, h: _counters(c, w, h, text))
    if "pawns-die" in wanted:
        doc.add_page(width, height, lambda c, w, h: _pawns_and_die(c, w, h, text, language))
    if "rules" in wanted:
        for lang in (language, *[other for other in LANGUAGES if other != language]):
            doc.add_page(width, height, lambda c, w, h, lang=lang: _rules(c, w, h, lang))
    return doc.finish()


def _suit_colour(suit: str) -> str:
    return RED if suit in "HD" else BLACK


def _cards_to_take(c: Canvas, w: float, h: float, text: dict[str, str]) -> None:
    m = 20
    pagedraw.text(c, m, h - m, text["take"], 13, bold=True)
    y = h - m - 14
    columns = (m, m + 45, m + 95)
    for x, label in zip(columns, ("value", "deck1", "deck2"), strict=True):
        pagedraw.text(c, x, y, text[label], 11, bold=True)
    spec = MIXES["standard"]
    for value in spec["values"]:
        y -= 9
        pagedraw.text(c, columns[0], y, str(value), 12, bold=True)
        pagedraw.text(c, columns[1], y, "  ".join(SUIT_SIGNS[s] for s in spec["deck1"]), 14)
        pagedraw.text(c, columns[2], y, "  ".join(SUIT_SIGNS[s] for s in spec["deck2"]), 14)
    y -= 11
    for x in columns[1:]:
        pagedraw.text(c, x, y, text["courts"], 10)
        pagedraw.text(c, x, y - 6, f"{SUIT_SIGNS['H']}  {SUIT_SIGNS['D']}", 14, fill=RED)
    pagedraw.text(c, columns[0], y, "J Q K", 12, bold=True, fill=RED)
    y = pagedraw.paragraph(c, m, y - 14, w - 2 * m, text["fours"], 10)
    pagedraw.paragraph(c, m, y - 4, w - 2 * m, text["no_decks"], 10)


def _card_page(c: Canvas, w: float, h: float, page: list[tuple[str, str]]) -> None:
    left = (w - 3 * CARD_W) / 2
    top = h - (h - 3 * CARD_H) / 2
    for i, (rank, suit) in enumerate(page):
        row, col = divmod(i, 3)
        _card(c, left + col * CARD_W, top - (row + 1) * CARD_H, rank, suit)


def _card(c: Canvas, x: float, y: float, rank: str, suit: str) -> None:
    """One playing card with its lower-left corner at (x, y) mm; the outline is the cut line."""
    regular, bold = register_fonts()
    c.setStrokeColor(colour("#888888"))
    c.setLineWidth(0.4)
    c.roundRect(x * mm, y * mm, CARD_W * mm, CARD_H * mm, 3 * mm)
    ink = colour(_suit_colour(suit))
    c.setFillColor(ink)
    sign = SUIT_SIGNS[suit]
    for angle in (0, 180):  # the corner index, and the same turned for the other corner
        c.saveState()
        c.translate((x + CARD_W / 2) * mm, (y + CARD_H / 2) * mm)
        c.rotate(angle)
        cx, cy = -CARD_W / 2 + 6.5, CARD_H / 2 - 10
        draw_string(c, cx * mm, cy * mm, rank, bold, 14, "middle")
        draw_string(c, cx * mm, (cy - 6.5) * mm, sign, regular, 13, "middle")
        c.restoreState()
    cx = (x + CARD_W / 2) * mm
    draw_string(c, cx, (y + CARD_H / 2 + 2) * mm, rank, bold, 40, "middle")
    draw_string(c, cx, (y + CARD_H / 2 - 16) * mm, sign, regular, 30, "middle")


def _counters(c: Canvas, w: float, h: float, text: dict[str, str]) -> None:
    m = 20
    pagedraw.text(c, m, h - m, text["counters"], 12, bold=True)
    pair_w, gap = 2 * COUNTER, 6.0
    per_row = 4
    left = (w - per_row * pair_w - (per_row - 1) * gap) / 2
    y = h - m - 12
    for fill, *_names in PLAYER_COLOURS:
        for i in range(12):
            row, col = divmod(i, per_row)
            x = left + col * (pair_w + gap)
            _counter_pair(c, x, y - (row + 1) * (COUNTER + gap), fill)
        y -= 3 * (COUNTER + gap) + 8


def _counter_pair(c: Canvas, x: float, y: float, fill: str) -> None:
    """Two discs joined at the fold: the left plain, the right with the spot."""
    r = COUNTER / 2
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour("#444444"))
    c.setLineWidth(0.4)
    c.circle((x + r) * mm, (y + r) * mm, r * mm, stroke=1, fill=1)
    c.circle((x + 3 * r) * mm, (y + r) * mm, r * mm, stroke=1, fill=1)
    c.setFillColor(colour("#ffffff"))
    c.circle((x + 3 * r) * mm, (y + r) * mm, r * 0.42 * mm, stroke=0, fill=1)
    c.setDash(2, 1.5)
    c.line((x + 2 * r) * mm, (y + 1) * mm, (x + 2 * r) * mm, (y + 2 * r - 1) * mm)
    c.setDash()


def _pawns_and_die(c: Canvas, w: float, h: float, text: dict[str, str], language: str) -> None:
    m = 20
    pagedraw.text(c, m, h - m, text["pawns"], 12, bold=True)
    for i, (fill, de_name, en_name) in enumerate(PLAYER_COLOURS):
        _pawn(c, m + 10 + i * 60, h - m - 100, fill, de_name if language == "de" else en_name)
    pagedraw.text(c, m, h - m - 118, text["die"], 12, bold=True)
    _die_net(c, m + 20, h - m - 240)


def _pawn(c: Canvas, x: float, y: float, fill: str, name: str) -> None:
    """A folding tent: two 30 mm faces over a 20 mm base and a glue tab, 24 mm wide."""
    width, panels = 24.0, (8.0, 20.0, 30.0, 30.0)  # tab, base, back, front from the bottom
    c.setStrokeColor(colour("#444444"))
    c.setLineWidth(0.4)
    bottom = y
    for i, height in enumerate(panels):
        c.setFillColor(colour("#eeeeee" if i == 0 else fill))
        c.rect(x * mm, bottom * mm, width * mm, height * mm, stroke=1, fill=1)
        bottom += height
    c.setFillColor(colour("#ffffff"))
    c.circle((x + width / 2) * mm, (bottom - 12) * mm, 6 * mm, stroke=0, fill=1)
    pagedraw.text(
        c, x + width / 2, bottom - 26, name, 8, bold=True, anchor="middle", fill="#ffffff"
    )


PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)],
}
# A cross: column 1 holds 1 (top), 2, 6, 5 (bottom); 3 and 4 beside the 2: opposites sum to 7.
NET = {1: (1, 3), 2: (1, 2), 6: (1, 1), 5: (1, 0), 3: (0, 2), 4: (2, 2)}


def _die_net(c: Canvas, x: float, y: float, side: float = 25.0) -> None:
    c.setLineWidth(0.4)
    for face, (col, row) in NET.items():
        fx, fy = x + col * side, y + row * side
        c.setStrokeColor(colour("#444444"))
        c.setFillColor(colour("#ffffff"))
        c.rect(fx * mm, fy * mm, side * mm, side * mm, stroke=1, fill=1)
        c.setFillColor(colour(BLACK))
        for px, py in PIPS[face]:
            c.circle((fx + px * side) * mm, (fy + py * side) * mm, side * 0.08 * mm, 0, 1)
    c.setStrokeColor(colour("#999999"))
    for col, row, side_name in ((0, 2, "top"), (0, 2, "bottom"), (2, 2, "top"), (2, 2, "bottom")):
        _tab(c, x + col * side, y + row * side, side, side_name)
    # Seven seams close a cube: the four above, both sides of the 5 and the top of the 1.
    _tab(c, x + side, y, side, "left")
    _tab(c, x + side, y, side, "right")
    _tab(c, x + side, y + 3 * side, side, "top")


def _tab(c: Canvas, x: float, y: float, side: float, where: str) -> None:
    """A trapezoid glue tab on one side of the square at (x, y)."""
    depth, inset = 6.0, 4.0
    if where == "top":
        points = [
            (x, y + side),
            (x + inset, y + side + depth),
            (x + side - inset, y + side + depth),
        ]
        points.append((x + side, y + side))
    elif where == "bottom":
        points = [(x, y), (x + inset, y - depth), (x + side - inset, y - depth), (x + side, y)]
    elif where == "left":
        points = [(x, y), (x - depth, y + inset), (x - depth, y + side - inset), (x, y + side)]
    else:
        right = x + side
        points = [(right, y), (right + depth, y + inset), (right + depth, y + side - inset)]
        points.append((right, y + side))
    path = c.beginPath()
    path.moveTo(points[0][0] * mm, points[0][1] * mm)
    for px, py in points[1:]:
        path.lineTo(px * mm, py * mm)
    c.drawPath(path, stroke=1, fill=0)


def _rules(c: Canvas, w: float, h: float, language: str) -> None:
    title, sections = RULES[language]
    m = 18
    pagedraw.text(c, m, h - m, title, 15, bold=True)
    top = h - m - 5
    for heading, body in sections:
        top = pagedraw.paragraph(c, m, top - 1, w - 2 * m, heading, 12.5, bold=True)
        top = pagedraw.paragraph(c, m, top, w - 2 * m, body, 11)
