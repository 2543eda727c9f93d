"""Finding a place that is already in the card database: by gazetteer id, or by name nearby.

Used by the place form and the API (refuse a second copy, with a link to the first) and by
the imports (match a row to the place it describes and update it).
"""

from __future__ import annotations

import math

from django.db.models import Q

from cards.gazetteer.facts import distance_km
from cards.gazetteer.names import fold
from cards.models import Place

# Two places of the same name closer than this are one place entered twice (a town's centre
# moves by a few hundred metres between sources; same-named villages lie further apart).
SAME_PLACE_KM = 2.0


def same_gazetteer_id(geonames_id: int | None, exclude_pk: int | None = None) -> Place | None:
    if not geonames_id:
        return None
    return Place.objects.filter(geonames_id=geonames_id).exclude(pk=exclude_pk).first()


def same_name_nearby(
    name: str,
    latitude: float | None,
    longitude: float | None,
    exclude_pk: int | None = None,
    state: str | None = None,
) -> Place | None:
    """A place called `name` (German or English, ignoring case and umlaut spelling) within
    SAME_PLACE_KM of the point; with `state`, only one in that state (or without one)."""
    key = fold(name.strip())
    if not key or latitude is None or longitude is None:
        return None
    # A bounding box first, so that the database does the coarse work.
    dlat = SAME_PLACE_KM / 111.0
    dlon = dlat / max(math.cos(math.radians(latitude)), 0.01)
    nearby = Place.objects.filter(
        latitude__range=(latitude - dlat, latitude + dlat),
        longitude__range=(longitude - dlon, longitude + dlon),
    ).exclude(pk=exclude_pk)
    if state:
        nearby = nearby.filter(Q(state=state) | Q(state=""))
    for place in nearby.order_by("id"):
        if key not in (fold(place.name), fold(place.name_en)):
            continue
        if distance_km(latitude, longitude, place.latitude, place.longitude) <= SAME_PLACE_KM:
            return place
    return None


def existing_place(
    *,
    name: str,
    latitude: float | None,
    longitude: float | None,
    geonames_id: int | None = None,
    state: str | None = None,
    exclude_pk: int | None = None,
) -> Place | None:
    """The place this describes, if the database has it: by gazetteer id, then by name nearby."""
    return same_gazetteer_id(geonames_id, exclude_pk) or same_name_nearby(
        name, latitude, longitude, exclude_pk, state
    )
