from __future__ import annotations

from types import SimpleNamespace

import pytest
from geopy import exc
from geopy.extra import rate_limiter

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
    FakeNominatim.calls = []
    return FakeNominatim


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


def test_a_settings_change_starts_a_fresh_rate_limiter(nominatim, monkeypatch, settings):
    """Nominatim's one request a second is kept per agent and timeout; changed settings start
    afresh with the geocoder then configured, without waiting for the old one's second."""
    clock, waits = [1000.0], []

    def sleep(seconds):  # the limiter's clock moves only when it sleeps
        waits.append(seconds)
        clock[0] += seconds

    monkeypatch.setattr(rate_limiter, "default_timer", lambda: clock[0])
    monkeypatch.setattr(rate_limiter, "sleep", sleep)
    nominatim.answer = None
    geocoding.geocode("Herne")
    geocoding.geocode("Bochum")  # the same limiter: it waits out the second
    assert waits == [geocoding.MIN_DELAY_SECONDS]
    settings.GEOCODING_TIMEOUT = 3  # set again: an override, as a test's or a reload's
    geocoding.geocode("Witten")
    assert len(waits) == 1
    assert [query for _agent, _timeout, query, _options in nominatim.calls] == [
        "Herne",
        "Bochum",
        "Witten",
    ]


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
