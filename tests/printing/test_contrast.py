"""Every printed text reads on its ground (4.5:1), and no narrow colour band sits at a cut edge."""

from __future__ import annotations

import pytest

from geo.boards import BOARDS
from printing.core.colours import MIN_CONTRAST, contrast, ink_for, legible
from printing.core.data import CARD_COLOURS, PLAYER_COLOURS
from printing.core.layouts import Background, Box, Text
from printing.kits import DESIGNS

# Every combination of the data colours a card can carry.
SAMPLES = [
    {"board_colour": b.colour, "board_ink": ink_for(b.colour), "card_colour": c,
     "accent": accent, "ink": ink}
    for b in BOARDS.values()
    for c in CARD_COLOURS.values()
    for accent, ink in PLAYER_COLOURS.values()
]  # fmt: skip


# Playing cards: "@ink" is the suit's colour on a white card.
PLAYING_SAMPLES = [{"ink": ink} for ink in ("#111111", "#c8102e", "#6a1b9a")]


def _resolve(value: str, sample: dict) -> str:
    return sample[value[1:]] if value.startswith("@") else value


def _inside(text: Text, box) -> bool:
    if isinstance(box, Background):
        return True
    return (
        box.x <= text.x + 0.01
        and box.y <= text.y + 0.01
        and text.x + text.w <= box.x + box.w + 0.01
        and text.y + text.h <= box.y + box.h + 0.01
    )


def _texts_on_grounds(face):
    ground = None
    for el in face.elements:
        if (
            isinstance(el, Background | Box)
            and getattr(el, "fill", None)
            and (
                isinstance(el, Background) or el.w * el.h > 20  # hairlines are no ground
            )
        ):
            grounds = [el] if isinstance(el, Background) else [*(ground or []), el]
            ground = grounds
        if isinstance(el, Text):
            under = [g for g in ground or [] if _inside(el, g)]
            yield el, under[-1]


@pytest.mark.parametrize("kind", sorted(DESIGNS))
@pytest.mark.parametrize("side", [0, 1])
def test_every_text_of_every_design_reads_on_its_ground(kind, side):
    face = DESIGNS[kind][side](59, 91, "de")
    samples = PLAYING_SAMPLES if kind in ("numbers", "dice") else SAMPLES
    for text, ground in _texts_on_grounds(face):
        for sample in samples:
            ink, paper = _resolve(text.fill, sample), _resolve(ground.fill, sample)
            assert contrast(ink, paper) >= MIN_CONTRAST, (face.name, text.content, ink, paper)


@pytest.mark.parametrize("ground", ["#f4d03f", "#2e8b3a", "#e8730c", "#c9a45c", "#138d75"])
def test_text_colours_are_made_legible(ground):
    assert contrast(ink_for(ground), ground) >= MIN_CONTRAST
    assert contrast(legible(ground), "#ffffff") >= MIN_CONTRAST


@pytest.mark.parametrize("kind", ["germany"])
def test_no_narrow_band_of_colour_at_a_cut_edge(kind):
    for side in (0, 1):
        face = DESIGNS[kind][side](59, 91, "de")
        for el in face.elements:
            if isinstance(el, Box) and el.fill and el.bleed:
                at_edge = el.y <= 0 or el.y + el.h >= face.height
                assert not at_edge or el.h >= 8, (face.name, el)  # drift of 1 mm stays unseen
