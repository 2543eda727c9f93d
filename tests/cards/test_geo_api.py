from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(teacher) -> APIClient:
    api = APIClient()
    api.force_authenticate(teacher)
    return api


def test_it_locates_berlin(api):
    response = api.get("/api/locate/", {"lat": "52.52", "lon": "13.405"})
    assert response.status_code == 200
    assert response.json() == {
        "germany": {"ns": 50, "we": 74},
        "world": {"board": "EU", "solutions": ["EU-M-M-C"]},
    }


def test_it_answers_null_outside_germany_and_at_sea(api):
    assert api.get("/api/locate/", {"lat": 48.857, "lon": 2.352}).json()["germany"] is None
    assert api.get("/api/locate/", {"lat": 30, "lon": -40}).json() == {
        "germany": None,
        "world": None,
    }


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"lon": "13"}, "'lat' is required"),
        ({"lat": "52"}, "'lon' is required"),
        ({"lat": "north", "lon": "13"}, "must be a number"),
        ({"lat": "91", "lon": "13"}, "between -90 and 90"),
        ({"lat": "52", "lon": "-180.5"}, "between -180 and 180"),
        ({"lat": "nan", "lon": "13"}, "between -90 and 90"),
    ],
)
def test_it_rejects_bad_input_with_a_message(api, params, message):
    response = api.get("/api/locate/", params)
    assert response.status_code == 400
    assert message in response.json()["detail"]


@pytest.mark.parametrize(
    "url", ["/api/locate/?lat=52&lon=13", "/api/maps/germany.svg", "/api/maps/board/EU.svg"]
)
def test_it_requires_a_login_and_a_role(url, student):
    assert APIClient().get(url).status_code in (401, 403)
    no_role = APIClient()
    no_role.force_authenticate(student)
    assert no_role.get(url).status_code == 403


def test_the_schema_documents_locate(api):
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    operation = response.json()["paths"]["/api/locate/"]["get"]
    assert {p["name"] for p in operation["parameters"]} >= {"lat", "lon"}
    assert "400" in operation["responses"]


def test_it_serves_the_germany_map_as_svg(api):
    response = api.get("/api/maps/germany.svg", {"lat": 52.52, "lon": 13.405})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    root = ET.fromstring(response.content)
    assert root.tag.endswith("svg")


def test_it_serves_a_board_with_the_solution_highlighted(api):
    response = api.get("/api/maps/board/eu.svg", {"lat": 52.52, "lon": 13.405})
    assert response.status_code == 200
    ET.fromstring(response.content)
    assert api.get("/api/maps/board/XX.svg").status_code == 404
    assert api.get("/api/maps/board/EU.svg", {"lat": 52.52}).status_code == 400
