"""The card designs: each a function of (width, height, language) returning a checked face.

Every size gets the same design, scaled by its proportions. Texts that are the same on every
card (the wordmark, the blob captions) are literal texts in the face, so the renderer draws
them once per document; the language is part of the face for that reason.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils import translation
from django.utils.translation import pgettext

from printing.core.i18n import edition_names
from printing.core.layouts import Background, Blob, Box, Face, Map, Text, checked
from printing.core.sheets import SAFE_INSET
from printing.kits.numbers.faces import PLAYING_DESIGNS

INK = "#1b1b1b"
PAPER = "#fbf8f1"
GERMANY_ACCENT = "#1f4e79"
GRID = "#e7dfcc"
DOT = "#d62728"
GREY = "#6b6b6b"
S = SAFE_INSET
WORDMARK = "SPOT ON"


def _lang(language: str) -> str:
    """The language of a face's fixed texts: English for English, German for any other."""
    return "en" if language.startswith("en") else "de"


def _edition(edition: str, language: str) -> str:
    """The edition's name in the wordmark: DEUTSCHLAND, THE WORLD."""
    return edition_names(_lang(language))[edition].upper()


def _header(w: float, fill: str, height: float = 9.0) -> Box:
    return Box(0, 0, w, height, fill=fill, bleed=True)


def _mark(w: float, h: float, fill: str = GREY) -> Text:
    return Text(S, h - S - 4, w - 2 * S, 4, content="edition_mark", size=5.5, min_size=4, fill=fill)


def _wordmark(
    w: float, edition: str, language: str, ink: str, accent: str, name: str = ""
) -> tuple[Text, ...]:
    """SPOT ON on the left of the header, the edition's name (or ``name``) on the right."""
    half = (w - 2 * S) / 2
    label = name.upper() or _edition(edition, language)
    return (
        Text(S, S, half, 5.5, text=WORDMARK, bold=True, size=9, min_size=6, align="left",
             fill=ink),
        Text(S + half, S, half, 5.5, text=label, size=6,
             min_size=4, align="right", fill=accent),
    )  # fmt: skip


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
def world_front(w: float, h: float, language: str = "de") -> Face:
    return checked(
        Face(
            f"world-front-{_lang(language)}",
            w,
            h,
            (
                Background("@card_colour"),
                Box(S, S, w - 2 * S, h - 2 * S, stroke="#ffffff", stroke_width=0.8, radius=2),
                Text(S + 2, S + 2, w - 2 * S - 4, 4.5,
                     text=f"{WORDMARK} · {_edition('world', language)}", bold=True,
                     size=6.5, min_size=4, fill=INK),
                Text(S + 2, h * 0.28, w - 2 * S - 4, h * 0.4, content="name", bold=True, size=20,
                     min_size=12, max_lines=3, fill=INK),
                Text(S + 2, h * 0.68, w - 2 * S - 4, 5, content="kind_label", size=7, min_size=5,
                     fill=INK),
                _mark(w, h, INK),
            ),
        )
    )  # fmt: skip


@lru_cache(maxsize=64)
def world_back(w: float, h: float, language: str = "de") -> Face:
    inner = w - 2 * S
    diagram_h = min(inner * 0.9, h * 0.42)
    return checked(
        Face(
            f"world-back-{_lang(language)}",
            w,
            h,
            (
                Background(PAPER),
                _header(w, "@board_colour", 13.0),
                Text(S, S, inner, 7, content="board_name", bold=True, size=12, min_size=7,
                     fill="@board_ink"),
                Text(S, 15, inner, h - 15 - diagram_h - S - 7, content="solutions", size=9,
                     min_size=5, max_lines=12, align="left", valign="top", fill=INK),
                # The renderer fits the board into this box, keeping its shape.
                Map(S, h - S - 5.5 - diagram_h, inner, diagram_h),
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


DESIGNS = {
    "germany": (germany_front, germany_back),
    "world": (world_front, world_back),
    "tip": (tip_face, tip_face),
    "tip-back": (tip_back, tip_back),
    **PLAYING_DESIGNS,
}


def faces_for(
    kind: str, w: float, h: float, language: str = "de", edition_name: str = ""
) -> tuple[Face, Face]:
    """(front, back) of a card kind at a card size, with its fixed texts in ``language``; a
    grid edition's cards (``edition_name``) are Germany's with that name in the wordmark."""
    front, back = DESIGNS[kind]
    if edition_name and kind == "germany":
        return germany_front(w, h, language, edition_name), back(w, h, language)
    return front(w, h, language), back(w, h, language)
