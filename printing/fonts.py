"""The shipped fonts, registered with reportlab once per process, and a fallback chain per glyph.

Every text is drawn in DejaVu Sans where DejaVu has the glyph; a character it lacks is drawn in
the first font of the chain that has it (Noto Sans, Noto Sans Thai, then Droid Sans Fallback
for Chinese, Japanese and Korean). Right-to-left text is shaped (Arabic letters joined) and put
into visual order before it is measured or drawn. A character no font has, or a script that
needs shaping we cannot do, stops the print with a message naming the text and the character:
nothing prints as an empty box.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
# The fallbacks after DejaVu, in order; loaded only when a text needs one (the CJK font is 4 MB).
FALLBACK_FILES = {
    REGULAR: (
        ("NotoSans", "NotoSans-Regular.ttf"),
        ("NotoSansThai", "NotoSansThai-Regular.ttf"),
        ("DroidSansFallback", "DroidSansFallbackFull.ttf"),
    ),
    BOLD: (
        ("NotoSans-Bold", "NotoSans-Bold.ttf"),
        ("NotoSansThai-Bold", "NotoSansThai-Bold.ttf"),
        ("DroidSansFallback", "DroidSansFallbackFull.ttf"),  # it has no bold
    ),
}
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
# Scripts whose letters change shape and order by context in ways only a full shaping engine
# gets right: Indic scripts, Myanmar, Khmer, Tibetan, Mongolian. We refuse them clearly.
_NEEDS_SHAPING = re.compile("[\u0900-\u0dff\u0f00-\u109f\u1780-\u18af]")


class GlyphError(ValueError):
    """A text that no shipped font can draw; the message names the character."""


@cache
def register_fonts() -> tuple[str, str]:
    """Register the fonts (idempotent) and return (regular, bold) font names."""
    for name, filename in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)
    return REGULAR, BOLD


@cache
def _cmap(font: str) -> frozenset[int]:
    register_fonts()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


@cache
def chars(font: str) -> frozenset[str]:
    """The characters ``font`` itself has (a text within them needs no fallback)."""
    return _chars(font)


@cache
def _chars(font: str) -> frozenset[str]:
    return frozenset(map(chr, _cmap(font)))


@cache
def _chain(font: str) -> tuple[tuple[str, frozenset[int]], ...]:
    """(font name, its characters) for ``font`` and then each of its fallbacks."""
    register_fonts()
    chain = [(font, _cmap(font))]
    base = BOLD if font == BOLD else REGULAR
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, filename in FALLBACK_FILES[base]:
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
            registered.add(name)
        chain.append((name, _cmap(name)))
    return tuple(chain)


def _drawable(ch: str) -> bool:
    # Line breaks, spaces and invisible format characters (bidi marks, joiners) draw nothing.
    return not ch.isspace() and unicodedata.category(ch) != "Cf"


@lru_cache(maxsize=8192)
def shape(text: str) -> str:
    """``text`` in visual order with joined letters, ready to measure and draw left to right."""
    if not _RTL.search(text):
        return text
    import arabic_reshaper
    from bidi import get_display

    return get_display(arabic_reshaper.reshape(text))


@lru_cache(maxsize=16384)
def runs(text: str, font: str = REGULAR) -> tuple[tuple[str, str], ...]:
    """``text`` (already shaped) cut into (piece, font name) runs along the fallback chain."""
    if _chars(font).issuperset(text):  # nearly every text: one run, one set look-up
        return ((text, font),)
    primary = _cmap(font)
    if all(ord(ch) in primary for ch in text if _drawable(ch)):
        return ((text, font),)
    chain = _chain(font)
    out: list[tuple[str, str]] = []
    current = font
    for ch in text:
        if _drawable(ch):
            for name, cmap in chain:
                if ord(ch) in cmap:
                    current = name
                    break
            else:
                raise GlyphError(f"no font can print {_describe(ch)} in {text!r}")
        if out and out[-1][1] == current:
            out[-1] = (out[-1][0] + ch, current)
        else:
            out.append((ch, current))
    return tuple(out)


def width(text: str, font: str, size: float) -> float:
    """The width in points of shaped ``text`` drawn along the fallback chain."""
    if _chars(font).issuperset(text):
        return pdfmetrics.stringWidth(text, font, size)
    return sum(pdfmetrics.stringWidth(piece, name, size) for piece, name in runs(text, font))


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, "unnamed character")
    return f"{ch!r} (U+{ord(ch):04X} {name})"


@lru_cache(maxsize=16384)
def check_text(text: str) -> None:
    """Raise ``GlyphError`` when ``text`` cannot be printed: a character no font has, or a
    script that needs shaping we cannot do."""
    if not text:
        return
    found = _NEEDS_SHAPING.search(text)
    if found:
        raise GlyphError(
            f"{_describe(found.group())} belongs to a script that needs text shaping, "
            "which the print studio does not do yet"
        )
    shaped = shape(text)
    for font in (REGULAR, BOLD):
        runs(shaped, font)


def missing_glyphs(text: str, font: str = REGULAR) -> set[str]:
    """Characters of ``text`` that neither ``font`` nor any of its fallbacks can draw."""
    if _chars(font).issuperset(text):
        return set()
    chain = _chain(font)
    return {
        ch for ch in shape(text) if _drawable(ch) and not any(ord(ch) in cmap for _, cmap in chain)
    }


def draw_string(
    canvas,
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    anchor: str = "start",
    mode: int = 0,
    shaped: bool = False,
) -> None:
    """``text`` shaped and drawn along the fallback chain at (x, y) points; ``anchor`` is
    start, middle or end; ``mode`` the PDF text render mode (1: outline only, for halos);
    ``shaped`` for text that ``fit_text`` already shaped (shaping twice would reverse it)."""
    if not shaped:
        text = shape(text)
    pieces = runs(text, font)
    if anchor != "start":
        w = sum(pdfmetrics.stringWidth(p, f, size) for p, f in pieces)
        x -= w / 2 if anchor == "middle" else w
    obj = canvas.beginText()
    obj.setTextOrigin(x, y)
    if mode:
        obj.setTextRenderMode(mode)
    for piece, piece_font in pieces:
        obj.setFont(piece_font, size)
        obj.textOut(piece)
    canvas.drawText(obj)
