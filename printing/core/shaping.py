"""One text path for every face: a text in, runs of glyphs out, ready to measure and draw.

Every text printed anywhere (rectangular cards, round Match cards, maps, boards, rules sheets)
goes through ``runs``: it is normalised to NFC (a decomposed "Nẵng" becomes the precomposed one
every font has), cut into runs by the Unicode bidi algorithm's levels and by the fallback chain
(each character, with its combining marks, in the first font that has it), and each run that
needs it is shaped by HarfBuzz (Arabic letters joined, Thai marks stacked, marks placed). The
runs come back in visual order, left to right. A character no font has stops the print with
``GlyphError`` naming it; no glyph is ever drawn from a font that lacks it.

Nearly every text (Latin names and numbers) is one run of DejaVu, without shaping: one set
look-up, as before, which keeps a 2,687-card deck as fast as drawing its strings plainly.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr
from reportlab.pdfgen.textobject import PDFTextObject

from printing.core import reportlab_fast
from printing.core.fonts import (
    BOLD,
    EMBOLDEN_STROKE,
    EMBOLDENED,
    FALLBACK_FILES,
    REGULAR,
    GlyphError,
    chain,
    chars,
    cmap,
    may_have,
    register_fonts,
)

if TYPE_CHECKING:
    import uharfbuzz as hb

# Right-to-left letters and the controls that open a right-to-left embedding.
_RTL = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067\u061c"
    "\U00010800-\U00010fff\U0001e800-\U0001efff]"
)
# Scripts whose glyphs change or move by context (Arabic, Syriac, Indic, Thai, Lao, Tibetan,
# Myanmar, Khmer, Mongolian, Hangul jamo), and any combining mark: shaped by HarfBuzz.
_COMPLEX = re.compile(
    "[\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0600-\u08ff\u0900-\u0dff\u0e00-\u0eff"
    "\u0f00-\u109f\u1100-\u11ff\u1780-\u18af\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff"
    "\ufb1d-\ufdff\ufe20-\ufe2f\ufe70-\ufefc]"
)
_JOINERS = frozenset("\u200c\u200d")  # zero-width (non-)joiners steer Arabic and Indic shaping
SOFT_HYPHEN = "\u00ad"


class Run(NamedTuple):
    """A piece of a line in one font: ``text`` as reportlab draws it (a ``ShapedStr`` when
    HarfBuzz positioned its glyphs), ``advance`` its width at 1 pt."""

    text: str
    font: str
    advance: float


def normalise(text: str) -> str:
    """NFC: precomposed letters where Unicode has them (fonts carry those, not the marks)."""
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def describe(ch: str) -> str:
    name = unicodedata.name(ch, "unnamed character")
    return f"{ch!r} (U+{ord(ch):04X} {name})"


@lru_cache(maxsize=32768)
def runs(text: str, font: str = REGULAR) -> tuple[Run, ...]:
    """``text`` (logical order, as stored) as runs in visual order along ``font``'s chain."""
    if _simple(font).issuperset(text) and unicodedata.is_normalized("NFC", text):
        return (Run(text, font, pdfmetrics.stringWidth(text, font, 1)),)  # nearly every text
    text = "".join(ch for ch in normalise(text) if _kept(ch))
    if not text:
        return ()
    levels = _levels(text) if _RTL.search(text) else [0] * len(text)
    fonts = _fonts(text, font)
    pieces: list[tuple[str, str, int]] = []
    for ch, f, level in zip(text, fonts, levels, strict=True):
        if pieces and pieces[-1][1] == f and pieces[-1][2] == level:
            pieces[-1] = (pieces[-1][0] + ch, f, level)
        else:
            pieces.append((ch, f, level))
    out = [_run(piece, f, level) for piece, f, level in pieces]
    return tuple(r for _, r in _visual(list(zip((p[2] for p in pieces), out, strict=True))))


def plain(text: str, font: str) -> bool:
    """Whether ``text`` is one run of ``font`` as it stands: every character in the font and
    none that needs shaping, reordering or normalising (then it may be drawn as a plain
    string, without building its runs)."""
    return _simple(font).issuperset(text) and unicodedata.is_normalized("NFC", text)


@cache
def _simple(font: str) -> frozenset[str]:
    """The characters of ``font`` that need neither shaping, reordering nor a format pass."""
    return frozenset(
        ch
        for ch in chars(font)
        if not _COMPLEX.match(ch) and not _RTL.match(ch) and unicodedata.category(ch) != "Cf"
    )


def width(text: str, font: str, size: float) -> float:
    """The width in points of ``text`` drawn along the fallback chain at ``size``."""
    found = runs(text, font)
    if len(found) == 1:  # nearly every text
        return found[0].advance * size
    return sum(r.advance for r in found) * size


def check_text(text: str) -> None:
    """Raise ``GlyphError`` when a character of ``text`` is in no font of either chain."""
    if text:
        for font in register_fonts():
            # A plain text is in the font itself: no runs to cut (nor their widths to measure,
            # nor whole descriptions to keep in their cache, for every card of a deck).
            if not plain(text, font):
                runs(text, font)


def missing_glyphs(text: str, font: str = REGULAR) -> set[str]:
    """Characters of ``text`` that neither ``font`` nor any of its fallbacks can draw."""
    fonts = chain(font)
    return {
        ch
        for ch in normalise(text)
        if _drawable(ch) and not any(ord(ch) in cmap for _, cmap in fonts)
    }


def _kept(ch: str) -> bool:
    # Format characters (bidi marks, soft hyphens) have done their work once the runs are
    # cut; the joiners stay for HarfBuzz.
    return unicodedata.category(ch) != "Cf" or ch in _JOINERS


def _drawable(ch: str) -> bool:
    return not ch.isspace() and unicodedata.category(ch) != "Cf"


def _fonts(text: str, font: str) -> list[str]:
    """The font of each character: the first of the chain that has it; a combining mark (or a
    joiner, or a space) stays in its base's font when that font has it. Fallback fonts are
    loaded only as far down the chain as a character needs."""
    names = (font, *(name for name, _ in FALLBACK_FILES[BOLD if font == BOLD else REGULAR]))
    out: list[str] = []
    current = font
    for ch in text:
        code = ord(ch)
        attached = unicodedata.combining(ch) or unicodedata.category(ch).startswith("M")
        if (attached or ch in _JOINERS or ch.isspace()) and code in cmap(current):
            out.append(current)
            continue
        if ch in _JOINERS or unicodedata.category(ch) == "Cc":
            out.append(current)  # draws nothing: dropped by HarfBuzz, or a line break
            continue
        for name in names:
            if may_have(name, code) and code in cmap(name):
                current = name
                break
        else:
            raise GlyphError(f"no font has {describe(ch)} (in {text!r})", ch)
        out.append(current)
    return out


def _levels(text: str) -> list[int]:
    """The resolved bidi embedding level of each character (rules P2–I2 of UAX #9, by
    python-bidi); even levels run left to right, odd ones right to left."""
    from bidi import algorithm as uba  # see _shaped

    storage = uba.get_empty_storage()
    base = uba.get_base_level(text)
    storage["base_level"], storage["base_dir"] = base, ("L", "R")[base]
    uba.get_embedding_levels(text, storage)
    for i, ch in enumerate(storage["chars"]):
        ch["index"] = i
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    levels = [base] * len(text)
    for ch in storage["chars"]:
        levels[ch["index"]] = ch["level"]
    # L1: white space at the end of the line takes the paragraph's level.
    i = len(text) - 1
    while i >= 0 and text[i].isspace():
        levels[i] = base
        i -= 1
    return levels


def _visual(pieces: list[tuple[int, Run]]) -> list[tuple[int, Run]]:
    """L2: from the highest level down to the lowest odd one, reverse every stretch of runs at
    that level or higher (each run's own glyphs are in visual order already)."""
    if not pieces:
        return pieces
    levels = [level for level, _ in pieces]
    odd = [level for level in levels if level % 2]
    if not odd:
        return pieces
    for level in range(max(levels), min(odd) - 1, -1):
        i = 0
        while i < len(pieces):
            if pieces[i][0] >= level:
                j = i
                while j < len(pieces) and pieces[j][0] >= level:
                    j += 1
                pieces[i:j] = pieces[i:j][::-1]
                i = j
            else:
                i += 1
    return pieces


def _run(text: str, font: str, level: int) -> Run:
    if level % 2 or _COMPLEX.search(text):
        return _shaped(text, font, rtl=bool(level % 2))
    text = "".join(ch for ch in text if ch not in _JOINERS)
    return Run(text, font, pdfmetrics.stringWidth(text, font, 1))


@cache
def _hb_font(font: str) -> hb.Font:
    return pdfmetrics.getFont(font).hbFont(1000)


def _shaped(text: str, font: str, rtl: bool) -> Run:
    """``text`` shaped by HarfBuzz in ``font``: glyphs in visual order with their offsets, as a
    ``ShapedStr`` that reportlab's text objects position glyph by glyph."""
    # HarfBuzz and the bidi algorithm load with the first text that needs them: a deck in
    # Latin letters prints without them (they cost about 35 ms of every print's start-up).
    import uharfbuzz as hb

    ttf = pdfmetrics.getFont(font)
    hb_font = _hb_font(font)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl else "ltr"
    buf.cluster_level = hb.BufferClusterLevel.MONOTONE_CHARACTERS
    hb.shape(hb_font, buf, {"kern": True, "liga": True})
    face = ttf.face
    scale = ttf.pdfScale
    glyphs: list[str] = []
    data: list[ShapeData] = []
    for info, pos in zip(buf.glyph_infos, buf.glyph_positions, strict=True):
        gid = info.codepoint
        if gid == 0:
            ch = text[info.cluster]
            raise GlyphError(f"{font} cannot shape {describe(ch)} in {text!r}", ch)
        mapped = face.glyphToChar.get(gid)
        if mapped:
            code = mapped[0]
        else:  # a glyph no character maps to (a joined form, a stacked mark): a private code
            advance = scale(face.hmetrics[gid][0]) if gid < len(face.hmetrics) else 0
            code = ttf.hbAddPrivate(hb_font.glyph_to_string(gid), gid, advance)
        glyphs.append(chr(code))
        data.append(
            ShapeData(
                info.cluster,
                scale(pos.x_advance),
                scale(pos.y_advance),
                scale(pos.x_offset),
                scale(pos.y_offset),
                face.charWidths.get(code, 0),
            )
        )
    advance = sum(d.x_advance for d in data) / 1000
    return Run(ShapedStr("".join(glyphs), shapeData=data), font, advance)


def text_out(obj: PDFTextObject, line: tuple[Run, ...], size: float, state: list) -> None:
    """Add ``line``'s runs at the text object's cursor. ``state`` is the caller's
    [font, size, emboldened] so that fonts and render modes are set only when they change."""
    for run in line:
        if (run.font, size) != (state[0], state[1]):
            obj.setFont(run.font, size)
            state[0], state[1] = run.font, size
        bold = run.font in EMBOLDENED
        if bold != state[2]:
            if bold:
                reportlab_fast.text_line_width(obj, size * EMBOLDEN_STROKE)
            obj.setTextRenderMode(2 if bold else 0)
            state[2] = bold
        obj.textOut(run.text)


def draw_string(
    canvas,
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    anchor: str = "start",
    mode: int = 0,
) -> None:
    """``text`` drawn along the fallback chain at (x, y) points; ``anchor`` is start, middle or
    end; ``mode`` the PDF text render mode (1: outline only, for halos)."""
    line = runs(text, font)
    if anchor != "start":
        w = sum(r.advance for r in line) * size
        x -= w / 2 if anchor == "middle" else w
    obj = canvas.beginText()
    obj.setTextOrigin(x, y)
    if mode:
        obj.setTextRenderMode(mode)
        for run in line:
            obj.setFont(run.font, size)
            obj.textOut(run.text)
    else:
        emboldened = any(r.font in EMBOLDENED for r in line)
        if emboldened:
            obj.setStrokeColor(reportlab_fast.fill_colour(canvas))
        text_out(obj, line, size, [None, None, False])
        if emboldened:
            obj.setTextRenderMode(0)
            # The stroke colour and width the glyphs needed end with the text.
            canvas.saveState()
            canvas.drawText(obj)
            canvas.restoreState()
            return
    canvas.drawText(obj)
