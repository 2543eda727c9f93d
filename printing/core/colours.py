"""Colours as reportlab wants them, made once per value, and the contrast of text on a ground."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import HexColor

MIN_CONTRAST = 4.5  # WCAG 2 AA for normal text: every printed text meets it


@lru_cache(maxsize=256)
def colour(value: str) -> HexColor:
    return HexColor(value)


def _luminance(value: str) -> float:
    c = colour(value)
    channels = []
    for v in (c.red, c.green, c.blue):
        channels.append(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(ink: str, ground: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    a, b = sorted((_luminance(ink), _luminance(ground)), reverse=True)
    return (a + 0.05) / (b + 0.05)


WHITE, INK = "#ffffff", "#1b1b1b"


def ink_for(ground: str) -> str:
    """White or near-black text on ``ground``, whichever reads better; pure black where
    neither reaches 4.5:1 (white or black always does: the better of them is at least 4.58)."""
    best = max((WHITE, INK), key=lambda ink: contrast(ink, ground))
    if contrast(best, ground) >= MIN_CONTRAST:
        return best
    return max((WHITE, "#000000"), key=lambda ink: contrast(ink, ground))


def legible(ink: str, ground: str = WHITE) -> str:
    """``ink`` itself when it reads on ``ground`` (4.5:1), else ``ink`` darkened (or lightened
    on a dark ground) just enough: coloured headings keep their hue."""
    if contrast(ink, ground) >= MIN_CONTRAST:
        return ink
    c = colour(ink)
    target = 0.0 if _luminance(ground) > 0.18 else 1.0
    for step in range(1, 21):
        t = step / 20
        mixed = tuple(round(255 * (v + (target - v) * t)) for v in (c.red, c.green, c.blue))
        value = "#{:02x}{:02x}{:02x}".format(*mixed)
        if contrast(value, ground) >= MIN_CONTRAST:
            return value
    return INK if target == 0.0 else WHITE
