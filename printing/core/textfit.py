"""Fitting text into a box: shrink first, then wrap, never overflow.

Sizes are points, box sizes are millimetres; widths come from the registered font's metrics.
"""

from __future__ import annotations

import re
from functools import lru_cache

from reportlab.lib.units import mm

from cards.hyphenation import SOFT_HYPHEN, soft_hyphens
from printing.core.shaping import normalise
from printing.core.shaping import width as run_width

LEADING = 1.18  # line height as a multiple of the font size
ABSOLUTE_MIN = 3.0  # points; below the layout's minimum we still shrink rather than overflow


@lru_cache(maxsize=65536)
def text_width(word: str, font: str, size: float) -> float:
    """The width in points of a word (or short label) that recurs: cached; characters the font
    lacks are measured in the fallback font that draws them."""
    return run_width(word, font, size)


_width = text_width


_BREAK = re.compile(f"(?<=[-/{SOFT_HYPHEN}])")


def _pieces(word: str) -> list[str]:
    """A word cut after each hyphen (Garmisch-|Partenkirchen), slash (Reichenbach/|Vogtland)
    and soft hyphen (Reckling|hausen):
    places to break a long name before it has to shrink. A hyphen at either end stays with its
    word."""
    parts = _BREAK.split(word)
    if len(parts) == 1 or not all(p.strip("-/" + SOFT_HYPHEN) for p in parts):
        return [word.replace(SOFT_HYPHEN, "")]
    return parts


def _wrap(words: list[str], font: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap, breaking after hyphens too; None when a piece is wider than the box."""
    lines: list[str] = []
    space = _width(" ", font, size)
    current: list[str] = []  # pieces; a piece ending in "-" joins the next without a space
    current_w = 0.0
    for word in words:
        breakable = "-" in word or "/" in word or SOFT_HYPHEN in word
        pieces = _pieces(word) if breakable else (word,)
        for k, piece in enumerate(pieces):
            # A soft hyphen shows as "-" where the line breaks: measured as if it did.
            ww = _width(piece.replace(SOFT_HYPHEN, "-"), font, size)
            if ww > width:
                return None
            gap = space if current and not k else 0.0
            if current and current_w + gap + ww > width:
                lines.append(_join(current))
                current, current_w = [piece], ww
            else:
                current.append(piece if not gap else " " + piece)
                current_w += gap + ww
    if current:
        lines.append(_join(current))
    return lines


def _join(pieces: list[str]) -> str:
    line = "".join(pieces).lstrip(" ")
    if line.endswith(SOFT_HYPHEN):
        line = line[:-1] + "-"  # broken here: the hyphen shows
    return line.replace(SOFT_HYPHEN, "")


def _layout(paragraphs: tuple[str, ...], font: str, bold_font: str, size: float, width: float):
    """The lines of ``paragraphs`` at ``size``, or None when a piece is wider than the box."""
    out: list[tuple[str, bool]] = []
    for para in paragraphs:
        bold = para.startswith("**") and para.endswith("**") and len(para) > 4
        text = para[2:-2] if bold else para
        lines = _wrap([w for w in text.split(" ") if w], bold_font if bold else font, size, width)
        if lines is None:
            return None
        out.extend((line, bold) for line in lines or [""])
    return out


def _fits_as_is(para: str, font: str, size: float, width: float, height: float) -> bool:
    """Most names and numbers fit on one line at full size: one measurement instead of a
    word-by-word wrap. Only for text the wrap would leave unchanged (no bold marks, no runs
    of spaces)."""
    if para.startswith("**") or "  " in para or size * LEADING > height:
        return False
    return run_width(para, font, size) <= width


@lru_cache(maxsize=4096)
def fit_text(
    text: str,
    font: str,
    bold_font: str,
    size: float,
    min_size: float,
    max_lines: int,
    width_mm: float,
    height_mm: float,
    language: str = "de",
) -> tuple[float, tuple[tuple[str, bool], ...]]:
    """(font size, lines) for the largest size at which ``text`` fits the box.

    Down to ``min_size`` the text may use at most ``max_lines`` lines; below it, any number of
    lines that fit the height, shrinking to ``ABSOLUTE_MIN`` and finally cutting lines off
    (marked with an ellipsis) so that nothing ever overflows the box. At each size a long word
    that does not fit is broken between syllables (``language``'s hyphenation) before the
    text shrinks further.
    """
    width, height = width_mm * mm, height_mm * mm
    paragraphs = tuple(normalise(p.strip()) for p in text.split("\n") if p.strip())
    if not paragraphs:
        return size, ()
    if len(paragraphs) == 1 and _fits_as_is(paragraphs[0], font, size, width, height):
        return size, ((paragraphs[0], False),)
    hyphenated: tuple[str, ...] | None = None  # worked out only if a size needs it
    s = size
    while True:
        limit = max_lines if s >= min_size else 10_000
        # Hyphenate only once shrinking has reached the minimum: a name a little too long
        # for its box shrinks, a very long one breaks between syllables instead of below it.
        near_min = s <= min_size / 0.94
        for hyphenate in (False, True) if near_min else (False,):
            if hyphenate and hyphenated is None:
                hyphenated = tuple(soft_hyphens(p, language) for p in paragraphs)
            candidate = hyphenated if hyphenate else paragraphs
            if candidate is None or (hyphenate and candidate == paragraphs):
                continue
            lines = _layout(candidate, font, bold_font, s, width)
            if lines is not None and len(lines) <= limit and len(lines) * s * LEADING <= height:
                return s, tuple(lines)
        if s <= ABSOLUTE_MIN:
            break
        s = max(ABSOLUTE_MIN, s * 0.94 if s > min_size else s - 0.25)
    # Not even the smallest size fits: keep what fits, character-wrapped if need be.
    s = ABSOLUTE_MIN
    fit = max(1, int(height / (s * LEADING)))
    lines = _layout(paragraphs, font, bold_font, s, width) or [
        (p[: max(1, int(width / (s * 0.6)))], False) for p in paragraphs
    ]
    lines = lines[:fit]
    if len(lines) == fit:
        last, bold = lines[-1]
        line_font = bold_font if bold else font
        last = last[:-1]
        while last and _width(last + "…", line_font, s) > width:
            last = last[:-1]  # the ellipsis is wider than the letter it replaces
        lines[-1] = (last + "…", bold)
    return s, tuple(lines)
