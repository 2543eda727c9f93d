"""Card-back texts of the Germany starter deck: short, from data, never over an editor's."""

from __future__ import annotations

import pytest

from cards import starter
from cards.backs.germany import MAX_LENGTH, describe, direction_index, height_sentence
from cards.backs.world import describe_world
from cards.gazetteer.facts import place_facts
from cards.gazetteer.places import german_places
from cards.gazetteer.world import town_facts, world_places
from cards.models import Place


@pytest.fixture(scope="module")
def backs():
    return describe(german_places(starter.GERMANY_MIN_POPULATION), reference=german_places(0))


@pytest.fixture(scope="module")
def by_name():
    return {p.name: p for p in german_places(starter.GERMANY_MIN_POPULATION)}


def _back(backs, by_name, name):
    return backs[by_name[name].geonames_id]


def test_every_starter_card_gets_both_texts_that_fit(backs, by_name):
    assert len(backs) == len(german_places(starter.GERMANY_MIN_POPULATION))
    for back in backs.values():
        assert 20 <= len(back.de) <= MAX_LENGTH
        assert 10 <= len(back.en) <= MAX_LENGTH


@pytest.mark.parametrize(
    ("name", "german", "english"),
    [
        ("Berlin", "Hauptstadt Deutschlands.", "Capital of Germany."),
        ("Hannover", "Landeshauptstadt von Niedersachsen.", "Capital of Lower Saxony."),
        ("Stade", "Kreisstadt und größte Stadt im Landkreis Stade.", "of the Stade district"),
        ("Fürth", "Kreisfreie Stadt.", "An independent city"),
        ("Garbsen", "nordwestlich von Hannover", "north-west of Hanover"),
    ],
)
def test_the_texts_state_facts_from_the_data(backs, by_name, name, german, english):
    back = _back(backs, by_name, name)
    assert german in back.de
    assert english in back.en


def test_the_height_is_geonames_own(backs, by_name):
    stade = by_name["Stade"]
    metres = place_facts()[stade.geonames_id].elevation
    assert f"Liegt {metres} m über dem Meeresspiegel." in backs[stade.geonames_id].de
    assert f"{metres} m above sea level." in backs[stade.geonames_id].en


def test_a_back_outside_germany_states_the_height_in_the_same_words():
    towns = world_places("AT", 100_000)
    graz = next(t for t in towns if t.name == "Graz")
    metres = town_facts()[graz.geonames_id].elevation
    back = describe_world(towns)[graz.geonames_id]
    german, english = height_sentence(metres)
    assert german in back.de
    assert english in back.en
    assert height_sentence(None) is None


def test_the_nearest_bigger_city_is_nearest_and_bigger(backs, by_name):
    # Stade (45,000) lies 35 km west of Hamburg: the nearest city of 100,000+ bigger than it.
    assert "35 km westlich von Hamburg." in _back(backs, by_name, "Stade").de
    # Berlin is the biggest: no city to measure from.
    assert "km" not in _back(backs, by_name, "Berlin").de


def test_compass_points():
    assert direction_index(50, 10, 51, 10) == 0  # north
    assert direction_index(50, 10, 50, 11) == 2  # east
    assert direction_index(50, 10, 49, 9) == 5  # south-west
    assert direction_index(50, 10, 50.5, 9.2) == 7  # north-west


@pytest.mark.django_db
def test_the_starter_deck_writes_texts_but_never_over_an_editors(by_name):
    stade = by_name["Stade"]
    Place.objects.create(
        name="Stade",
        country="DE",
        state="Niedersachsen",
        description="Hansestadt an der Schwinge.",
        latitude=stade.latitude,
        longitude=stade.longitude,
        geonames_id=stade.geonames_id,
    )
    deck, _result = starter.germany_deck()
    described = deck.places.exclude(description="").exclude(description_en="").count()
    assert described == deck.cards.count()
    assert Place.objects.get(name="Stade").description == "Hansestadt an der Schwinge."
    hamburg = Place.objects.get(name="Hamburg")
    hamburg.description_en = "Germany's biggest port."
    hamburg.save()
    starter.germany_deck()
    hamburg.refresh_from_db()
    assert hamburg.description_en == "Germany's biggest port."
    assert hamburg.description.startswith("Stadtstaat.")
    stade = Place.objects.get(name="Stade")
    assert stade.description == "Hansestadt an der Schwinge."
    assert stade.description_en.startswith("District town")
