from __future__ import annotations

from types import SimpleNamespace

import pytest
from geopy import exc

from geo import geocoding


class FakeNominatim:
    calls: list = []
    answer: object = None

    def __init__(self, user_agent: str, timeout: int):
        self.user_agent = user_agent
        self.timeout = timeout

    def geocode(self, query, **options):
        FakeNominatim.calls.append((self.user_agent, self.timeout, query, options))
        if isinstance(FakeNominatim.answer, Exception):
            raise FakeNominatim.answer
        return FakeNominatim.answer


@pytest.fixture
def nominatim(monkeypatch, settings):
    settings.GEOCODING_ONLINE = True
    settings.GEOCODING_USER_AGENT = "spot-on-test"
    settings.GEOCODING_TIMEOUT = 3
    monkeypatch.setattr(geocoding, "Nominatim", FakeNominatim)
    geocoding._limited.cache_clear()
    FakeNominatim.calls = []
    yield FakeNominatim
    geocoding._limited.cache_clear()


def test_it_is_off_by_default(settings):
    settings.GEOCODING_ONLINE = False
    with pytest.raises(geocoding.GeocodingError, match="switched off"):
        geocoding.geocode("Wanne-Eickel")


def test_it_asks_nominatim_with_the_configured_agent_and_timeout(nominatim):
    nominatim.answer = [
        SimpleNamespace(
            address="Wanne-Eickel, Herne, Nordrhein-Westfalen, Deutschland",
            latitude=51.53,
            longitude=7.16,
            raw={
                "name": "Wanne-Eickel",
                "class": "place",
                "type": "suburb",
                "address": {"country_code": "de"},
            },
        )
    ]
    assert geocoding.geocode(" Wanne-Eickel ") == [
        {
            "name": "Wanne-Eickel",
            "display_name": "Wanne-Eickel, Herne, Nordrhein-Westfalen, Deutschland",
            "lat": 51.53,
            "lon": 7.16,
            "country": "DE",
            "kind": "place/suburb",
        }
    ]
    (agent, timeout, query, options) = nominatim.calls[0]
    assert (agent, timeout, query) == ("spot-on-test", 3, "Wanne-Eickel")
    assert options["exactly_one"] is False


def test_no_match_is_an_empty_list(nominatim):
    nominatim.answer = None
    assert geocoding.geocode("Xyzzy") == []
    assert geocoding.geocode("  ") == []


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (exc.GeocoderTimedOut("slow"), "did not answer within 3 s"),
        (exc.GeocoderRateLimited("429"), "rate limit"),
        (exc.GeocoderUnavailable("no route"), "not reachable"),
        (exc.GeocoderInsufficientPrivileges("403"), "GEOCODING_USER_AGENT"),
    ],
)
def test_failures_become_clear_errors(nominatim, error, message):
    nominatim.answer = error
    with pytest.raises(geocoding.GeocodingError, match=message):
        geocoding.geocode("Berlin")
