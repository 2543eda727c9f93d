"""Soft hyphens between the syllables of long words (LibreOffice's dictionaries via pyphen):
a narrow card breaks "Recklinghausen" as "Reckling-/hausen", never as "Recklinghaus/en".
Print (``printing.core.textfit``) and the play screens use the same breaks."""

from __future__ import annotations

import functools
import re

import pyphen

SOFT_HYPHEN = "\u00ad"
HYPHENATE_FROM = 9  # letters: shorter words are never broken


@functools.cache
def _dictionary(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=language if language in ("de", "en") else "de", left=3, right=3)


@functools.lru_cache(maxsize=8192)
def _hyphenated(word: str, language: str) -> str:
    if len(word) < HYPHENATE_FROM or not word.isalpha():
        return word
    return _dictionary(language).inserted(word, hyphen=SOFT_HYPHEN)


def soft_hyphens(text: str, language: str = "de") -> str:
    """``text`` with soft hyphens between the syllables of its long words."""
    parts = re.split(r"([\s/-]+)", str(text))
    return "".join(_hyphenated(part, language) for part in parts)
