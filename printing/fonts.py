"""The shipped fonts, registered with reportlab once per process."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


@cache
def register_fonts() -> tuple[str, str]:
    """Register the fonts (idempotent) and return (regular, bold) font names."""
    for name, filename in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)
    return REGULAR, BOLD


def missing_glyphs(text: str, font: str = REGULAR) -> set[str]:
    """Characters of ``text`` that the font cannot draw (spaces and line breaks aside)."""
    register_fonts()
    cmap = pdfmetrics.getFont(font).face.charToGlyph
    return {ch for ch in text if ord(ch) not in cmap and not ch.isspace()}
