"""The API's grid editions: "grids" on every place, /api/locate/?edition=."""

from __future__ import annotations

import pytest

from cards.grids.models import GridEdition
from cards.models import Place
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def austria() -> GridEdition:
    return GridEdition.objects.create(
        slug="austria", name="Österreich", country="AT", west=9.37, east=17.3, north=49.06,
        south=46.33, ns_max=50, we_max=80,
    )  # fmt: skip


def test_each_place_lists_the_grid_editions_that_hold_it(teacher, austria, berlin):
    salzburg = Place.objects.create(
        name="Salzburg", country="AT", latitude=47.7994, longitude=13.044, population=150_000
    )
    api = api_client_for(teacher)
    by_name = {p["name"]: p for p in api.get("/api/places/").json()["results"]}
    assert by_name["Salzburg"]["grids"] == [{"edition": "austria", "ns": 23, "we": 37}]
    assert by_name["Salzburg"]["germany"] is None
    berlin_json = by_name["Berlin"]
    assert berlin_json["germany"] == {"ns": 50, "we": 74}
    assert berlin_json["grids"] == [{"edition": "germany", "ns": 50, "we": 74}]
    detail = api.get(f"/api/places/{salzburg.pk}/").json()
    assert detail["grids"] == [{"edition": "austria", "ns": 23, "we": 37}]


def test_locate_takes_a_grid_edition(teacher, austria):
    api = api_client_for(teacher)
    vienna = api.get("/api/locate/", {"lat": 48.2085, "lon": 16.3721, "edition": "austria"})
    assert vienna.status_code == 200
    assert vienna.json()["grid"] == {"edition": "austria", "ns": 16, "we": 71}
    assert vienna.json()["germany"] is None and vienna.json()["world"]["board"] == "EU"
    munich = api.get("/api/locate/", {"lat": 48.137, "lon": 11.575, "edition": "austria"})
    assert munich.json()["grid"] is None
    plain = api.get("/api/locate/", {"lat": 48.2085, "lon": 16.3721}).json()
    assert "grid" not in plain


def test_locate_refuses_an_unknown_edition(teacher):
    response = api_client_for(teacher).get(
        "/api/locate/", {"lat": 48.2, "lon": 16.4, "edition": "atlantis"}
    )
    assert response.status_code == 400
    assert response.json() == {"detail": "There is no grid edition 'atlantis'."}


def test_the_place_forms_preview_lists_the_grid_editions(editor, austria):
    response = api_client_for(editor).post(
        "/api/places/preview/", {"latitude": 47.7994, "longitude": 13.044, "country": "AT"},
        format="json",
    )  # fmt: skip
    assert response.status_code == 200
    assert response.json()["grids"] == [{"edition": "austria", "ns": 23, "we": 37}]


def test_decks_name_their_grid_edition_and_refuse_a_mismatch(editor, austria):
    api = api_client_for(editor)
    created = api.post(
        "/api/decks/", {"slug": "at", "name": "AT", "edition": "grid", "grid": "austria"},
        format="json",
    )  # fmt: skip
    assert created.status_code == 201, created.json()
    assert api.get("/api/decks/at/").json()["grid"] == "austria"
    missing = api.post(
        "/api/decks/",
        {"slug": "x", "name": "X", "edition": "grid"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert missing.status_code == 400 and "needs its grid edition" in str(missing.json())
    world = api.post(
        "/api/decks/", {"slug": "w", "name": "W", "edition": "world", "grid": "austria"},
        format="json", HTTP_ACCEPT_LANGUAGE="en",
    )  # fmt: skip
    assert world.status_code == 400 and "Only grid-edition decks" in str(world.json())
