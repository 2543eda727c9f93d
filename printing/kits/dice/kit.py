"""The dice game's kit (Spot On, Knizia 1995): a game of playing cards, a die and counters.

Parts, in order: which cards to take from two standard decks; the 36 cards to cut out for classes
without decks (poker size, nine to a page); the counters (12 per colour, each a fold-over pair
joined by a hinge: plain on one half, spot on the other); two pawns to fold; a die net; the
rules sheet in German and English. The card mixes are ``cards.games``'s, which the play
edition deals too.
"""

from __future__ import annotations

import math

from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.games.dice import DICE_MIXES, dice_deck
from cards.games.playing_cards import SUIT_SYMBOLS
from cards.options import choice
from printing.core import pagedraw, rules_sheet
from printing.core.colours import colour, ink_for
from printing.core.data import CardData
from printing.core.document import Document
from printing.core.i18n import in_language
from printing.core.kit import FIXED_LANGUAGE, PAPER, Job, Kit, Part, what_option
from printing.core.sheets import SheetSpec
from printing.kits.dice import (
    faces,  # noqa: F401  (registers the kit's card designs)
    rules,
)

LANGUAGES = ("de", "en")
SUIT_SIGNS = SUIT_SYMBOLS
RED = "#c0392b"
BLACK = "#111111"
PLAYER_COLOURS = (("#c0392b", _("Red")), ("#1f5fa8", _("Blue")))
COUNTER = 20.0  # counter diameter in mm
HINGE = 12.0  # mm: the fold line both halves of a counter pair share
LABELS = {
    "take": _("Spot On (Knizia 1995): take these cards from two standard decks"),
    "value": _("Value"),
    "deck1": _("Deck 1"),
    "deck2": _("Deck 2"),
    "courts": _("Jack, queen, king"),
    "fours": _(
        "Variant “fours”: all four black cards of the values 4 to 9 (♠ ♣ from both decks) and "
        "the same 12 court cards."
    ),
    "no_decks": _("No decks? The next four pages hold the 36 cards to cut out."),
    "counters": _("Counters: cut out along the outline, fold on the dashed hinge, glue together"),
    "pawns": _("Pawns: cut along the solid outline, fold on the dashed lines, glue the tab"),
    "die": _("Die: cut along the solid outline, fold on the dashed lines, glue the tabs"),
}


def cards(mix: str = "standard") -> list[tuple[str, str]]:
    """The mix's 36 cards as (rank, suit), black cards first."""
    return [(card["rank"], card["suit"]) for card in dice_deck(mix)]


def _labels(language: str) -> dict[str, str]:
    return {key: in_language(language, label) for key, label in LABELS.items()}


def _suit_colour(suit: str) -> str:
    return RED if suit in "HD" else BLACK


def _cards_to_take(c: Canvas, w: float, h: float, text: dict[str, str], mix: str) -> None:
    m = 20
    pagedraw.heading(c, m, h - m, w - 2 * m, text["take"], 13)
    y = h - m - 14
    columns = (m, m + 45, m + 95)
    for x, label in zip(columns, ("value", "deck1", "deck2"), strict=True):
        pagedraw.text(c, x, y, text[label], 11, bold=True)
    spec = DICE_MIXES[mix]
    deck1, deck2 = spec["suits"][:2], spec["suits"][2:]
    for value in spec["values"]:
        y -= 9
        pagedraw.text(c, columns[0], y, str(value), 12, bold=True)
        pagedraw.text(c, columns[1], y, "  ".join(SUIT_SIGNS[s] for s in deck1), 14)
        pagedraw.text(c, columns[2], y, "  ".join(SUIT_SIGNS[s] for s in deck2), 14)
    y -= 11
    for x in columns[1:]:
        pagedraw.text(c, x, y, text["courts"], 10)
        pagedraw.text(c, x, y - 6, f"{SUIT_SIGNS['H']}  {SUIT_SIGNS['D']}", 14, fill=RED)
    pagedraw.text(c, columns[0], y, "J Q K", 12, bold=True, fill=RED)
    y -= 14
    if mix == "standard":
        y = pagedraw.paragraph(c, m, y, w - 2 * m, text["fours"], 10) - 4
    pagedraw.paragraph(c, m, y, w - 2 * m, text["no_decks"], 10)


def _counters(c: Canvas, w: float, h: float, text: dict[str, str]) -> None:
    m = 20
    pagedraw.heading(c, m, h - m, w - 2 * m, text["counters"], 12)
    pair_w, gap = pair_width(), 6.0
    per_row = 4
    left = (w - per_row * pair_w - (per_row - 1) * gap) / 2
    y = h - m - 12
    for fill, _name in PLAYER_COLOURS:
        for i in range(12):
            row, col = divmod(i, per_row)
            x = left + col * (pair_w + gap)
            _counter_pair(c, x, y - (row + 1) * (COUNTER + gap), fill)
        y -= 3 * (COUNTER + gap) + 8


def hinge_offset() -> float:
    """Half the distance (mm) between a pair's centres: the discs overlap so that the fold
    line is a chord ``HINGE`` long, and folding lays one half exactly on the other."""
    r = COUNTER / 2
    return math.sqrt(r * r - (HINGE / 2) ** 2)


def pair_width() -> float:
    return COUNTER + 2 * hinge_offset()


def _counter_pair(c: Canvas, x: float, y: float, fill: str) -> None:
    """Two discs joined by a hinge: the left plain, the right with the spot; (x, y) is the
    bottom-left corner of the pair's box. The outline is the cut line, the dashed chord the
    fold."""
    r, d = COUNTER / 2, hinge_offset()
    fold_x, cy = x + r + d, y + r
    angle = math.degrees(math.acos(d / r))  # where each circle meets the fold line
    path = c.beginPath()
    # the left disc's arc away from the hinge, then the right disc's, as one outline
    path.arc((fold_x - d - r) * mm, (cy - r) * mm, (fold_x - d + r) * mm, (cy + r) * mm,
             angle, 360 - 2 * angle)  # fmt: skip
    path.arcTo((fold_x + d - r) * mm, (cy - r) * mm, (fold_x + d + r) * mm, (cy + r) * mm,
               180 + angle, 360 - 2 * angle)  # fmt: skip
    path.close()
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour("#444444"))
    c.setLineWidth(0.4)
    c.drawPath(path, stroke=1, fill=1)
    c.setFillColor(colour("#ffffff"))
    c.circle((fold_x + d) * mm, cy * mm, r * 0.42 * mm, stroke=0, fill=1)
    c.setStrokeColor(colour("#ffffff"))
    c.setDash(2, 1.5)
    c.line(fold_x * mm, (cy - HINGE / 2) * mm, fold_x * mm, (cy + HINGE / 2) * mm)
    c.setDash()


def _pawns_and_die(c: Canvas, w: float, h: float, text: dict[str, str], language: str) -> None:
    m = 20
    pagedraw.heading(c, m, h - m, w - 2 * m, text["pawns"], 12)
    for i, (fill, name) in enumerate(PLAYER_COLOURS):
        draw_pawn(c, m + 10 + i * 60, h - m - 100, fill, in_language(language, name))
    pagedraw.text(c, m, h - m - 118, text["die"], 12, bold=True)
    draw_die_net(c, m + 20, h - m - 240)


def draw_pawn(c: Canvas, x: float, y: float, fill: str, name: str) -> None:
    """One pawn at (x, y) mm: a folding tent, two 30 mm faces over a 20 mm base and a glue tab,
    24 mm wide, its colour's ``name`` on the base; folds dashed, the outline cut."""
    width, panels = 24.0, (8.0, 20.0, 30.0, 30.0)  # tab, base, back, front from the bottom
    fills = ("#eeeeee", fill, fill, fill)
    bottom = pagedraw.fold_strip(c, x, y, width, list(zip(panels, fills, strict=True)))
    c.setFillColor(colour("#ffffff"))
    c.circle((x + width / 2) * mm, (bottom - 12) * mm, 6 * mm, stroke=0, fill=1)
    pagedraw.text(
        c,
        x + width / 2,
        bottom - 26,
        name,
        8,
        bold=True,
        anchor="middle",
        fill=ink_for(fill),
        ground=fill,
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


# Seven seams close a cube: a tab on each side of the 3 and the 4, both sides of the 5 and the
# top of the 1 (column, row of the square, side).
TABS = (
    (0, 2, "top"), (0, 2, "bottom"), (2, 2, "top"), (2, 2, "bottom"),
    (1, 0, "left"), (1, 0, "right"), (1, 3, "top"),
)  # fmt: skip
_SIDES = {
    "bottom": ((0, 0), (1, 0)),
    "top": ((0, 1), (1, 1)),
    "left": ((0, 0), (0, 1)),
    "right": ((1, 0), (1, 1)),
}


def net_edges() -> tuple[list, list]:
    """The net's edges in squares (from, to): the folds (between two squares, or where a tab
    joins) and the cuts (the rest of the outline)."""
    count: dict[tuple, int] = {}
    for col, row in NET.values():
        for (ax, ay), (bx, by) in _SIDES.values():
            edge = ((col + ax, row + ay), (col + bx, row + by))
            count[edge] = count.get(edge, 0) + 1
    tabbed = set()
    for col, row, side in TABS:
        (ax, ay), (bx, by) = _SIDES[side]
        tabbed.add(((col + ax, row + ay), (col + bx, row + by)))
    folds = [e for e, n in count.items() if n == 2 or e in tabbed]
    cuts = [e for e, n in count.items() if n == 1 and e not in tabbed]
    return folds, cuts


def draw_die_net(c: Canvas, x: float, y: float, side: float = 25.0) -> None:
    """The die's net at (x, y) mm, squares of ``side`` mm with their pips: the folds of
    ``net_edges()`` dashed, the cuts and the tabs' edges solid."""
    for face, (col, row) in NET.items():
        fx, fy = x + col * side, y + row * side
        c.setFillColor(colour("#ffffff"))
        c.rect(fx * mm, fy * mm, side * mm, side * mm, stroke=0, fill=1)
        c.setFillColor(colour(BLACK))
        for px, py in PIPS[face]:
            c.circle((fx + px * side) * mm, (fy + py * side) * mm, side * 0.08 * mm, 0, 1)
    folds, cuts = net_edges()

    def edge(e) -> None:
        (ax, ay), (bx, by) = e
        c.line((x + ax * side) * mm, (y + ay * side) * mm, (x + bx * side) * mm,
               (y + by * side) * mm)  # fmt: skip

    c.saveState()
    c.setStrokeColor(colour(pagedraw.FOLD_INK))
    c.setLineWidth(pagedraw.FOLD_WIDTH)
    c.setDash(*pagedraw.FOLD_DASH)
    for e in folds:
        edge(e)
    c.restoreState()
    c.setStrokeColor(colour(pagedraw.CUT_INK))
    c.setLineWidth(pagedraw.CUT_WIDTH)
    for e in cuts:
        edge(e)
    for col, row, where in TABS:  # a tab's own edges are cut
        _tab(c, x + col * side, y + row * side, side, where)


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


# --- the kit ---------------------------------------------------------------------------------


def _page(draw):
    """A part of one page drawn by ``draw(canvas, w, h, labels, job)``."""

    def part(doc: Document, job: Job) -> None:
        w, h = pagedraw.portrait(job.paper)
        text = _labels(job.language)
        doc.add_page(w, h, lambda c, pw, ph: draw(c, pw, ph, text, job))

    return part


def card_data(mix: str, language: str) -> list[CardData]:
    """The mix's 36 cards as card data for the playing-card design (fronts only)."""
    return [
        CardData("dice", n, f"{rank}{suit}", language=language, rank=rank, suit=suit,
                 ink=_suit_colour(suit), has_back=False)
        for n, (rank, suit) in enumerate(cards(mix), 1)
    ]  # fmt: skip


def _cards_part(doc: Document, job: Job) -> None:
    """Poker-size cards, nine to a page, with crop marks: the one card renderer's sheets."""
    spec = SheetSpec(job.paper, "poker", "fronts", bleed=0.0)
    doc.add_sheets(card_data(job["mix"], job.language), spec)


def _rules_part(doc: Document, job: Job) -> None:
    for language in (job.language, *[o for o in LANGUAGES if o != job.language]):
        rules_sheet.add_rules(doc, rules.sheet(language, job["mix"]), job.paper)


PARTS = (
    Part("cards-to-take", _("Cards to take from two decks"),
         _page(lambda c, w, h, t, job: _cards_to_take(c, w, h, t, job["mix"])), cut=False),
    Part("cards", _("36 cards to cut out"), _cards_part),
    Part("counters", _("Counters"), _page(lambda c, w, h, t, job: _counters(c, w, h, t))),
    Part("pawns-die", _("Pawns and die"),
         _page(lambda c, w, h, t, job: _pawns_and_die(c, w, h, t, job.language))),
    Part("rules", _("Rules (German and English)"), _rules_part, cut=False),
)  # fmt: skip
KIT = Kit(
    rules=rules.sheet,
    slug="dice",
    title=_("Spot On (Knizia 1995): the dice game"),
    description=_("cards to take, 36 cards, counters, pawns, die, rules"),
    parts=PARTS,
    public=True,
    options=(
        what_option(PARTS),
        FIXED_LANGUAGE,
        PAPER,
        choice(
            "mix",
            _("Card mix"),
            "standard",
            tuple(DICE_MIXES),
            {
                "standard": _("standard (2–9, sets of three)"),
                "fours": _("fours (4–9, sets of four)"),
            },
        ),
    ),
)
