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
