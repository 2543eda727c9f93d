"""The printed rules sheets of Germany and the World hold the whole rule book, in German and
in English: what the play editions enforce is on paper too."""

from __future__ import annotations

import pytest

from printing.kits.grid.rules import RULES as GRID_RULES
from printing.kits.world.rules import RULES as WORLD_RULES

RULES = {**GRID_RULES, **WORLD_RULES}

WHOLE = {
    ("germany", "de"): ("linke Nachbar des vorigen Startspielers", "scheiden danach aus dem Spiel",
                        "verdeckt gelegt", "W und M gelten dabei als verschiedene Tipps"),
    ("germany", "en"): ("the player to the left of the last starting player", "leave the game",
                        "face down", "W and M count as different tips"),
    ("world", "de"): ("mindestens 4", "mindestens 3", "mindestens 2", "Längeres Spiel",
                      "oberste Karte des Stapels", "beginnend beim jüngsten Spieler",
                      "Pfeilfeld", "Gelb, Orange, Grün"),
    ("world", "en"): ("at least 4", "at least 3", "at least 2", "Longer game",
                      "top card of the stack", "clockwise from the youngest player",
                      "arrow space", "yellow, then orange, then green"),
}  # fmt: skip


@pytest.mark.parametrize("key", sorted(WHOLE))
def test_the_rules_sheet_holds_the_whole_rule_book(key):
    text = " ".join(body for _, body in RULES[key][1])
    for phrase in WHOLE[key]:
        assert phrase in text, phrase
