from __future__ import annotations

import pytest
from django.core.management import call_command

from cards import starter
from cards.models import Deck, Place

pytestmark = pytest.mark.django_db

ENTRIES = [
    {
        "key": "nile",
        "name_de": "Nil",
        "name_en": "Nile",
        "kind": "river",
        "country": "",
        "latitude": 15.6,
        "longitude": 32.5,
        "population": None,
        "colour": "orange",
        "board": "AF",
        "description_de": "Längster Fluss.",
        "description_en": "Longest river.",
        "stated_point": None,
        "geometry": {"type": "LineString", "coordinates": [[31.2, 30.0], [32.5, 15.6]]},
    },
    {
        "key": "berlin",
        "name_de": "Berlin",
        "name_en": "Berlin",
        "kind": "city",
        "country": "DE",
        "latitude": 52.52437,
        "longitude": 13.41053,
        "population": 3426354,
        "population_source": "GeoNames",
        "geonames_id": 2950159,
        "colour": "yellow",
        "board": "EU",
        "description_de": "",
        "description_en": "Capital of Germany.",
        "stated_point": None,
        "geometry": None,
    },
]


def test_the_world_deck_loads_and_reloads_without_duplicates(berlin):
    berlin.geonames_id = 2950159
    berlin.save()
    deck, first = starter.world_deck(ENTRIES)
    assert (first.created, first.updated, first.cards_added) == (1, 1, 2)
    berlin.refresh_from_db()
    assert berlin.description == "Hauptstadt Deutschlands an der Spree."  # kept
    assert berlin.description_en == "Capital of Germany."  # filled in
    nile = Place.objects.get(name="Nil")
    assert nile.board_override == "AF" and nile.world_location().board == "AF"
    _, again = starter.world_deck(ENTRIES)
    assert (again.created, again.updated, again.cards_added) == (0, 0, 0)
    assert deck.cards.count() == 2
    assert dict(deck.cards.values_list("place__name", "colour")) == {
        "Nil": "orange",
        "Berlin": "yellow",
    }


def test_load_starter_decks_builds_every_deck_and_is_idempotent():
    call_command("load_starter_decks", verbosity=0)
    germany, world = Deck.objects.get(slug="germany"), Deck.objects.get(slug="world")
    austria, switzerland = Deck.objects.get(slug="austria"), Deck.objects.get(slug="switzerland")
    assert germany.edition == "germany" and world.edition == "world"
    assert (austria.edition, austria.grid.slug, switzerland.grid.country) == (
        "grid",
        "austria",
        "CH",
    )
    assert 600 < germany.cards.count() < 800
    assert world.cards.count() == 224
    assert 120 < austria.cards.count() < 200 and 120 < switzerland.cards.count() < 200
    places = Place.objects.count()
    call_command("load_starter_decks", verbosity=0)
    assert Place.objects.count() == places
    assert world.cards.count() == 224
    assert Deck.objects.filter(edition="grid").count() == 2
    # The island deck the browser game plays with, printable: made once, an editor's renaming
    # kept on the second run.
    island = Deck.objects.get(slug="island")
    assert island.edition == "match" and island.match.order == 8
    assert island.match.cards.count() == 73 + 3  # the plane of order 8 and the score dials
    island.name = "Inselkarten"
    island.save()
    call_command("load_starter_decks", verbosity=0)
    assert Deck.objects.get(slug="island").name == "Inselkarten"
    munich = Place.objects.get(geonames_id=2867714)
    assert munich.name == "München" and munich.state == "Bayern"
