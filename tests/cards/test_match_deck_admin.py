"""Editors make and rebuild match decks in the admin, with a preview of the cards first."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.symbols.models import MatchDeck

pytestmark = pytest.mark.django_db


def test_an_editor_previews_then_makes_a_deck(client, editor):
    client.force_login(editor)
    url = reverse("admin:cards_matchdeck_make")
    assert client.get(reverse("admin:cards_matchdeck_add")).url == url
    form = {"slug": "orte", "name": "Orte", "symbols": "island", "order": "2", "cards": "",
            "language": "de"}  # fmt: skip
    page = client.post(url, {**form, "_preview": "1"})
    html = page.content.decode()
    assert page.status_code == 200 and 'class="match-preview"' in html and "Vorschau: 7" in html
    assert not MatchDeck.objects.filter(deck__slug="orte").exists()  # nothing stored yet
    made = client.post(url, {**form, "_make": "1"})
    match = MatchDeck.objects.get(deck__slug="orte")
    assert made.url == reverse("admin:cards_matchdeck_change", args=[match.pk])
    assert match.cards.count() == 7
    change = client.get(made.url).content.decode()
    assert f"{url}?slug=orte" in change  # the rebuild link


def test_it_says_why_a_deck_cannot_be_made(client, editor, germany_deck):
    client.force_login(editor)
    url = reverse("admin:cards_matchdeck_make")
    form = {"slug": "orte", "symbols": f"places:{germany_deck.slug}", "order": "2",
            "language": "de", "_preview": "1"}  # fmt: skip
    html = client.post(url, form).content.decode()
    assert "needs 7 symbols; the set has 3" in html
    wrong = client.post(url, {**form, "slug": germany_deck.slug, "order": "2"})
    assert "anderen Ausgabe" in wrong.content.decode()  # the admin speaks German here


def test_teachers_cannot_make_decks(client, teacher):
    client.force_login(teacher)
    response = client.get(reverse("admin:cards_matchdeck_make"))
    assert response.status_code in (302, 403)
