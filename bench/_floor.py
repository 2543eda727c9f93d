"""The floor for bench/render_deck.py: bare reportlab drawing the same card elements.

No layout data, no text fitting (fixed sizes, naive wrapping), no database: what the printed
sheets cost at least. Every element of the real sheets is here: background, header, name,
state, description, population, both blobs with their numbers, the numbered edition mark on
both sides, and the crop marks of every page. Usage: ``python bench/_floor.py places.json out.pdf``.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "printing" / "fonts"


def card_data_from(places: list[dict]):
    """CardData for the PNG part of the benchmark (same numbers the command computes)."""
    from geo.grid import germany_grid
    from printing.core.data import CardData

    cards = []
    for i, p in enumerate(places, 1):
        ns, we = germany_grid(p["latitude"], p["longitude"])
        cards.append(
            CardData(
                "germany",
                i,
                p["name"],
                state=p["state"],
                description=p["description"],
                population=p["population"],
                ns=ns,
                we=we,
                edition_mark=f"Spot On: Deutschland · Bench · {i}",
            )
        )
    return cards


def main(src: str, dst: str) -> None:
    from geo.grid import germany_grid

    pdfmetrics.registerFont(TTFont("R", str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("B", str(FONTS / "DejaVuSans-Bold.ttf")))
    places = json.loads(Path(src).read_text(encoding="utf-8"))
    paper, accent = HexColor("#fbf8f1"), HexColor("#1f4e79")
    white, black = HexColor("#ffffff"), HexColor("#000000")
    c = Canvas(dst, pagesize=(297 * mm, 210 * mm), invariant=1)
    w, h, b = 59 * mm, 91 * mm, 3 * mm
    slots = [
        (17 * mm + col * (w + 2 * b), 12 * mm + row * (h + 2 * b))
        for row in range(2)
        for col in range(4)
    ]
    # Crop marks: every trim edge of the 4 x 2 block continued into the margin, 24 lines.
    xs = sorted({x + e for x, _ in slots for e in (0, w)})
    ys = sorted({y + e for _, y in slots for e in (0, h)})
    top, bottom = ys[-1] + b + mm, ys[0] - b - mm
    left, right = xs[0] - b - mm, xs[-1] + b + mm
    crop = [(x, top, x, top + 4 * mm) for x in xs] + [(x, bottom - 4 * mm, x, bottom) for x in xs]
    crop += [(left - 4 * mm, y, left, y) for y in ys] + [(right, y, right + 4 * mm, y) for y in ys]
    for start in range(0, len(places), 8):
        chunk = places[start : start + 8]
        for side in ("front", "back"):
            for i, ((x, y), p) in enumerate(zip(slots, chunk, strict=False), start + 1):
                mark = f"Spot On: Deutschland · Bench · {i}"
                c.setFillColor(paper)
                c.rect(x - b, y - b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
                c.setFillColor(accent)
                c.rect(x - b, y + h - 9 * mm, w + 2 * b, 9 * mm + b, stroke=0, fill=1)
                c.setFillColor(black)
                if side == "front":
                    c.setFont("B", 16)
                    c.drawCentredString(x + w / 2, y + h / 2, p["name"])
                    c.setFont("R", 5.5)
                    c.drawCentredString(x + w / 2, y + 4 * mm, mark)
                else:
                    ns, we = germany_grid(p["latitude"], p["longitude"])
                    c.setFont("B", 10)
                    c.drawCentredString(x + w / 2, y + h - 10 * mm, p["state"])
                    c.setFont("R", 8)
                    for k, line in enumerate(textwrap.wrap(p["description"], 30)):
                        c.drawString(x + 4 * mm, y + h - 16 * mm - k * 10, line)
                    c.setFont("B", 10)
                    c.drawCentredString(x + w / 2, y + 30 * mm, f"{p['population']:,} Einwohner")
                    c.ellipse(x + 6 * mm, y + 8 * mm, x + 28 * mm, y + 26 * mm, stroke=0, fill=1)
                    c.setFillColor(white)
                    c.setStrokeColor(black)
                    c.ellipse(x + 31 * mm, y + 8 * mm, x + 53 * mm, y + 26 * mm, stroke=1, fill=1)
                    c.setFont("B", 20)
                    c.drawCentredString(x + 17 * mm, y + 14 * mm, str(ns))
                    c.setFillColor(black)
                    c.drawCentredString(x + 42 * mm, y + 14 * mm, str(we))
                    c.setFont("R", 5.5)
                    c.drawCentredString(x + w / 2, y + 4 * mm, mark)
            c.setLineWidth(0.25)
            c.lines(crop)
            c.showPage()
    c.save()


if __name__ == "__main__":
    main(*sys.argv[1:3])
