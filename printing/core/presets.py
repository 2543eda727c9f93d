"""Print-shop presets: the card size, bleed and resolution a shop's templates ask for.

A shop states its template in pixels at 300 dpi; the card size and bleed here are chosen so
that ``printing.core.png.pixel_size`` gives exactly those pixels (tested for each preset).
"""

from __future__ import annotations

from dataclasses import dataclass

INCH = 25.4


@dataclass(frozen=True)
class Preset:
    name: str
    label: str
    card_size: str
    bleed: float  # millimetres on every side
    dpi: int
    pixels: tuple[int, int]  # what the shop's template says, front and back alike


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        # MakePlayingCards: 1/8 in less a hair: 0.12 in of bleed (36 px) around the trim.
        Preset("mpc-poker", "MakePlayingCards poker", "poker-us", 0.12 * INCH, 300, (822, 1122)),
        Preset("mpc-bridge", "MakePlayingCards bridge", "bridge-us", 0.12 * INCH, 300, (747, 1122)),
        Preset("mpc-mini", "MakePlayingCards mini", "mini-us", 0.12 * INCH, 300, (597, 822)),
        # The Game Crafter: 1/8 in (37.5 px) of bleed around the trim.
        Preset("tgc-poker", "The Game Crafter poker", "poker-us", 0.125 * INCH, 300, (825, 1125)),
        Preset(
            "tgc-bridge", "The Game Crafter bridge", "bridge-us", 0.125 * INCH, 300, (750, 1125)
        ),
        Preset("tgc-mini", "The Game Crafter mini", "mini-us", 0.125 * INCH, 300, (600, 825)),
    )
}
