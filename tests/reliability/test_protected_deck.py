"""Issue item 6a: deleting a deck that a game uses is refused with a clear answer, not a 500."""

from __future__ import annotations

import pytest
from django.apps import apps

from cards.models import Deck
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


def _game_on(deck: Deck):
    # Games keep their deck: Game.deck is on_delete=PROTECT.
    return apps.get_model("play", "Game").objects.create(deck=deck, edition=deck.edition)


def test_the_api_answers_409_for_a_deck_in_use(editor, germany_deck):
    _game_on(germany_deck)
    response = api_client_for(editor).delete(f"/api/decks/{germany_deck.slug}/")
    assert response.status_code == 409
    assert "von 1 Spiel benutzt" in response.json()["detail"]  # the German UI
    assert Deck.objects.filter(pk=germany_deck.pk).exists()


def test_the_api_still_deletes_an_unused_deck(editor, germany_deck):
    response = api_client_for(editor).delete(f"/api/decks/{germany_deck.slug}/")
    assert response.status_code == 204
    assert not Deck.objects.exists()


def test_the_admin_explains_instead_of_failing(client, editor, germany_deck):
    game = _game_on(germany_deck)
    client.force_login(editor)
    url = f"/admin/cards/deck/{germany_deck.pk}/delete/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert "protected" in page.content.decode()
    assert str(game) in page.content.decode()
    response = client.post(url, {"post": "yes"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert Deck.objects.filter(pk=germany_deck.pk).exists()


def test_the_admin_bulk_delete_explains_too(client, editor, germany_deck):
    _game_on(germany_deck)
    client.force_login(editor)
    data = {"action": "delete_selected", "_selected_action": [germany_deck.pk], "post": "yes"}
    response = client.post("/admin/cards/deck/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "protected" in response.content.decode()
    assert Deck.objects.filter(pk=germany_deck.pk).exists()


def test_ids_beyond_64_bits_are_not_found_rather_than_a_server_error(editor, germany_deck):
    client = api_client_for(editor)
    huge = "9" * 23
    assert client.delete(f"/api/decks/{germany_deck.slug}/cards/{huge}/").status_code == 404
    assert client.get(f"/api/places/{huge}/").status_code == 404
    response = client.post(
        f"/api/decks/{germany_deck.slug}/cards/", {"place": int(huge)}, format="json"
    )
    assert response.status_code == 400
