"""Printed labels through gettext: a kit prints in its own language, whatever the request's."""

from __future__ import annotations

from django.utils import translation


def in_language(language: str, message: object) -> str:
    """``message`` (a lazy gettext string) translated into ``language``."""
    with translation.override(language):
        return str(message)
