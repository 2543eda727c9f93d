"""A match deck is listed as what it is: round symbol cards, without a map of places."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.symbols.making import make_match_deck

pytestmark = pytest.mark.django_db


def test_the_card_list_counts_a_match_decks_round_cards(client, teacher):
    make_match_deck("mini", order=3, symbols="island", name="Mini-Insel")
    client.force_login(teacher)
    html = client.get(reverse("cards:browse")).content.decode()
    assert "13 runde Symbolkarten" in html
    assert reverse("cards:deck-map", args=["mini"]) not in html
    assert client.get(reverse("cards:deck-map", args=["mini"])).status_code == 404
    home = client.get("/").content.decode()
    assert "13 runde Symbolkarten" in home and "0 Karten" not in home
