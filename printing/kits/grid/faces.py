"""The grid editions' card designs (Germany's and any country's place cards, and the tip
cards): each a function of (width, height, language) returning a checked face
(``printing.core.designs``)."""

from __future__ import annotations

from functools import lru_cache

from django.utils import translation
from django.utils.translation import pgettext

from printing.core.designs import INK, PAPER, WORDMARK, S, register
from printing.core.designs import face_language as _lang
from printing.core.designs import header as _header
from printing.core.designs import mark as _mark
from printing.core.designs import wordmark as _wordmark
from printing.core.layouts import Background, Blob, Box, Face, Text, checked

GERMANY_ACCENT = "#1f4e79"
GRID = "#e7dfcc"
DOT = "#d62728"


@lru_cache(maxsize=64)
def germany_front(w: float, h: float, language: str = "de", edition_name: str = "") -> Face:
    """A map-like front: the grid of the map in the paper, a red dot, the name below it.
    ``edition_name``: a grid edition's name for the wordmark (Germany's when empty)."""
    header, footer = 11.0, 3.0
    lines = []
    for k in range(1, 6):  # the faint grid of the map, as hairlines
        lines.append(Box(w * k / 6 - 0.12, header, 0.24, h - header - footer, fill=GRID))
    for k in range(2, 9):
        lines.append(Box(0, header + (h - header) * k / 9 - 0.12, w, 0.24, fill=GRID))
    dot = min(w, h) * 0.055
    return checked(
        Face(
            f"germany-front-{_lang(language)}" + (f"-{edition_name}" if edition_name else ""),
            w,
            h,
            (
                Background(PAPER),
                *lines,
                _header(w, GERMANY_ACCENT, header),
                *_wordmark(w, "germany", language, "#ffffff", "#cfe0f1", edition_name),
                Box(w / 2 - dot, h * 0.3 - dot, 2 * dot, 2 * dot, fill=DOT, stroke="#ffffff",
                    stroke_width=0.7, radius=dot),
                Text(S, h * 0.3 + dot + 1.5, w - 2 * S, h * 0.4, content="name", bold=True,
                     size=22, min_size=13, max_lines=3, valign="top", fill=INK),
                _mark(w, h - footer + 1.0),
            ),
        )
    )  # fmt: skip


@lru_cache(maxsize=64)
def germany_back(w: float, h: float, language: str = "de") -> Face:
    """State, description, population, and the two numbers in their blobs, captioned."""
    inner = w - 2 * S
    blob_r = min(inner / 4 - 1.5, 11.0)
    caption = 3.2
    blob_y = h - S - 5 - caption - blob_r * 0.8
    pop_y = blob_y - blob_r * 0.8 - 8.5
    with translation.override(_lang(language)):
        ns_caption = pgettext("card back", "North–South")
        we_caption = pgettext("card back", "West–East")
    # Clear of the blobs' reach (and the glyph slack) so the captions join the fixed form.
    caption_y = blob_y + blob_r * 0.8 * 1.08 + 1.2
    return checked(
        Face(
            f"germany-back-{_lang(language)}",
            w,
            h,
            (
                Background(PAPER),
                Text(S, S + 2, inner, 7, content="state", bold=True, size=10, min_size=6.5,
                     fill=GERMANY_ACCENT),
                Text(S, S + 10, inner, pop_y - S - 12, content="description", size=8.5,
                     min_size=5, max_lines=9, align="left", valign="top", fill=INK),
                Text(S, pop_y, inner, 6.5, content="population", bold=True, size=10, min_size=6,
                     fill=INK),
                Blob(S + inner / 4, blob_y, blob_r, blob_r * 0.8, "ns", "#000000", "#ffffff",
                     size=blob_r * 1.9),
                Blob(S + inner * 3 / 4, blob_y, blob_r, blob_r * 0.8, "we", "#ffffff", "#000000",
                     stroke="#000000", stroke_width=0.6, size=blob_r * 1.9),
                Text(S, caption_y, inner / 2, caption, text=ns_caption, bold=True, size=6.5,
                     min_size=4, fill=INK),
                Text(S + inner / 2, caption_y, inner / 2, caption, text=we_caption, bold=True,
                     size=6.5, min_size=4, fill=INK),
                _mark(w, h),
            ),
        )
    )  # fmt: skip


@lru_cache(maxsize=64)
def tip_face(w: float, h: float, language: str = "de") -> Face:
    inner = w - 2 * S
    return checked(
        Face(
            "tip",
            w,
            h,
            (
                Background("@accent"),
                Box(S, S, inner, h - 2 * S, stroke="@ink", stroke_width=0.6, radius=3),
                Text(S + 2, h * 0.18, inner - 4, h * 0.4, content="tip_letter", bold=True,
                     size=72, min_size=20, fill="@ink"),
                Text(S + 2, h * 0.6, inner - 4, h * 0.22, content="tip_caption", bold=True,
                     size=11, min_size=6, max_lines=3, fill="@ink"),
                _mark(w, h, "@ink"),
            ),
        )
    )  # fmt: skip


@lru_cache(maxsize=64)
def tip_back(w: float, h: float, language: str = "de") -> Face:
    """The plain back of a tip card: the player's colour, the wordmark and a map dot, the
    same for every tip of a colour (so a face-down tip gives nothing away)."""
    inner = w - 2 * S
    dot = min(w, h) * 0.14
    with translation.override(_lang(language)):
        title = pgettext("card back", "Tip card")
    return checked(
        Face(
            f"tip-back-{_lang(language)}",
            w,
            h,
            (
                Background("@accent"),
                Box(S, S, inner, h - 2 * S, stroke="@ink", stroke_width=0.6, radius=3),
                Box(S + 2.5, S + 2.5, inner - 5, h - 2 * S - 5, stroke="@ink", stroke_width=0.25,
                    radius=2),
                # A 2 × 2 grid of tiles, like the fields of a board: no letter to mistake.
                *(
                    Box(w / 2 - dot + i * (dot + 0.8), h * 0.4 - dot + j * (dot + 0.8),
                        dot - 0.8, dot - 0.8, fill="@ink", radius=1.2)
                    for i in (0, 1)
                    for j in (0, 1)
                ),
                Text(S + 2, h * 0.62, inner - 4, 8, text=WORDMARK, bold=True, size=16,
                     min_size=8, fill="@ink"),
                Text(S + 2, h * 0.62 + 8.5, inner - 4, 5, text=title,
                     size=8, min_size=5, fill="@ink"),
            ),
        )
    )  # fmt: skip


register("germany", germany_front, germany_back, named=True)
register("tip", tip_face, tip_face)
register("tip-back", tip_back, tip_back)
