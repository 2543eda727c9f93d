"""The place form's live preview and its read-only solutions field say the same."""

from __future__ import annotations

import re

import pytest

from cards.models import Place
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db

PREVIEW = "/api/places/preview/"


def _field(client, place: Place) -> str:
    html = client.get(f"/admin/cards/place/{place.pk}/change/").content.decode()
    match = re.search(r'field-world_solutions.*?<div class="readonly">([^<]*)</div>', html, re.S)
    assert match, "no world solutions field"
    return match.group(1).strip()


def _preview(editor, place: Place) -> dict:
    values = {
        "latitude": str(place.latitude),
        "longitude": str(place.longitude),
        "country": place.country,
        "geometry": "null",
        "stated_latitude": "",
        "stated_longitude": "",
        "board_override": place.board_override,
        "solutions_override": place.solutions_override,
    }
    response = api_client_for(editor).post(PREVIEW, values)
    assert response.status_code == 200, response.content
    return response.json()


def test_the_preview_agrees_with_the_read_only_field(client, editor, berlin, paris):
    paris.solutions_override = "EU-M-M-C, EU-M-M-D"
    paris.save()
    client.force_login(editor)
    for place in (berlin, paris):
        shown = _field(client, place)
        preview = _preview(editor, place)
        assert ", ".join(preview["world"]["solutions"]) == shown
    assert _preview(editor, paris)["world"]["solutions"] == ["EU-M-M-C", "EU-M-M-D"]
    assert _preview(editor, berlin)["germany"] == {"ns": 50, "we": 74}


def test_the_preview_follows_the_board_override(editor, berlin):
    berlin.board_override = "AS"
    preview = _preview(editor, berlin)
    assert preview["world"]["board"] == "AS"
    assert all(code.startswith("AS-") for code in preview["world"]["solutions"])


def test_the_preview_explains_bad_input(editor):
    response = api_client_for(editor).post(PREVIEW, {"latitude": "north", "longitude": "8"})
    assert response.status_code == 400
    assert "latitude" in response.json()["detail"]
    response = api_client_for(editor).post(
        PREVIEW, {"latitude": "50", "longitude": "8", "solutions_override": "XX-1"}
    )
    assert response.status_code == 400


def test_the_preview_is_for_editors(teacher):
    response = api_client_for(teacher).post(PREVIEW, {"latitude": "50", "longitude": "8"})
    assert response.status_code == 403
