"""The offline gazetteer: districts dropped, towns kept, proper German names, states, look-up.

Pure module, no database. Loading GeoNames takes a few seconds, once per test session.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cards.gazetteer import places as gazetteer
from cards.gazetteer.names import fold, german_name, loose_fold
from cards.gazetteer.places import GERMAN_STATES, german_places, search

# City districts GeoNames lists as places, from eight cities.
DISTRICTS = [
    "Wandsbek", "Altona", "Eimsbüttel", "Harburg", "Bergedorf",  # Hamburg
    "Neukölln", "Spandau", "Kreuzberg", "Charlottenburg", "Köpenick", "Marzahn",  # Berlin
    "Porz am Rhein", "Nippes", "Deutz", "Kalk",  # Köln
    "Bogenhausen", "Pasing",  # München
    "Stuttgart-Ost", "Niederrad", "Gallus",  # Stuttgart, Frankfurt
    "Düsseldorf-Pempelfort", "Wersten", "Hörde", "Vegesack", "Halle-Neustadt", "Gohlis",
]  # fmt: skip

# Independent towns, many of them right next to a much bigger city.
TOWNS = [
    "Fürth", "Offenbach am Main", "Neuss", "Potsdam", "Norderstedt", "Bergisch Gladbach",
    "Leverkusen", "Mülheim an der Ruhr", "Oberhausen", "Bremerhaven", "Langenhagen", "Hürth",
    "Fellbach", "Radebeul", "Erkrath", "Garching", "Unterhaching", "Markkleeberg",
    "Frankfurt (Oder)", "Berlin", "Hamburg", "Bremen",
]  # fmt: skip


@pytest.fixture(scope="module")
def by_name() -> dict[str, list[gazetteer.GazetteerPlace]]:
    result: dict[str, list[gazetteer.GazetteerPlace]] = {}
    for place in german_places(0):
        result.setdefault(place.name, []).append(place)
    return result


def _big(by_name, name: str, minimum: int = 15_000) -> list[gazetteer.GazetteerPlace]:
    return [p for p in by_name.get(name, []) if p.population >= minimum]


@pytest.mark.parametrize("name", DISTRICTS)
def test_it_drops_city_districts(by_name, name):
    assert _big(by_name, name) == []


@pytest.mark.parametrize("name", TOWNS)
def test_it_keeps_independent_towns(by_name, name):
    assert _big(by_name, name), f"{name} is missing"


def test_it_drops_nearly_all_of_berlin_and_hamburg(by_name):
    for state, city in (("Berlin", "Berlin"), ("Hamburg", "Hamburg")):
        names = {p.name for p in german_places(500) if p.state == state}
        assert names == {city}


@pytest.mark.parametrize(
    ("name", "geonames_name"),
    [
        ("Ibbenbüren", "Ibbenbueren"),
        ("Meißen", "Meissen"),
        ("München", "Munich"),
        ("Nürnberg", "Nuremberg"),
        ("Köln", "Köln"),
        ("Lutherstadt Eisleben", "Eisleben Lutherstadt"),
        ("Lutherstadt Wittenberg", "Wittenberg"),
        ("Mülheim an der Ruhr", "Mülheim"),
        ("Offenbach am Main", "Offenbach"),
        ("Halle (Saale)", "Halle (Saale)"),
        ("Frankfurt am Main", "Frankfurt am Main"),
        ("Lübbenau", "Lubnjow"),
    ],
)
def test_it_uses_proper_german_names(by_name, name, geonames_name):
    assert _big(by_name, name, 5_000), f"{name} ({geonames_name}) is missing"


@pytest.mark.parametrize("wrong", ["Ibbenbueren", "Meissen", "Munich", "Nuremberg", "Mülheim"])
def test_it_leaves_no_transliterations_or_exonyms(by_name, wrong):
    assert _big(by_name, wrong, 20_000) == []


def test_it_keeps_official_spellings_with_ss(by_name):
    assert _big(by_name, "Neuss") and _big(by_name, "Moers")


def test_it_keeps_english_names_aside(by_name):
    assert _big(by_name, "München")[0].name_en == "Munich"


@pytest.mark.parametrize(
    ("name", "state"),
    [
        ("München", "Bayern"),
        ("Köln", "Nordrhein-Westfalen"),
        ("Dresden", "Sachsen"),
        ("Halle (Saale)", "Sachsen-Anhalt"),
        ("Rostock", "Mecklenburg-Vorpommern"),
        ("Erfurt", "Thüringen"),
        ("Stuttgart", "Baden-Württemberg"),
        ("Kiel", "Schleswig-Holstein"),
        ("Saarbrücken", "Saarland"),
        ("Mainz", "Rheinland-Pfalz"),
        ("Frankfurt (Oder)", "Brandenburg"),
        ("Hannover", "Niedersachsen"),
    ],
)
def test_it_fills_the_state(by_name, name, state):
    assert _big(by_name, name)[0].state == state


def test_every_german_place_has_one_of_the_sixteen_states():
    assert len(GERMAN_STATES) == 16
    assert {p.state for p in german_places(500)} == set(GERMAN_STATES.values())


def test_min_population_filters_and_sorts():
    places = german_places(100_000)
    assert all(p.population >= 100_000 for p in places)
    assert [p.population for p in places] == sorted((p.population for p in places), reverse=True)
    assert 70 <= len(places) <= 90  # Germany has about 80 cities of 100,000+


def test_search_offers_both_frankfurts():
    names = [p.name for p in search("Frankfurt")]
    assert names[:2] == ["Frankfurt am Main", "Frankfurt (Oder)"]


@pytest.mark.parametrize("query", ["münchen", "MUENCHEN", "Munchen", "Munich", "ünche"])
def test_search_ignores_case_and_accents(query):
    assert search(query)[0].name == "München"


def test_search_puts_german_towns_first_then_the_world():
    results = search("Paris", limit=5)
    assert results[0].country == "FR" and results[0].state == "11"
    assert all(p.population > 0 for p in results)
    mixed = search("Bern", limit=300)
    countries = [p.country for p in mixed]
    assert countries[0] == "DE" and "CH" in countries
    assert countries.index("CH") > max(i for i, c in enumerate(countries) if c == "DE")


def test_search_handles_empty_and_unknown_queries():
    assert search("") == [] and search("   ") == []
    assert search("Xqzzyv") == []
    assert len(search("a", limit=3)) == 3


# The rules themselves, on names GeoNames does not have: no lookup tables involved.
@pytest.mark.parametrize(
    ("name", "alternates", "expected"),
    [
        ("Grossbruecken", {"Großbrücken", "Grossbrucken"}, "Großbrücken"),
        ("Uetersdorf", {"Ütersdorf"}, "Uetersdorf"),  # a leading Ue is how the town spells it
        ("Altdorf Hansestadt", {"Hansestadt Altdorf"}, "Altdorf Hansestadt"),
        ("Seedorf Lutherstadt", {"Lutherstadt Seedorf"}, "Lutherstadt Seedorf"),
        ("Bukecy", {"Bauzendorf/Bukecy"}, "Bauzendorf"),
    ],
)
def test_name_rules_are_general(name, alternates, expected):
    assert german_name(name, alternates)[0] == expected


def test_qualifiers_only_for_shared_names_and_known_landscapes():
    alternates = {"Felsberg an der Werra", "Felsberg (Hanovro)"}
    counts = {"werra": 3, "hanovro": 1}
    assert german_name("Felsberg", alternates, ambiguous=True, qualifiers=counts)[0] == (
        "Felsberg an der Werra"
    )
    assert german_name("Felsberg", alternates, ambiguous=False, qualifiers=counts)[0] == "Felsberg"
    only_rare = {"Felsberg (Hanovro)"}
    assert german_name("Felsberg", only_rare, ambiguous=True, qualifiers=counts)[0] == "Felsberg"


@given(st.text(alphabet="abcdeouäöüßAÖÜ -", max_size=20))
def test_fold_treats_umlauts_and_transliterations_alike(text):
    assert fold(text) == fold(text.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue"))
    assert loose_fold(text).isascii() and fold(text).isascii()
