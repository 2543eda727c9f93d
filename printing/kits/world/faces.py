"""The World's card designs: the place on the front, on the back its board with the solutions
and the board diagram (a ``Map`` element, drawn by ``printing.kits.world.board_diagram``)."""

from __future__ import annotations

from functools import lru_cache

from printing.core.designs import INK, PAPER, WORDMARK, S, register
from printing.core.designs import edition_word as _edition
from printing.core.designs import face_language as _lang
from printing.core.designs import header as _header
from printing.core.designs import mark as _mark
from printing.core.layouts import Background, Box, Face, Map, Text, checked
from printing.kits.world import board_diagram  # noqa: F401  (registers the Map element's drawer)


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


register("world", world_front, world_back)
