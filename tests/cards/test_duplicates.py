"""No second copy of a place: the form, the API, the CSV import and the gazetteer import."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards.gazetteer.places import german_places
from cards.imports.gazetteer import import_places
from cards.models import Place
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db

ADD = "/admin/cards/place/add/"
FRANKFURT_ID = 2925533  # Frankfurt am Main


def _form(**values: str) -> dict[str, str]:
    data = {
        "name": "Frankfurt am Main",
        "name_en": "",
        "kind": "city",
        "country": "DE",
        "state": "Hessen",
        "description": "",
        "description_en": "",
        "population": "",
        "population_source": "",
        "population_year": "",
        "latitude": "50.11",
        "longitude": "8.68",
        "geometry": "null",
        "stated_latitude": "",
        "stated_longitude": "",
        "board_override": "",
        "solutions_override": "",
        "gazetteer_id": "",
    }
    data.update(values)
    return data


@pytest.fixture
def frankfurt(db) -> Place:
    return Place.objects.create(
        name="Frankfurt am Main",
        country="DE",
        state="Hessen",
        latitude=50.11552,
        longitude=8.68417,
        geonames_id=FRANKFURT_ID,
    )


def test_the_lookup_gives_the_gazetteer_id_and_both_names(editor):
    hits = api_client_for(editor).get("/api/gazetteer/?q=Munich").json()["results"]
    munich = next(h for h in hits if h["name"] == "München")
    assert munich["name_en"] == "Munich"
    assert munich["geonames_id"] == 2867714
    hits = api_client_for(editor).get("/api/gazetteer/?q=Frankfurt").json()["results"]
    assert {h["name_en"] for h in hits} >= {"Frankfurt am Main"}


def test_the_form_saves_the_gazetteer_id(client, editor):
    client.force_login(editor)
    response = client.post(ADD, _form(gazetteer_id=str(FRANKFURT_ID)))
    assert response.status_code == 302
    assert Place.objects.get().geonames_id == FRANKFURT_ID


def test_the_same_gazetteer_place_twice_is_refused_with_a_link(client, editor, frankfurt):
    client.force_login(editor)
    response = client.post(
        ADD,
        _form(name="Frankfurt", latitude="50.2", gazetteer_id=str(FRANKFURT_ID)),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    html = response.content.decode()
    assert "already in the card database" in html
    assert f'href="/admin/cards/place/{frankfurt.pk}/change/"' in html
    assert Place.objects.count() == 1


def test_the_same_name_within_two_km_is_refused_unless_the_editor_insists(
    client, editor, frankfurt
):
    client.force_login(editor)
    response = client.post(ADD, _form(name="frankfurt AM MAIN"), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert "within 2 km" in html
    assert f'href="/admin/cards/place/{frankfurt.pk}/change/"' in html
    assert Place.objects.count() == 1
    response = client.post(ADD, _form(not_a_duplicate="on"))
    assert response.status_code == 302
    assert Place.objects.count() == 2


def test_the_same_name_far_away_is_a_different_place(client, editor, frankfurt):
    client.force_login(editor)
    response = client.post(ADD, _form(latitude="50.3"))  # 21 km north
    assert response.status_code == 302


def test_the_api_refuses_a_duplicate_too(editor, frankfurt):
    client = api_client_for(editor)
    body = {
        "name": "Frankfurt am Main",
        "country": "DE",
        "latitude": 50.111,
        "longitude": 8.681,
    }
    response = client.post("/api/places/", body, format="json")
    assert response.status_code == 400
    assert response.json()["existing"] == [str(frankfurt.pk)]
    response = client.post("/api/places/", {**body, "allow_duplicate": True}, format="json")
    assert response.status_code == 201


def test_a_csv_import_updates_places_already_there(client, editor):
    weimar = Place.objects.create(
        name="Weimar", country="DE", state="Thüringen", latitude=50.9803, longitude=11.3290
    )
    gotha = Place.objects.create(
        name="Gotha",
        country="DE",
        state="Thüringen",
        latitude=50.9489,
        longitude=10.7018,
        geonames_id=2918752,
    )
    client.force_login(editor)
    csv = (
        "name,kind,country,state,latitude,longitude,population,geonames_id\n"
        "Weimar,city,DE,Thüringen,50.9795,11.3235,65000,\n"
        "Gotha,city,DE,Thüringen,50.95,10.70,45000,2918752\n"
    )
    response = client.post(
        "/admin/cards/place/import/",
        {"format": "0", "import_file": SimpleUploadedFile("p.csv", csv.encode())},
    )
    html = response.content.decode()
    assert html.count('<tr class="update">') == 2
    assert '<tr class="new">' not in html

    form = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
    form.pop("csrfmiddlewaretoken", None)
    client.post("/admin/cards/place/process_import/", form)
    assert Place.objects.count() == 2
    weimar.refresh_from_db()
    gotha.refresh_from_db()
    assert (weimar.population, gotha.population) == (65000, 45000)


def test_the_gazetteer_import_adopts_a_place_an_editor_made(db):
    hand_made = Place.objects.create(
        name="Weimar",
        country="DE",
        state="Thüringen",
        description="Stadt der Klassik.",
        latitude=50.98,
        longitude=11.33,
    )
    weimar = [p for p in german_places(50_000) if p.name == "Weimar"]
    result = import_places(weimar)
    assert (result.created, result.updated) == (0, 1)
    hand_made.refresh_from_db()
    assert hand_made.geonames_id == weimar[0].geonames_id
    assert hand_made.population == weimar[0].population  # was empty: filled
    assert hand_made.latitude == 50.98  # the editor's value stays
    assert import_places(weimar).created == 0
    hand_made.refresh_from_db()
    assert hand_made.latitude == 50.98


def test_an_existing_twin_can_still_be_edited_without_ticking_again(client, editor, frankfurt):
    twin = Place.objects.create(
        name="Frankfurt am Main", country="DE", state="Hessen", latitude=50.11, longitude=8.68
    )
    client.force_login(editor)
    response = client.post(
        f"/admin/cards/place/{twin.pk}/change/",
        _form(description="Zweiter Eintrag", latitude="50.11", longitude="8.68"),
    )
    assert response.status_code == 302
    response = api_client_for(editor).patch(
        f"/api/places/{twin.pk}/", {"description": "Noch einmal"}, format="json"
    )
    assert response.status_code == 200


def test_the_lookup_marks_hits_already_in_the_database(editor, frankfurt):
    hits = api_client_for(editor).get("/api/gazetteer/?q=Frankfurt").json()["results"]
    by_name = {h["name"]: h for h in hits}
    assert by_name["Frankfurt am Main"]["existing_id"] == frankfurt.pk
    assert by_name["Frankfurt (Oder)"]["existing_id"] is None
