"""The World's fragments' tags: thin, each hands over a piece of ``present`` (the screen's data
comes with the view, ``view.screen``)."""

from __future__ import annotations

from typing import Any

from django import template

from play.editions.world import present

register = template.Library()


@register.simple_tag
def world_pad(value: str | None, language: str) -> dict[str, Any]:
    """What the guess buttons need: the stones placed so far and the next choices."""
    return present.pad(value, language)


@register.filter
def world_stones(guess: str | None) -> list[dict[str, Any]]:
    return present.stones(guess)
