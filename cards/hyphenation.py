"""Soft hyphens between the syllables of long words (LibreOffice's dictionaries via pyphen):
a narrow card breaks "Recklinghausen" as "Reckling-/hausen", never as "Recklinghaus/en".
Print (``printing.core.textfit``) and the play screens use the same breaks."""

from __future__ import annotations

import functools
import re

import pyphen

SOFT_HYPHEN = "\u00ad"
HYPHENATE_FROM = 9  # letters: shorter words are never broken


class _Patterns:
    """Liang's hyphenation patterns of one of pyphen's dictionaries, as pyphen applies them,
    parsed only where a word holds one: pyphen parses all 77,000 of the German dictionary up
    front, half a second of a whole deck's print for the few names that need a break. Here the
    file is indexed by each pattern's letters in a few passes of bytes methods (about 12 ms),
    and a pattern's digits are read when a word contains it. Comment and keyword lines become
    keys no lower-case word contains. The dictionaries pyphen ships for German and English have
    no non-standard breaks (``ck/k=k``), so none are read."""

    def __init__(self, language: str) -> None:
        path = pyphen.LANGUAGES[pyphen.language_fallback(language) or "de"]
        header, _, body = path.read_bytes().partition(b"\n")
        encoding = header.decode().strip()
        encoding = "cp1251" if encoding.lower() == "microsoft-cp1251" else encoding
        body = body.replace(b"\r", b"")
        # Digits, spaces and tabs are single bytes in every encoding hunspell files use.
        keys = body.translate(None, b"0123456789 \t").decode(encoding).split("\n")
        self.raw = dict(zip(keys, body.decode(encoding).split("\n"), strict=True))

    @staticmethod
    @functools.lru_cache(maxsize=4096)
    def values(pattern: str) -> tuple[int, ...]:
        """The digits between a pattern's letters, 0 where there is none: ``a1b`` -> (0, 1, 0)."""
        values, digit = [], 0
        for char in pattern:
            if char.isdigit():
                digit = int(char)
            elif not char.isspace():
                values.append(digit)
                digit = 0
        values.append(digit)
        return tuple(values)

    def positions(self, word: str) -> list[int]:
        """Where ``word`` may break (before which of its letters), as pyphen's ``positions``."""
        pointed = f".{word.lower()}."
        levels = [0] * (len(pointed) + 1)
        for i in range(len(pointed) - 1):
            for j in range(i + 1, len(pointed) + 1):
                pattern = self.raw.get(pointed[i:j])
                if pattern is not None:
                    for k, value in enumerate(self.values(pattern), i):
                        if value > levels[k]:
                            levels[k] = value
        return [i - 1 for i, level in enumerate(levels) if level % 2]

    def inserted(self, word: str, hyphen: str, left: int = 3, right: int = 3) -> str:
        """``word`` with ``hyphen`` at every break at least ``left`` and ``right`` letters in."""
        letters = list(word)
        for position in reversed(self.positions(word)):
            if left <= position <= len(word) - right:
                letters.insert(position, hyphen)
        return "".join(letters)


@functools.cache
def _dictionary(language: str) -> _Patterns:
    return _Patterns(language if language in ("de", "en") else "de")


@functools.lru_cache(maxsize=8192)
def _hyphenated(word: str, language: str) -> str:
    if len(word) < HYPHENATE_FROM or not word.isalpha():
        return word
    return _dictionary(language).inserted(word, SOFT_HYPHEN)


def soft_hyphens(text: str, language: str = "de") -> str:
    """``text`` with soft hyphens between the syllables of its long words."""
    parts = re.split(r"([\s/-]+)", str(text))
    return "".join(_hyphenated(part, language) for part in parts)
