"""Deck editing at any size: the deck's own form, and its cards on a paginated list."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.models import Deck, DeckCard, Edition, Place

pytestmark = pytest.mark.django_db

CARDS = "/admin/cards/deckcard/"


def _big_deck(size: int) -> Deck:
    deck = Deck.objects.create(slug="gross", name="Groß", edition=Edition.GERMANY)
    places = Place.objects.bulk_create(
        Place(
            name=f"Ort {i:04d}",
            country="DE",
            state="Hessen",
            population=1000 + i,
            latitude=50.0 + (i % 100) / 100,
            longitude=9.0 + (i // 100) / 100,
        )
        for i in range(size)
    )
    DeckCard.objects.bulk_create(DeckCard(deck=deck, place=p) for p in places)
    return deck


def _deck_form(deck: Deck, **changes: str) -> dict[str, str]:
    data = {
        "name": deck.name,
        "slug": deck.slug,
        "edition": deck.edition,
        "language": deck.language,
        "description": deck.description,
    }
    data.update(changes)
    return data


def test_it_saves_a_big_decks_own_fields_without_its_cards(client, editor, settings):
    deck = _big_deck(2000)
    client.force_login(editor)
    url = f"/admin/cards/deck/{deck.pk}/change/"
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url)
    assert page.status_code == 200
    assert len(page.content) < 100_000
    assert len(queries) < 30
    assert f"{CARDS}?deck__id__exact={deck.pk}" in page.content.decode()
    response = client.post(url, _deck_form(deck, description="Neu beschrieben"))
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.description == "Neu beschrieben"
    assert deck.cards.count() == 2000


def test_the_card_list_is_paginated_and_searchable(client, editor):
    deck = _big_deck(120)
    client.force_login(editor)
    html = client.get(f"{CARDS}?deck__id__exact={deck.pk}").content.decode()
    assert html.count('<th class="field-place') == 50
    assert "Cards of Groß" in html or "Karten von Groß" in html
    html = client.get(f"{CARDS}?deck__id__exact={deck.pk}&q=Ort+0117").content.decode()
    assert html.count('<th class="field-place') == 1


def test_it_adds_a_place_to_the_deck_at_the_end(client, editor, germany_deck, paris):
    added = Place.objects.create(
        name="Kassel",
        country="DE",
        state="Hessen",
        latitude=51.31,
        longitude=9.49,
        population=200_000,
    )
    client.force_login(editor)
    url = f"{CARDS}deck/{germany_deck.pk}/add/"
    response = client.post(url, {"place": added.pk})
    assert response.status_code == 302
    card = germany_deck.cards.get(place=added)
    assert card.position == 0 and card.colour == ""  # in name order: nobody reordered
    names = list(germany_deck.cards.values_list("place__name", flat=True))
    assert names == ["Berlin", "Görlitz", "Hinterzarten", "Kassel"]


def test_once_reordered_a_new_card_goes_to_the_end(client, editor, germany_deck):
    germany_deck.cards.filter(place__name="Berlin").update(position=5)
    added = Place.objects.create(
        name="Aachen",
        country="DE",
        state="Nordrhein-Westfalen",
        latitude=50.78,
        longitude=6.08,
        population=250_000,
    )
    client.force_login(editor)
    client.post(f"{CARDS}deck/{germany_deck.pk}/add/", {"place": added.pk})
    assert germany_deck.cards.get(place=added).position == 6
    assert list(germany_deck.cards.values_list("place__name", flat=True))[-1] == "Aachen"


def test_it_refuses_a_place_outside_germany_and_a_card_twice(client, editor, germany_deck, paris):
    client.force_login(editor)
    url = f"{CARDS}deck/{germany_deck.pk}/add/"
    response = client.post(url, {"place": paris.pk}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "outside Germany" in response.content.decode()
    berlin = germany_deck.cards.first().place
    client.post(url, {"place": berlin.pk})
    assert germany_deck.cards.filter(place=berlin).count() == 1
    assert germany_deck.cards.count() == 3


def test_world_cards_get_their_colour_and_germany_cards_none(client, editor, world_deck):
    client.force_login(editor)
    html = client.get(f"{CARDS}?deck__id__exact={world_deck.pk}").content.decode()
    assert 'name="form-0-colour"' in html
    germany = Deck.objects.create(slug="g", name="G", edition=Edition.GERMANY)
    html = client.get(f"{CARDS}?deck__id__exact={germany.pk}").content.decode()
    assert 'id="id_colour"' not in html


def test_it_reorders_and_removes_cards_from_the_list(client, editor, germany_deck):
    client.force_login(editor)
    cards = list(germany_deck.cards.all())  # Berlin, Görlitz, Hinterzarten
    data = {
        "form-TOTAL_FORMS": "3",
        "form-INITIAL_FORMS": "3",
        "form-MIN_NUM_FORMS": "0",
        "form-MAX_NUM_FORMS": "1000",
        "_save": "Save",
    }
    for i, (card, position) in enumerate(zip(cards, (3, 2, 1), strict=True)):
        data.update({f"form-{i}-id": card.pk, f"form-{i}-quantity": "1"})
        data[f"form-{i}-position"] = str(position)
    response = client.post(f"{CARDS}?deck__id__exact={germany_deck.pk}", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    names = list(germany_deck.cards.values_list("place__name", flat=True))
    assert names == ["Hinterzarten", "Görlitz", "Berlin"]
    client.post(
        f"{CARDS}?deck__id__exact={germany_deck.pk}",
        {"action": "delete_selected", "_selected_action": [cards[0].pk], "post": "yes"},
    )
    assert germany_deck.cards.count() == 2
    assert Place.objects.filter(name="Berlin").exists()


def test_teachers_cannot_change_cards(client, teacher, germany_deck, paris):
    client.force_login(teacher)
    client.post(f"{CARDS}deck/{germany_deck.pk}/add/", {"place": paris.pk})
    assert germany_deck.cards.count() == 3
