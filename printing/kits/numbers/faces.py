"""Playing-card designs (Numbers' 54 cards, the dice game's 36): rank and suit from the card's
data, drawn by the one face renderer like every other card. Sizes follow the card's width."""

from __future__ import annotations

from functools import lru_cache

from django.utils import translation
from django.utils.translation import pgettext

from printing.core.layouts import Background, Box, Face, Index, Pattern, Text, checked
from printing.core.sheets import SAFE_INSET

S = SAFE_INSET
WHITE = "#ffffff"
NUMBERS_BACK = "#12355b"
NUMBERS_SIGNS = "#2b5a8a"


def _indices(w: float, h: float) -> tuple[Index, Index]:
    """The rank over the suit in the top-left corner, and turned in the bottom-right."""
    iw, ih = w * 0.2, w * 0.36
    return (
        Index(S, S, iw, ih),
        Index(w - S - iw, h - S - ih, iw, ih, turned=True),
    )


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


@lru_cache(maxsize=64)
def dice_front(w: float, h: float, language: str = "de") -> Face:
    """A card for the dice game's grid: corner indices, and rank and suit large in the middle."""
    inner = w - 2 * S
    return checked(
        Face(
            "dice-front",
            w,
            h,
            (
                Background(WHITE),
                Box(0, 0, w, h, stroke="#888888", stroke_width=0.4, radius=3),
                *_indices(w, h),
                Text(S + w * 0.2, h * 0.3, inner - w * 0.4, h * 0.2, content="rank", bold=True,
                     size=40, min_size=12, fill="@ink"),
                Text(S + w * 0.2, h * 0.52, inner - w * 0.4, h * 0.16, content="suit_symbol",
                     size=30, min_size=10, fill="@ink"),
            ),
        )
    )  # fmt: skip


PLAYING_DESIGNS = {
    "numbers": (numbers_front, numbers_back),
    "dice": (dice_front, dice_front),
}
