"""Paper extras of the kit: score pad, guess cards, scoring track and rules summaries."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.pages import _landscape, _portrait, _text, paragraph
from printing.render import colour
from printing.rules_text import RULES
from printing.sheets import MIN_MARGIN

if TYPE_CHECKING:
    from printing.pdf import Document

GUESS_COLOURS = ("#c0392b", "#1f5fa8", "#1e8449", "#f4d03f", "#7d3c98", "#e67e22")


def _setting(name: str, default: int) -> int:
    try:
        from django.conf import settings

        return int(getattr(settings, name, default))
    except Exception:  # printing without Django configured (benchmarks, scripts)
        return default


def track_length() -> int:
    """The play app's track length (a setting), so print and play agree."""
    return _setting("WORLD_TRACK_LENGTH", 40)


def final_spaces() -> int:
    """The dark-blue final spaces after the track, numbered 1, 2, … as in the play app."""
    return _setting("WORLD_FINAL_SPACES", 6)


def add_score_pad(doc: Document, language: str, paper: str) -> None:
    de = language == "de"
    w, h = _portrait(paper)

    def draw(c: Canvas, pw: float, ph: float) -> None:
        m = MIN_MARGIN + 10
        _text(
            c,
            m,
            ph - m,
            "Spot On: Deutschland – Punkte" if de else "Spot On: Germany – score",
            16,
            bold=True,
        )
        cols = 5
        rows = 10  # 8 rounds at most (4 players), total, and a name row
        col_w = (pw - 2 * m) / cols
        row_h = 14
        top = ph - m - 12
        c.setStrokeColor(colour("#000000"))
        c.setLineWidth(0.6)
        for r in range(rows + 1):
            y = top - r * row_h
            c.line(m * mm, y * mm, (pw - m) * mm, y * mm)
        for k in range(cols + 1):
            x = m + k * col_w
            c.line(x * mm, top * mm, x * mm, (top - rows * row_h) * mm)
        labels = (
            ["Spieler" if de else "Player"]
            + [f"{'Runde' if de else 'Round'} {i}" for i in range(1, 9)]
            + ["Summe" if de else "Total"]
        )
        for r, label in enumerate(labels):
            _text(c, m + 2, top - r * row_h - row_h / 2 - 1.5, label, 10, bold=r in (0, rows - 1))
        _text(
            c,
            m,
            top - rows * row_h - 8,
            "2–3 Spieler: 6 Runden, 4 Spieler: 8 Runden. Reihe 1: 3, Reihe 2: 2, Reihe 3: 1 Punkt."
            if de
            else "2–3 players: 6 rounds, 4 players: 8 rounds. Row 1: 3, row 2: 2, row 3: 1 point.",
            9,
        )

    doc.add_page(w, h, draw)


def add_guess_cards(doc: Document, language: str, paper: str) -> None:
    """Six guess cards, two per landscape page half: board, column, row, rectangle."""
    from geo.boards import BOARD_CODES, BOARDS

    de = language == "de"
    w, h = _portrait(paper)
    for first in range(0, 6, 2):

        def draw(c: Canvas, pw: float, ph: float, first: int = first) -> None:
            m = MIN_MARGIN + 5
            card_h = (ph - 2 * m - 10) / 2
            for k, player in enumerate((first, first + 1)):
                top = ph - m - k * (card_h + 10)
                _guess_card(c, m, top, pw - 2 * m, card_h, player, de, BOARD_CODES, BOARDS)

        doc.add_page(w, h, draw)


def _guess_card(c, x, top, width, height, player, de, codes, boards) -> None:
    accent = GUESS_COLOURS[player]
    c.setStrokeColor(colour(accent))
    c.setLineWidth(2)
    c.roundRect(x * mm, (top - height) * mm, width * mm, height * mm, 4 * mm, stroke=1, fill=0)
    _text(
        c,
        x + 5,
        top - 9,
        ("Tippkarte" if de else "Guess card") + f" {player + 1}",
        13,
        bold=True,
        fill=accent,
    )
    steps = [
        (
            "1",
            [
                (code, boards[code].name("de" if de else "en"), boards[code].colour)
                for code in codes
            ],
        ),
        ("2", [(k, k, "#444444") for k in ("W", "M", "O" if de else "E")]),
        ("3", [(k, k, "#444444") for k in ("N", "M", "S")]),
        ("4", [(k, k, "#444444") for k in ("A", "B", "C", "D")]),
    ]
    row_h = (height - 16) / 4
    for i, (num, boxes) in enumerate(steps):
        y = top - 14 - i * row_h
        _text(c, x + 5, y - row_h / 2 - 2, num, 14, bold=True, fill=accent)
        box_w = (width - 20) / len(boxes)
        for j, (_, label, fill) in enumerate(boxes):
            bx = x + 14 + j * box_w
            c.setFillColor(colour(fill))
            c.setStrokeColor(colour(fill))
            c.setLineWidth(1)
            c.roundRect(
                (bx + 1) * mm,
                (y - row_h + 2) * mm,
                (box_w - 2) * mm,
                (row_h - 4) * mm,
                2 * mm,
                stroke=1,
                fill=0,
            )
            _text(
                c,
                bx + box_w / 2,
                y - row_h / 2 - 1.5,
                label,
                10 if i == 0 else 16,
                bold=True,
                anchor="middle",
                fill=fill,
            )


def add_scoring_track(doc: Document, language: str, paper: str, length: int | None = None) -> None:
    """Start area, arrow space, WORLD_TRACK_LENGTH numbered spaces clockwise, final spaces."""
    de = language == "de"
    w, h = _landscape(paper)
    length = length or track_length()
    finals = final_spaces()
    total = length + finals  # arrow space 0, track 1..length, then the final spaces

    def draw(c: Canvas, pw: float, ph: float) -> None:
        m = MIN_MARGIN + 8
        _text(c, m, ph - m, "Wertungstafel" if de else "Scoring track", 14, bold=True)
        # Spaces run clockwise around a rectangle: top row left→right, right column down, …
        per_long = math.ceil((total + 4) / 2 / (1 + (ph - 2 * m) / (pw - 2 * m)))
        per_short = max(2, math.ceil((total + 4) / 2) - per_long)
        cell = min((pw - 2 * m) / per_long, (ph - 2 * m - 10) / (per_short + 2))
        x0, y0 = m, ph - m - 10
        positions = []
        for i in range(per_long):
            positions.append((x0 + i * cell, y0))
        for i in range(1, per_short + 1):
            positions.append((x0 + (per_long - 1) * cell, y0 - i * cell))
        for i in range(per_long - 1, -1, -1):
            positions.append((x0 + i * cell, y0 - (per_short + 1) * cell))
        for i in range(per_short, 0, -1):
            positions.append((x0, y0 - i * cell))
        spaces = positions[: total + 1]
        c.setLineWidth(0.8)
        for n, (x, y) in enumerate(spaces):
            final = n > length
            fill = "#1a2a6c" if final else ("#f7d038" if n == 0 else "#ffffff")
            c.setFillColor(colour(fill))
            c.setStrokeColor(colour("#000000"))
            c.rect(x * mm, (y - cell) * mm, cell * mm, cell * mm, stroke=1, fill=1)
            label = "➜" if n == 0 else str(n - length if final else n)
            _text(
                c,
                x + cell / 2,
                y - cell / 2 - 1.5,
                label,
                9,
                bold=True,
                anchor="middle",
                fill="#ffffff" if final else "#000000",
            )
        cx, cy = pw / 2, y0 - (per_short + 2) * cell / 2
        _text(c, cx, cy, "Start", 20, bold=True, anchor="middle")
        _text(c, cx, cy - 8, f"{length} " + ("Felder" if de else "spaces"), 10, anchor="middle")

    doc.add_page(w, h, draw)


def add_rules(doc: Document, edition: str, language: str, paper: str) -> None:
    title, sections = RULES[(edition, "de" if language == "de" else "en")]
    w, h = _portrait(paper)

    def draw(c: Canvas, pw: float, ph: float) -> None:
        m = MIN_MARGIN + 10
        _text(c, m, ph - m, title, 16, bold=True)
        top = ph - m - 6
        for heading, body in sections:
            top = paragraph(c, m, top, pw - 2 * m, heading, 11, bold=True)
            top = paragraph(c, m, top, pw - 2 * m, body, 9.5)

    doc.add_page(w, h, draw)
