"""Every name in the starter decks renders with the shipped fonts: no missing glyph."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cards.gazetteer.places import german_places
from printing.core.data import tip_texts
from printing.core.fonts import BOLD, REGULAR
from printing.core.shaping import missing_glyphs

WORLD_DECK = Path(__file__).resolve().parents[2] / "cards" / "data" / "world_deck.json"


def _world_texts() -> list[str]:
    entries = json.loads(WORLD_DECK.read_text(encoding="utf-8"))
    fields = ("name_de", "name_en", "description_de", "description_en")
    return [str(e[f]) for e in entries for f in fields if e.get(f)]


def _germany_texts() -> list[str]:
    return [t for p in german_places(20_000) for t in (p.name, p.state, p.name_en) if t]


@pytest.mark.parametrize("font", [REGULAR, BOLD])
def test_it_covers_every_starter_deck_name(font):
    texts = _world_texts() + _germany_texts()
    assert len(texts) > 100
    missing = {t: missing_glyphs(t, font) for t in texts if missing_glyphs(t, font)}
    assert missing == {}


def test_it_covers_the_tip_cards():
    for language in ("de", "en"):
        for letter, caption in tip_texts(language).values():
            assert missing_glyphs(letter + caption, BOLD) == set()
