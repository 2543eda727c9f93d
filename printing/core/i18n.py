"""Printed labels through gettext: a kit prints in its own language, whatever the request's.

Fixed texts of card faces are looked up at render time, never at import, under
``translation.override``; the German ones are in the project's catalogue (``locale/de``).
"""

from __future__ import annotations

from functools import lru_cache

from django.utils import translation
from django.utils.translation import pgettext


def in_language(language: str, message: object) -> str:
    """``message`` (a lazy gettext string) translated into ``language``."""
    with translation.override(language):
        return str(message)


@lru_cache(maxsize=16)
def edition_names(language: str) -> dict[str, str]:
    """The editions' names as cards print them: "Deutschland", "The World". Looked up once per
    language, as every card's edition mark names its edition."""
    with translation.override(language):
        return {
            "germany": pgettext("edition", "Germany"),
            "world": pgettext("edition", "The World"),
        }
