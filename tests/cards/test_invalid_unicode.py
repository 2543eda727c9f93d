"""Lone surrogates (a JSON escape such as \\ud800 without its pair) are no text: the card
database's API refuses them with 400 and a message that names the field but never quotes the
input (an error quoting it could not be encoded and answered 500)."""

from __future__ import annotations

import json

import pytest

from cards.models import Deck, Place
from cards.sanitize import lone_surrogate_in
from tests.conftest import api_client_for

LONE = "\\ud800"  # as sent: the six characters of the JSON escape


def test_the_check_names_the_top_level_field_holding_a_lone_surrogate():
    assert lone_surrogate_in({"name": "Köln", "kind": "\ud800"}) == "kind"
    assert lone_surrogate_in({"geometry": {"coordinates": [[1, "\udfff"]]}}) == "geometry"
    assert lone_surrogate_in({"\ud800": 1}) == ""
    assert lone_surrogate_in({"name": "Köln 😀", "n": 3, "x": None}) is None


def _refusal(response) -> str:
    """The message of a refusal: the API's JSON parser refuses a lone surrogate for every
    endpoint before any field sees it ({"detail": …})."""
    assert response.status_code == 400
    message = json.loads(response.content.decode("utf-8"))["detail"]
    assert "\ud800" not in message
    return message


def _post(client, url: str, body: str):
    return client.post(url, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        (
            "/api/places/",
            f'{{"name": "X", "latitude": 50, "longitude": 10, "kind": "{LONE}"}}',
            "kind",
        ),
        ("/api/places/", f'{{"name": "X{LONE}", "latitude": 50, "longitude": 10}}', "name"),
        ("/api/decks/", f'{{"slug": "x", "name": "X", "edition": "{LONE}"}}', "edition"),
        (
            "/api/decks/",
            f'{{"slug": "x", "name": "X", "edition": "germany", "language": "{LONE}"}}',
            "language",
        ),
        (
            "/api/decks/",
            f'{{"slug": "x", "name": "X", "edition": "grid", "grid": "a{LONE}"}}',
            "grid",
        ),
        ("/api/decks/de-test/cards/", f'{{"place": 1, "colour": "{LONE}"}}', "colour"),
    ],
)
def test_card_database_inputs_refuse_a_lone_surrogate(editor, germany_deck, url, body, field):
    places, decks = Place.objects.count(), Deck.objects.count()
    response = _post(api_client_for(editor), url, body)
    assert "lone surrogate" in _refusal(response)
    assert (Place.objects.count(), Deck.objects.count()) == (places, decks)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "field", ["solutions_override", "board_override", "country", "geometry", "latitude"]
)
def test_the_place_preview_refuses_a_lone_surrogate(editor, field):
    values = {"latitude": 50, "longitude": 10, field: "\ud800"}
    body = json.dumps(values)  # json.dumps writes the lone surrogate as its escape
    assert LONE in body
    response = _post(api_client_for(editor), "/api/places/preview/", body)
    assert "lone surrogate" in _refusal(response)


@pytest.mark.django_db
def test_the_refusal_is_translated(editor):
    response = api_client_for(editor).post(
        "/api/places/",
        f'{{"name": "X", "latitude": 50, "longitude": 10, "kind": "{LONE}"}}',
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    message = _refusal(response)
    assert "lone surrogate" not in message and "Unicode" in message


@pytest.mark.django_db
def test_a_surrogate_pair_is_a_character_and_is_kept(editor):
    body = '{"name": "Punkt \\ud83d\\ude00", "latitude": 50, "longitude": 10, "country": "DE"}'
    response = _post(api_client_for(editor), "/api/places/", body)
    assert response.status_code == 201, response.content
    assert Place.objects.get(pk=response.json()["id"]).name == "Punkt 😀"
