from __future__ import annotations

import re

import pytest

from cards.models import DeckCard, Place
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db

NEW_PLACE = {
    "name": "Marburg",
    "country": "DE",
    "state": "Hessen",
    "latitude": 50.80904,
    "longitude": 8.77069,
    "population": 72_765,
}


@pytest.mark.parametrize("url", ["/api/places/", "/api/decks/"])
def test_anonymous_visitors_get_nothing(url, berlin):
    response = api_client_for(None).get(url)
    assert response.status_code in (401, 403)
    assert "Spree" not in response.content.decode()


@pytest.mark.parametrize("url", ["/api/places/", "/api/decks/"])
def test_users_without_a_role_get_nothing(url, student, berlin):
    assert api_client_for(student).get(url).status_code == 403


def test_teachers_read_but_do_not_write(teacher, berlin):
    client = api_client_for(teacher)
    response = client.get("/api/places/")
    assert response.status_code == 200
    assert response.json()["results"][0]["name"] == "Berlin"
    assert client.post("/api/places/", NEW_PLACE, format="json").status_code == 403
    assert (
        client.patch(f"/api/places/{berlin.pk}/", {"name": "X"}, format="json").status_code == 403
    )
    assert client.delete(f"/api/places/{berlin.pk}/").status_code == 403


def test_editors_create_update_and_delete(editor):
    client = api_client_for(editor)
    response = client.post("/api/places/", NEW_PLACE, format="json")
    assert response.status_code == 201, response.content
    place_id = response.json()["id"]
    response = client.patch(f"/api/places/{place_id}/", {"population": 73_000}, format="json")
    assert response.status_code == 200
    assert Place.objects.get(pk=place_id).population == 73_000
    assert client.delete(f"/api/places/{place_id}/").status_code == 204


def test_validation_errors_are_400_with_field_messages(editor):
    bad = {**NEW_PLACE, "latitude": 123, "country": "Germany", "population": -3}
    response = api_client_for(editor).post("/api/places/", bad, format="json")
    assert response.status_code == 400
    body = response.json()
    assert {"latitude", "country", "population"} <= body.keys()


def test_model_rules_apply_in_the_api_too(editor):
    mountain = {**NEW_PLACE, "kind": "mountains", "population": 10}
    response = api_client_for(editor).post("/api/places/", mountain, format="json")
    assert response.status_code == 400
    assert "population" in response.json()


def test_places_carry_grid_and_world_solutions_read_only(editor, berlin):
    client = api_client_for(editor)
    body = client.get(f"/api/places/{berlin.pk}/").json()
    assert body["germany"] == {"ns": 50, "we": 74}
    assert body["world"]["board"] == "EU"
    assert all(code.startswith("EU-") for code in body["world"]["solutions"])
    client.patch(f"/api/places/{berlin.pk}/", {"germany": {"ns": 1, "we": 1}}, format="json")
    assert client.get(f"/api/places/{berlin.pk}/").json()["germany"] == {"ns": 50, "we": 74}


def test_places_outside_germany_have_no_grid(editor, paris):
    body = api_client_for(editor).get(f"/api/places/{paris.pk}/").json()
    assert body["germany"] is None
    assert body["world"]["board"] == "EU"


def test_search_and_deck_filters(teacher, germany_deck, paris):
    client = api_client_for(teacher)
    names = [p["name"] for p in client.get("/api/places/?search=görl").json()["results"]]
    assert names == ["Görlitz"]
    names = {p["name"] for p in client.get("/api/places/?deck=de-test").json()["results"]}
    assert names == {"Berlin", "Görlitz", "Hinterzarten"}


def test_a_place_in_a_deck_is_not_deleted(editor, germany_deck, berlin):
    response = api_client_for(editor).delete(f"/api/places/{berlin.pk}/")
    assert response.status_code == 409
    assert "Test Deutschland" in response.json()["detail"]
    assert Place.objects.filter(pk=berlin.pk).exists()


def test_decks_list_their_cards(teacher, germany_deck):
    body = api_client_for(teacher).get("/api/decks/de-test/").json()
    assert body["edition"] == "germany"
    assert {card["name"] for card in body["cards"]} == {"Berlin", "Görlitz", "Hinterzarten"}


def test_a_germany_deck_refuses_a_foreign_place_in_the_api(editor, germany_deck, paris):
    client = api_client_for(editor)
    response = client.post(
        "/api/decks/de-test/cards/", {"place": paris.pk}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    assert "outside Germany" in str(response.json())
    assert not DeckCard.objects.filter(place=paris).exists()


def test_a_world_deck_card_needs_a_colour_in_the_api(editor, world_deck, goerlitz):
    client = api_client_for(editor)
    url = "/api/decks/world-test/cards/"
    assert client.post(url, {"place": goerlitz.pk}, format="json").status_code == 400
    response = client.post(url, {"place": goerlitz.pk, "colour": "green"}, format="json")
    assert response.status_code == 201
    assert (
        client.post(url, {"place": goerlitz.pk, "colour": "green"}, format="json").status_code
        == 400
    )


def test_removing_a_card_from_a_deck(editor, germany_deck, berlin):
    client = api_client_for(editor)
    assert client.delete(f"/api/decks/de-test/cards/{berlin.pk}/").status_code == 204
    assert not germany_deck.cards.filter(place=berlin).exists()


def test_token_authentication(teacher, berlin):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + Token.objects.create(user=teacher).key)
    assert client.get("/api/places/").status_code == 200


def test_the_openapi_schema_and_docs_are_served(client, admin_user):
    client.force_login(admin_user)
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/places/" in schema.content
    assert client.get("/api/docs/").status_code == 200


def test_the_api_docs_load_swagger_ui_from_the_app_not_a_cdn(client):
    from django.contrib.staticfiles import finders

    html = client.get("/api/docs/").content.decode()
    assert "cdn.jsdelivr.net" not in html and "unpkg.com" not in html
    scripts = re.findall(r'src="(/static/[^"]+\.js)"', html)
    assert any("swagger-ui-bundle" in src for src in scripts)
    for src in scripts:
        assert finders.find(src.removeprefix("/static/")), src
