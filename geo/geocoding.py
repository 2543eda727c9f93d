"""Opt-in online geocoding through Nominatim (OpenStreetMap), for the admin's place look-up.

Off unless ``GEOCODING_ONLINE`` is set; the offline gazetteer is the default. Nominatim's usage
policy asks for at most one request per second and an identifying user agent: geopy's
``RateLimiter`` spaces the requests, ``GEOCODING_USER_AGENT`` names the installation.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from geopy import exc
from geopy.extra.rate_limiter import RateLimiter
from geopy.geocoders import Nominatim

MIN_DELAY_SECONDS = 1.0


class GeocodingError(Exception):
    """Online geocoding is off, unreachable, too slow or refused; the message says which."""


def online_enabled() -> bool:
    return bool(getattr(settings, "GEOCODING_ONLINE", False))


@cache
def _limited(user_agent: str, timeout: int) -> RateLimiter:
    geocoder = Nominatim(user_agent=user_agent, timeout=timeout)
    return RateLimiter(
        geocoder.geocode,
        min_delay_seconds=MIN_DELAY_SECONDS,
        max_retries=0,
        swallow_exceptions=False,
    )


@receiver(setting_changed)
def _geocoding_settings_changed(*, setting: str, **kwargs: object) -> None:
    # A rate limiter remembers when it last asked: one kept across a settings override (a
    # test's, or another installation's agent) would make the next request wait for the old
    # one's second, and keep asking the geocoder it was built with.
    if setting.startswith("GEOCODING_"):
        _limited.cache_clear()


def geocode(query: str, *, limit: int = 5, language: str = "de") -> list[dict]:
    """Candidates for ``query``: dicts with name, display_name, lat, lon, country (ISO2), kind."""
    query = query.strip()
    if not query:
        return []
    if not online_enabled():
        raise GeocodingError(
            "Online geocoding is switched off; set GEOCODING_ONLINE=1 to ask Nominatim."
        )
    timeout = settings.GEOCODING_TIMEOUT
    lookup = _limited(settings.GEOCODING_USER_AGENT, timeout)
    try:
        found = lookup(
            query, exactly_one=False, limit=limit, addressdetails=True, language=language
        )
    except exc.GeocoderTimedOut as error:
        message = f"Nominatim did not answer within {timeout} s; try again later."
        raise GeocodingError(message) from error
    except exc.GeocoderRateLimited as error:
        message = "Nominatim refused the request (rate limit); wait a minute."
        raise GeocodingError(message) from error
    except exc.GeocoderInsufficientPrivileges as error:
        message = "Nominatim refused the request; check GEOCODING_USER_AGENT."
        raise GeocodingError(message) from error
    except (exc.GeocoderUnavailable, exc.GeocoderServiceError, OSError) as error:
        raise GeocodingError(f"Nominatim is not reachable (offline?): {error}") from error
    return [_candidate(location) for location in found or []]


def _candidate(location) -> dict:
    raw = location.raw or {}
    address = raw.get("address") or {}
    return {
        "name": raw.get("name") or location.address.split(",")[0],
        "display_name": location.address,
        "lat": float(location.latitude),
        "lon": float(location.longitude),
        "country": (address.get("country_code") or "").upper(),
        "kind": "/".join(filter(None, (raw.get("class"), raw.get("type")))),
    }
