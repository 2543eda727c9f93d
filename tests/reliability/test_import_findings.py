"""The import and name findings of the issue "Reliability and security": duplicate rows in one
file, Latin-1 and UTF-16 files, an oversized geometry cell, a lone surrogate in JSON, bidi
controls in names."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards.models import Place
from tests.conftest import api_client_for
from tests.reliability.helpers import IMPORT_URL, import_csv

pytestmark = pytest.mark.django_db

HEADER = "name,kind,country,latitude,longitude\n"


def _upload(client, user, raw: bytes, name: str = "places.csv", fmt: str = "0") -> tuple:
    client.force_login(user)
    upload = SimpleUploadedFile(name, raw)
    response = client.post(
        IMPORT_URL, {"format": fmt, "import_file": upload}, HTTP_ACCEPT_LANGUAGE="en"
    )
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("text", ["Kairo\u202e", "\u2066Nord\u2069", "Ab\u202adc"])
def test_bidi_controls_are_refused_in_place_names(editor, text):
    body = {"name": text, "country": "DE", "latitude": 50.8, "longitude": 8.77}
    response = api_client_for(editor).post("/api/places/", body, format="json")
    assert response.status_code == 400 and "name" in response.json()


def test_right_to_left_names_keep_their_marks(editor):
    body = {"name": "القاهرة\u200f", "country": "EG", "latitude": 30.0, "longitude": 31.2}
    assert api_client_for(editor).post("/api/places/", body, format="json").status_code == 201


def test_bidi_controls_are_refused_in_team_names(teacher):
    client = api_client_for(teacher)
    body = {"edition": "dice", "seats": ["A\u202eB", "C"]}
    assert client.post("/api/games/", body, format="json").status_code == 400


def test_duplicate_rows_in_one_file_are_not_two_places(client, editor):
    csv = HEADER + "Alpha,city,DE,50,8\nAlpha,city,DE,50,8\n"
    html = import_csv(client, editor, csv)
    assert "1 new, 1 updated" not in html
    assert "Alpha" in html and ("twice" in html or "duplicate" in html.lower())
    assert Place.objects.count() == 0


@pytest.mark.parametrize(("encoding", "bom"), [("latin-1", b""), ("utf-16", b""), ("cp1252", b"")])
def test_a_latin_1_or_utf_16_file_is_read_or_explained(client, editor, encoding, bom):
    raw = bom + (HEADER + "Köln,city,DE,50.9,6.9\n").encode(encoding)
    status, html = _upload(client, editor, raw)
    assert status == 200
    assert "UnicodeDecodeError" not in html and "occurred" not in html
    assert "Köln" in html or "UTF-8" in html


def test_an_oversized_geometry_cell_is_explained(client, editor):
    header = "name,kind,country,latitude,longitude,geometry\n"
    cell = '"' + "1" * 140_000 + '"'
    status, html = _upload(client, editor, (header + f"Alpha,city,DE,50,8,{cell}\n").encode())
    assert status == 200
    assert "'Error' occurred" not in html
    assert "geometry" in html.lower() or "large" in html.lower() or "long" in html.lower()
    assert Place.objects.count() == 0


def test_a_lone_surrogate_in_a_json_import_is_a_row_error_not_a_500(client, editor):
    data = (
        '[{"name": "Bad\\ud800", "kind": "city", "country": "DE", "latitude": 50, "longitude": 9}]'
    )
    status, _html = _upload(client, editor, data.encode(), name="p.json", fmt="2")
    assert status in (200, 400)
    assert Place.objects.count() == 0
