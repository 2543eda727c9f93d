"""Card-back texts for towns outside Germany, built only from data: never invented.

Pure: no ORM. The sentences, German and English, each from one fact (see
`cards/data/README.md`): capital of the country or of its first-level region (GeoNames
feature codes `PPLC`, `PPLA`), largest town of its region (GeoNames populations), distance and
8-point direction to the region's capital (else its largest town; for those, the country's
capital; great circle, GeoNames coordinates), height above sea level (GeoNames, surveyed or
SRTM). Like Germany's backs, a text never exceeds the card's 160 characters: the least
important sentences go first.
"""

from __future__ import annotations

from collections.abc import Sequence

from cards.backs.germany import (
    DIRECTIONS_DE,
    DIRECTIONS_EN,
    Back,
    direction_index,
    fit_sentences,
    height_sentence,
)
from cards.gazetteer.countries import country_name
from cards.gazetteer.facts import distance_km
from cards.gazetteer.places import GazetteerPlace
from cards.gazetteer.world import CAPITAL, REGION_SEAT, TownFacts, region_name, town_facts


def _admin1(place: GazetteerPlace, facts: TownFacts | None) -> str:
    return facts.admin.split(".")[0] if facts is not None and facts.admin else ""


def _role(
    place: GazetteerPlace, facts: TownFacts | None, largest: bool, region: tuple[str, str]
) -> tuple[str, str] | None:
    de, en = region
    if facts is not None and facts.feature == CAPITAL:
        country = (country_name(place.country, "de"), country_name(place.country, "en"))
        return f"Hauptstadt von {country[0]}.", f"Capital of {country[1]}."
    if not de:
        return None
    if facts is not None and facts.feature == REGION_SEAT:
        if de == place.name:
            return "Hauptstadt der gleichnamigen Region.", "Capital of the region of its name."
        return f"Hauptstadt von {de}.", f"Capital of {en}."
    if largest:
        return f"Größte Stadt von {de}.", f"Largest town of {en}."
    return None


def _towards(place: GazetteerPlace, other: GazetteerPlace | None) -> tuple[str, str] | None:
    if other is None or other.geonames_id == place.geonames_id:
        return None
    km = round(distance_km(place.latitude, place.longitude, other.latitude, other.longitude))
    if km < 1:
        return None
    i = direction_index(other.latitude, other.longitude, place.latitude, place.longitude)
    return (
        f"{km} km {DIRECTIONS_DE[i]} von {other.name}.",
        f"{km} km {DIRECTIONS_EN[i]} of {other.name_en or other.name}.",
    )


def describe_world(
    places: Sequence[GazetteerPlace], reference: Sequence[GazetteerPlace] | None = None
) -> dict[int, Back]:
    """Card-back texts for `places` (one country), by GeoNames id.

    `reference` is every town of the country the facts compare with (the capital, each
    region's largest town); by default the places themselves.
    """
    reference = places if reference is None else reference
    facts = town_facts()
    capital = next(
        (t for t in reference if (f := facts.get(t.geonames_id)) and f.feature == CAPITAL), None
    )
    largest: dict[str, GazetteerPlace] = {}
    seats: dict[str, GazetteerPlace] = {}  # the region's capital (the country's, if in it)
    for town in reference:
        f = facts.get(town.geonames_id)
        key = _admin1(town, f)
        if key and (key not in largest or town.population > largest[key].population):
            largest[key] = town
        seat = f is not None and f.feature in (CAPITAL, REGION_SEAT)
        if key and seat and (key not in seats or town.population > seats[key].population):
            seats[key] = town
    backs: dict[int, Back] = {}
    for place in places:
        f = facts.get(place.geonames_id)
        key = _admin1(place, f)
        biggest = largest.get(key) if key else None
        is_largest = biggest is not None and biggest.geonames_id == place.geonames_id
        region = (region_name(place.country, key), region_name(place.country, key, "en"))
        anchor = seats.get(key) or biggest
        towards = capital if anchor is None or anchor.geonames_id == place.geonames_id else anchor
        sentences = [
            sentence
            for sentence in (
                _role(place, f, is_largest, region),
                _towards(place, towards),
                height_sentence(f.elevation if f else None),
            )
            if sentence is not None
        ]
        backs[place.geonames_id] = fit_sentences(sentences)
    return backs
