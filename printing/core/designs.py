"""The card designs every kit's faces are made of, and the one table of designs by card kind.

A design is a function of (width, height, language) returning a checked face; every size gets
the same design, scaled by its proportions. Texts that are the same on every card (the
wordmark, the blob captions) are literal texts in the face, so the renderer draws them once per
document; the language is part of the face for that reason. Each kit registers the designs of
its card kinds (``register``) in its ``faces`` module; the document looks them up by the card's
kind (``faces_for``), so that the core names no kit.
"""

from __future__ import annotations

from collections.abc import Callable

from printing.core.i18n import edition_names
from printing.core.layouts import Box, Face, Index, Text
from printing.core.sheets import SAFE_INSET

INK = "#1b1b1b"
PAPER = "#fbf8f1"
GREY = "#6b6b6b"
S = SAFE_INSET
WORDMARK = "SPOT ON"

Design = Callable[..., Face]
# kind -> (front, back, whether the front takes a grid edition's name)
DESIGNS: dict[str, tuple[Design, Design]] = {}
_NAMED: set[str] = set()


def register(kind: str, front: Design, back: Design, named: bool = False) -> None:
    """The designs of cards of ``kind``; ``named``: the front takes a grid edition's name
    (``front(w, h, language, edition_name)``)."""
    known = DESIGNS.get(kind)
    if known is not None and known != (front, back):
        raise ValueError(f"cards of kind {kind!r} already have a design")
    DESIGNS[kind] = (front, back)
    if named:
        _NAMED.add(kind)


def faces_for(
    kind: str, w: float, h: float, language: str = "de", edition_name: str = ""
) -> tuple[Face, Face]:
    """(front, back) of a card kind at a card size, with its fixed texts in ``language``; a
    grid edition's cards (``edition_name``) carry that name in the wordmark."""
    try:
        front, back = DESIGNS[kind]
    except KeyError:
        raise ValueError(f"no design for cards of kind {kind!r}: is its kit loaded?") from None
    if edition_name and kind in _NAMED:
        return front(w, h, language, edition_name), back(w, h, language)
    return front(w, h, language), back(w, h, language)


def face_language(language: str) -> str:
    """The language of a face's fixed texts: English for English, German for any other."""
    return "en" if language.startswith("en") else "de"


def edition_word(edition: str, language: str) -> str:
    """The edition's name in the wordmark: DEUTSCHLAND, THE WORLD."""
    return edition_names(face_language(language))[edition].upper()


def header(w: float, fill: str, height: float = 9.0) -> Box:
    return Box(0, 0, w, height, fill=fill, bleed=True)


def mark(w: float, h: float, fill: str = GREY) -> Text:
    return Text(S, h - S - 4, w - 2 * S, 4, content="edition_mark", size=5.5, min_size=4, fill=fill)


def wordmark(
    w: float, edition: str, language: str, ink: str, accent: str, name: str = ""
) -> tuple[Text, ...]:
    """SPOT ON on the left of the header, the edition's name (or ``name``) on the right."""
    half = (w - 2 * S) / 2
    label = name.upper() or edition_word(edition, language)
    return (
        Text(S, S, half, 5.5, text=WORDMARK, bold=True, size=9, min_size=6, align="left",
             fill=ink),
        Text(S + half, S, half, 5.5, text=label, size=6,
             min_size=4, align="right", fill=accent),
    )  # fmt: skip


def indices(w: float, h: float) -> tuple[Index, Index]:
    """A playing card's rank over its suit in the top-left corner, and turned in the
    bottom-right."""
    iw, ih = w * 0.2, w * 0.36
    return (
        Index(S, S, iw, ih),
        Index(w - S - iw, h - S - ih, iw, ih, turned=True),
    )
