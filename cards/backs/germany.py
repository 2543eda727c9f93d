"""Card-back texts for German towns, built only from data: never invented.

Pure: no ORM. Each sentence states one fact from GeoNames (feature code: capital, district
town; municipality key: its district; height above sea level) or from Destatis' list of
districts (`landkreise-deutschland`), or one computed from coordinates and populations
(distance and direction to the nearest bigger city, largest town of its district). See
`cards/data/README.md`. A text never exceeds the card's 160 characters: the least important
sentences are left out until it fits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cards.gazetteer.facts import Kreis, PlaceFacts, distance_km, kreise, place_facts
from cards.gazetteer.places import GazetteerPlace

MAX_LENGTH = 160
BIG_CITY = 100_000  # a "Großstadt": the reference for distances

STATES_EN: dict[str, str] = {
    "Baden-Württemberg": "Baden-Württemberg",
    "Bayern": "Bavaria",
    "Berlin": "Berlin",
    "Brandenburg": "Brandenburg",
    "Bremen": "Bremen",
    "Hamburg": "Hamburg",
    "Hessen": "Hesse",
    "Mecklenburg-Vorpommern": "Mecklenburg-Western Pomerania",
    "Niedersachsen": "Lower Saxony",
    "Nordrhein-Westfalen": "North Rhine-Westphalia",
    "Rheinland-Pfalz": "Rhineland-Palatinate",
    "Saarland": "Saarland",
    "Sachsen": "Saxony",
    "Sachsen-Anhalt": "Saxony-Anhalt",
    "Schleswig-Holstein": "Schleswig-Holstein",
    "Thüringen": "Thuringia",
}

# English names of the big cities the texts measure from, where English has its own.
NAMES_EN: dict[str, str] = {
    "München": "Munich",
    "Köln": "Cologne",
    "Nürnberg": "Nuremberg",
    "Hannover": "Hanover",
    "Braunschweig": "Brunswick",
}

# Eight compass points, clockwise from north.
DIRECTIONS_DE = (
    "nördlich",
    "nordöstlich",
    "östlich",
    "südöstlich",
    "südlich",
    "südwestlich",
    "westlich",
    "nordwestlich",
)
DIRECTIONS_EN = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)


@dataclass(frozen=True)
class Back:
    de: str
    en: str


def direction_index(from_lat: float, from_lon: float, to_lat: float, to_lon: float) -> int:
    """Compass point (0 = north, clockwise, 8 points) of `to` seen from `from`."""
    dy = to_lat - from_lat
    dx = (to_lon - from_lon) * math.cos(math.radians((from_lat + to_lat) / 2))
    bearing = math.degrees(math.atan2(dx, dy)) % 360
    return int((bearing + 22.5) // 45) % 8


def _km(a: GazetteerPlace, b: GazetteerPlace) -> float:
    return distance_km(a.latitude, a.longitude, b.latitude, b.longitude)


def _where(kreis: Kreis) -> str:
    """'im Landkreis Stade', 'in der Region Hannover'."""
    title = kreis.title("de")
    return f"in der {title}" if title.startswith(("Region", "Städteregion")) else f"im {title}"


def _role(
    place: GazetteerPlace, facts: PlaceFacts | None, kreis: Kreis | None, largest: bool
) -> tuple[str, str] | None:
    state_en = STATES_EN.get(place.state, place.state)
    if facts is not None and facts.feature == "PPLC":
        return "Hauptstadt Deutschlands.", "Capital of Germany."
    if place.state and place.name == place.state:
        return "Stadtstaat.", "A city state."
    if facts is not None and facts.feature == "PPLA":
        return f"Landeshauptstadt von {place.state}.", f"Capital of {state_en}."
    if kreis is None:
        return None
    if kreis.is_city and kreis.short_name.split(" ")[0] == place.name.split(" ")[0]:
        return "Kreisfreie Stadt.", "An independent city, part of no district."
    seat = facts is not None and facts.feature == "PPLA3" and not kreis.is_city
    where, title_en = _where(kreis), kreis.title("en")
    if seat and largest:
        return (
            f"Kreisstadt und größte Stadt {where}.",
            f"District town and largest town of {title_en}.",
        )
    if seat:
        return f"Kreisstadt {where}.", f"District town of {title_en}."
    if largest and not kreis.is_city:
        return f"Größte Stadt {where}.", f"Largest town of {title_en}."
    return None


def _neighbour(place: GazetteerPlace, bigger: Sequence[GazetteerPlace]) -> tuple[str, str] | None:
    candidates = [b for b in bigger if b.population > place.population]
    if not candidates:
        return None
    near = min(candidates, key=lambda b: _km(place, b))
    km = round(_km(place, near))
    if km < 1:
        return None
    i = direction_index(near.latitude, near.longitude, place.latitude, place.longitude)
    name_en = near.name_en or NAMES_EN.get(near.name, near.name)
    return (
        f"{km} km {DIRECTIONS_DE[i]} von {near.name}.",
        f"{km} km {DIRECTIONS_EN[i]} of {name_en}.",
    )


def height_sentence(metres: int | None) -> tuple[str, str] | None:
    """The height above sea level in German and English (every card back's wording), or None
    when GeoNames gives none."""
    if metres is None:
        return None
    return f"Liegt {metres} m über dem Meeresspiegel.", f"{metres} m above sea level."


def fit_sentences(sentences: list[tuple[str, str]]) -> Back:
    """Join the sentences, dropping the last ones until both languages fit on the card."""
    while sentences:
        de = " ".join(s[0] for s in sentences)
        en = " ".join(s[1] for s in sentences)
        if len(de) <= MAX_LENGTH and len(en) <= MAX_LENGTH:
            return Back(de, en)
        sentences = sentences[:-1]
    return Back("", "")


def describe(
    places: Sequence[GazetteerPlace], reference: Sequence[GazetteerPlace] | None = None
) -> dict[int, Back]:
    """Card-back texts for `places`, by GeoNames id.

    `reference` is every German town the facts compare with (the largest of a district, the
    nearest bigger city); by default the places themselves.
    """
    reference = places if reference is None else reference
    facts = place_facts()
    districts = kreise()
    largest: dict[str, int] = {}
    for town in reference:
        f = facts.get(town.geonames_id)
        if f is not None and f.district_key:
            largest[f.district_key] = max(largest.get(f.district_key, 0), town.population)
    bigger = [town for town in reference if town.population >= BIG_CITY]

    backs: dict[int, Back] = {}
    for place in places:
        f = facts.get(place.geonames_id)
        kreis = districts.get(f.district_key) if f is not None else None
        is_largest = kreis is not None and largest.get(kreis.key) == place.population
        sentences = [
            sentence
            for sentence in (
                _role(place, f, kreis, is_largest),
                _neighbour(place, bigger),
                height_sentence(f.elevation if f else None),
            )
            if sentence is not None
        ]
        backs[place.geonames_id] = fit_sentences(sentences)
    return backs
