"""Numbers' playing-card designs (its 54 cards): rank and suit from the card's data, drawn by
the one face renderer like every other card. Sizes follow the card's width."""

from __future__ import annotations

from functools import lru_cache

from django.utils import translation
from django.utils.translation import pgettext

from printing.core.designs import S, register
from printing.core.designs import indices as _indices
from printing.core.layouts import Background, Box, Face, Pattern, Text, checked

WHITE = "#ffffff"
NUMBERS_BACK = "#12355b"
NUMBERS_SIGNS = "#2b5a8a"


@lru_cache(maxsize=64)
def numbers_front(w: float, h: float, language: str = "de") -> Face:
    """Large corner indices that read across a table, the suit big in the middle, the value of
    an ace or a court card spelled out; a joker says what it may be."""
    inner = w - 2 * S
    return checked(
        Face(
            "numbers-front",
            w,
            h,
            (
                Background(WHITE),
                *_indices(w, h),
                Text(S + w * 0.2, h * 0.28, inner - w * 0.4, h * 0.34, content="centre",
                     bold=True, size=w * 1.25, min_size=8, fill="@ink"),
                Text(S + w * 0.2, h * 0.64, inner - w * 0.4, h * 0.1, content="centre_note",
                     bold=True, size=w * 0.38, min_size=6, fill="@ink"),
            ),
        )
    )  # fmt: skip


@lru_cache(maxsize=64)
def numbers_back(w: float, h: float, language: str = "de") -> Face:
    """The four signs over the whole back, and the game's name on a white label."""
    step = w / 5
    with translation.override("de" if language == "de" else "en"):
        name = pgettext("card back", "Numbers")
    return checked(
        Face(
            f"numbers-back-{language}",
            w,
            h,
            (
                Background(NUMBERS_BACK),
                Pattern("+−×÷", step, NUMBERS_SIGNS, size=step * 1.6),
                Box(w * 0.12, h / 2 - 9, w * 0.76, 18, fill=WHITE, radius=2),
                Text(w * 0.14, h / 2 - 7.5, w * 0.72, 8, text="Spot On", bold=True,
                     size=w * 0.3, min_size=8, fill=NUMBERS_BACK),
                Text(w * 0.14, h / 2 + 0.5, w * 0.72, 6.5, text=name, size=w * 0.24,
                     min_size=6, fill=NUMBERS_BACK),
            ),
        )
    )  # fmt: skip


register("numbers", numbers_front, numbers_back)
