"""Districts by GeoNames' feature codes, common names instead of official titles, district data.

Pure modules, no database.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cards.gazetteer.data import german_records
from cards.gazetteer.facts import kreise, place_facts
from cards.gazetteer.names import TITLE_IS_THE_NAME, common_name
from cards.gazetteer.places import german_places


@pytest.fixture(scope="module")
def names() -> set[str]:
    return {p.name for p in german_places(0)}


def test_a_place_geonames_marks_as_a_district_is_kept_only_to_stand_for_its_municipality():
    facts = place_facts()
    kept = german_places(0)
    municipalities = Counter(
        facts[p.geonames_id].municipality for p in kept if p.geonames_id in facts
    )
    marked = [p for p in kept if (f := facts.get(p.geonames_id)) and f.feature == "PPLX"]
    assert {"Westerland", "Neuharlingersiel"} <= {p.name for p in marked}
    assert len(marked) < 12
    assert all(municipalities[facts[p.geonames_id].municipality] == 1 for p in marked)


def test_the_facts_cover_nearly_every_german_town():
    facts = place_facts()
    records = german_records()
    covered = sum(1 for r in records if r["geonameid"] in facts)
    assert covered / len(records) > 0.95


@pytest.mark.parametrize(
    "name",
    ["Misburg-Nord", "Neue Neustadt", "Opladen", "Ohligs", "Nieder-Ingelheim", "Lusan", "Buer"],
)
def test_it_drops_districts_the_old_rules_kept(names, name):
    assert name not in names


@pytest.mark.parametrize("name", ["Grünwald", "Neuried", "Putzbrunn", "Magdeburg", "Hannover"])
def test_it_keeps_municipalities_next_to_big_cities(names, name):
    # Seats of their own municipality (PPLA4) that the distance rules used to drop.
    assert name in names


@pytest.mark.parametrize(
    ("official", "common"),
    [
        ("Universitäts- und Hansestadt Greifswald", "Greifswald"),
        ("Hansestadt Stade", "Stade"),
        ("Hansestadt Salzwedel", "Salzwedel"),
        ("Isernhagen Farster Bauerschaft", "Isernhagen"),
        ("Kurort Oberwiesenthal", "Oberwiesenthal"),
    ],
)
def test_it_prints_common_names_not_official_titles(names, official, common):
    assert common in names
    assert official not in names


@pytest.mark.parametrize("name", sorted(TITLE_IS_THE_NAME))
def test_it_keeps_titles_that_are_the_name_people_use(names, name):
    assert name in names


def test_common_name_needs_the_short_form_attested():
    assert common_name("Hansestadt Stade", {"Stade"}) == "Stade"
    assert common_name("Hansestadt Stade", set()) == "Hansestadt Stade"
    assert common_name("Markt Schwaben", {"Schwaben"}) == "Markt Schwaben"
    assert common_name("Lutherstadt Wittenberg", {"Wittenberg"}) == "Lutherstadt Wittenberg"
    assert common_name("Stadtallendorf", {"Allendorf"}) == "Stadtallendorf"


def test_the_districts_table_names_every_district_of_a_town():
    table = kreise()
    assert len(table) == 401
    stade = table["03359"]
    assert (stade.title("de"), stade.title("en")) == ("Landkreis Stade", "the Stade district")
    assert table["03241"].title("de") == "Region Hannover"
    assert table["01002"].short_name == "Kiel"
    facts = place_facts()
    keys = {f.district_key for p in german_places(20_000) if (f := facts.get(p.geonames_id))}
    assert keys <= set(table)
