"""Country names for ISO codes, German and English (see cards/data/README.md)."""

from __future__ import annotations

import json
from functools import lru_cache

from cards import DATA_DIR

COUNTRIES_FILE = DATA_DIR / "countries.json"


@lru_cache(maxsize=1)
def _names() -> dict[str, dict[str, str]]:
    return json.loads(COUNTRIES_FILE.read_text(encoding="utf-8"))


def country_name(code: str, language: str) -> str:
    """'DE' → 'Deutschland' ("de") or 'Germany'; an unknown code stays as it is."""
    language = language[:2]
    names = _names().get(code)
    if not names:
        return code
    return names.get(language) or names["en"]


def country_choices(codes: set[str], language: str) -> list[tuple[str, str]]:
    """(code, name) pairs sorted by name, for filters."""
    pairs = [(code, country_name(code, language)) for code in codes if code]
    return sorted(pairs, key=lambda pair: pair[1].casefold())
