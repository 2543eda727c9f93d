from __future__ import annotations

import pytest

from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


def test_frankfurt_offers_both_frankfurts(editor):
    response = api_client_for(editor).get("/api/gazetteer/?q=Frankfurt")
    assert response.status_code == 200
    hits = {hit["name"]: hit for hit in response.json()["results"]}
    assert hits["Frankfurt am Main"]["state"] == "Hessen"
    assert hits["Frankfurt (Oder)"]["state"] == "Brandenburg"
    assert hits["Frankfurt (Oder)"]["population"] > 50_000
    assert response.json()["online"] == {"enabled": False, "results": []}


def test_the_lookup_needs_two_letters(editor):
    response = api_client_for(editor).get("/api/gazetteer/?q=F", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "two letters" in response.json()["detail"]


def test_the_lookup_is_for_staff_only(student):
    assert api_client_for(None).get("/api/gazetteer/?q=Berlin").status_code in (401, 403)
    assert api_client_for(student).get("/api/gazetteer/?q=Berlin").status_code == 403


def test_online_geocoding_is_used_only_when_enabled(editor, settings, monkeypatch):
    from geo import geocoding

    calls = []

    def fake_geocode(query: str) -> list[dict]:
        calls.append(query)
        raise geocoding.GeocodingError("The geocoding service is not reachable (offline?).")

    monkeypatch.setattr(geocoding, "geocode", fake_geocode)
    settings.GEOCODING_ONLINE = True
    body = api_client_for(editor).get("/api/gazetteer/?q=Marburg").json()
    assert calls == ["Marburg"]
    assert body["online"]["error"].startswith("The geocoding service is not reachable")
    assert body["results"]  # the offline gazetteer still answers
