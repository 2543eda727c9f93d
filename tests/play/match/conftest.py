from __future__ import annotations

import pytest

from play.editions.match import moves
from play.editions.match.deck import deck_data
from tests.play.match.helpers import island_cards


@pytest.fixture(autouse=True)
def island_deck(monkeypatch):
    """Games made through the core get the test plane's island deck."""
    monkeypatch.setattr(moves, "island_deck", lambda: deck_data(island_cards()))
