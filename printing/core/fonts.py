"""The shipped fonts, registered with reportlab once per process, and their fallback chains.

Every text is drawn in DejaVu Sans where DejaVu has the glyph; a character it lacks is drawn in
the first font of the chain that has it: Noto Sans, Noto Sans Thai, the Noto Sans font of its
script (Devanagari, Bengali, Tamil, … Khmer, Ethiopic: ``SCRIPTS``), Droid Sans Fallback for
Chinese and Japanese, Hangul Gothic (the Hangul of Nanum Gothic) for Korean. The bold chain has
a bold face of each; Droid Sans Fallback has none, so its glyphs are emboldened when drawn bold
(filled and stroked, as FreeType emboldens): Chinese and Japanese names as heavy as Latin ones.
How a text becomes runs of glyphs along a chain is ``printing.core.shaping``.
"""

from __future__ import annotations

import weakref
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
# The scripts of the world's capitals and million-cities that neither DejaVu nor Noto Sans
# has, each in its Noto Sans font, with the Unicode blocks it is looked up for: a character
# of another block never loads it (nor does a Devanagari name load the 4 MB CJK font).
SCRIPTS: dict[str, tuple[tuple[int, int], ...]] = {
    "Devanagari": ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF)),
    "Bengali": ((0x0980, 0x09FF),),
    "Gurmukhi": ((0x0A00, 0x0A7F),),
    "Gujarati": ((0x0A80, 0x0AFF),),
    "Oriya": ((0x0B00, 0x0B7F),),
    "Tamil": ((0x0B80, 0x0BFF),),
    "Telugu": ((0x0C00, 0x0C7F),),
    "Kannada": ((0x0C80, 0x0CFF),),
    "Malayalam": ((0x0D00, 0x0D7F),),
    "Sinhala": ((0x0D80, 0x0DFF), (0x111E0, 0x111FF)),
    "Thaana": ((0x0780, 0x07BF),),
    "Myanmar": ((0x1000, 0x109F), (0xA9E0, 0xA9FF), (0xAA60, 0xAA7F)),
    "Khmer": ((0x1780, 0x17FF), (0x19E0, 0x19FF)),
    "Ethiopic": ((0x1200, 0x139F), (0x2D80, 0x2DDF), (0xAB00, 0xAB2F)),
}
# The fallbacks after DejaVu, in order; loaded only when a text needs one (the CJK font is 4 MB).
FALLBACK_FILES = {
    REGULAR: (
        ("NotoSans", "NotoSans-Regular.ttf"),
        ("NotoSansThai", "NotoSansThai-Regular.ttf"),
        *((f"NotoSans{s}", f"NotoSans{s}-Regular.ttf") for s in SCRIPTS),
        ("DroidSansFallback", "DroidSansFallbackFull.ttf"),
        ("HangulGothic", "HangulGothic-Regular.ttf"),
    ),
    BOLD: (
        ("NotoSans-Bold", "NotoSans-Bold.ttf"),
        ("NotoSansThai-Bold", "NotoSansThai-Bold.ttf"),
        *((f"NotoSans{s}-Bold", f"NotoSans{s}-Bold.ttf") for s in SCRIPTS),
        ("DroidSansFallback-Emboldened", "DroidSansFallbackFull.ttf"),
        ("HangulGothic-Bold", "HangulGothic-Bold.ttf"),
    ),
}
# Fallback font name -> the blocks it is consulted for (fonts not named here: every character).
BLOCKS = {
    f"NotoSans{script}{weight}": blocks
    for script, blocks in SCRIPTS.items()
    for weight in ("", "-Bold")
}


def may_have(font: str, code: int) -> bool:
    """Whether ``font`` is worth loading for ``code`` (a script font only for its blocks)."""
    blocks = BLOCKS.get(font)
    return blocks is None or any(lo <= code <= hi for lo, hi in blocks)


# Fonts drawn emboldened (fill and stroke); the stroke is this share of the font size.
EMBOLDENED = frozenset({"DroidSansFallback-Emboldened"})
EMBOLDEN_STROKE = 0.03
CAP = 0.73  # DejaVu Sans cap height per point of size: centres capitals in their line


class GlyphError(ValueError):
    """A text that no shipped font can draw; the message names the character, ``char``."""

    def __init__(self, message: str, char: str = "") -> None:
        super().__init__(message)
        self.char = char


class Font(TTFont):
    """reportlab's TrueType font with a quicker ``splitString`` for text whose characters the
    document has already met: one look-up per character and one ``bytes`` call, instead of
    reportlab's loop with its subset bookkeeping (the largest single cost of a 2,687-card deck).
    Anything new (a character's first use, a no-break space, a second subset) goes the usual
    way, which keeps the subsets exactly as reportlab builds them."""

    _last: tuple[weakref.ref, dict[int, int]] | None = None  # the last document's codes

    def splitString(self, text, doc, encoding="utf-8"):
        # The codes of the document drawn last, kept beside a weak reference to it: a lookup
        # in reportlab's per-document table (a WeakKeyDictionary) for every line cost more
        # than encoding the line. reportlab extends the table in place.
        last = self._last
        if last is not None and last[0]() is doc:
            codes = last[1]
        else:
            state = self.state.get(doc)
            if state is None or not isinstance(text, str):
                return super().splitString(text, doc, encoding)
            codes = state.assignments
            self._last = (weakref.ref(doc), codes)
        try:
            # Nearly always: every code in the first subset (a code past 255 is in another).
            return [(0, bytes(map(codes.__getitem__, map(ord, text))))]
        except (KeyError, ValueError, TypeError):
            return super().splitString(text, doc, encoding)


@cache
def register_fonts() -> tuple[str, str]:
    """Register the fonts (idempotent) and return (regular, bold) font names."""
    for name, filename in FILES.items():
        pdfmetrics.registerFont(Font(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)
    return REGULAR, BOLD


@cache
def cmap(font: str) -> frozenset[int]:
    """The code points ``font`` has a glyph for (as shipped, before any shaping). A fallback
    font is loaded here, the first time a text needs it (the CJK font is 4 MB)."""
    register_fonts()
    if font not in FILES:
        _register(font)
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


@cache
def chars(font: str) -> frozenset[str]:
    """The characters ``font`` itself has (a text within them needs no fallback)."""
    return frozenset(map(chr, cmap(font)))


@cache
def _register(font: str) -> None:
    if font not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(Font(font, str(font_file(font))))


@cache
def chain(font: str) -> tuple[tuple[str, frozenset[int]], ...]:
    """(font name, its code points) for ``font`` and then each of its fallbacks."""
    base = BOLD if font == BOLD else REGULAR
    return ((font, cmap(font)), *((name, cmap(name)) for name, _ in FALLBACK_FILES[base]))


def font_file(font: str) -> Path:
    """The file a registered font name was loaded from (for the tests' glyph checks)."""
    files = dict(FILES)
    for fallbacks in FALLBACK_FILES.values():
        files.update(fallbacks)
    return FONT_DIR / files[font]
