"""The dice game's card design (its 36 cards): corner indices, and rank and suit large in the
middle, drawn by the one face renderer like every other card."""

from __future__ import annotations

from functools import lru_cache

from printing.core.designs import S, register
from printing.core.designs import indices as _indices
from printing.core.layouts import Background, Box, Face, Text, checked

WHITE = "#ffffff"


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


register("dice", dice_front, dice_front)
