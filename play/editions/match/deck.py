"""The island deck as the rules take it.

``{"cards": [[symbol, …], …], "roles": […], "symbols": […], "symbols_en": […]}``.

``deck_data`` reads card dicts (``{"symbols": [int, …], "role": str, "names": [str, …]}``,
``names`` and ``names_en`` optional and parallel to ``symbols``); symbol names, when given, are
collected into tables indexed by symbol number (English ones for games in English). A team
card may also come as ``{"role": "team", "colour": "blue"}``, as match decks of the card
database describe them. Cards without symbols (the score cards) are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from play.core.errors import RuleViolation


def deck_data(cards: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    symbol_cards, roles = [], []
    names: dict[int, str] = {}
    names_en: dict[int, str] = {}
    for card in cards:
        symbols = card.get("symbols") or []
        if not symbols:
            continue
        if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in symbols):
            raise RuleViolation("bad_deck", "A card's symbols are symbol numbers.")
        symbol_cards.append(list(symbols))
        role = str(card.get("role", ""))
        roles.append(str(card.get("colour", "")) if role == "team" else role)
        for symbol, name in zip(symbols, card.get("names") or [], strict=False):
            names[symbol] = str(name)
        for symbol, name in zip(symbols, card.get("names_en") or [], strict=False):
            names_en[symbol] = str(name)
    count = 1 + max((max(card) for card in symbol_cards), default=-1)

    def table(found: dict[int, str]) -> list[str]:
        return [found.get(symbol, str(symbol)) for symbol in range(count)] if found else []

    return {
        "cards": symbol_cards,
        "roles": roles,
        "symbols": table(names),
        "symbols_en": table(names_en),
    }
