"""Importing gazetteer places: idempotent, editors' changes survive, decks, the command."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from cards.gazetteer.places import GazetteerPlace
from cards.imports.gazetteer import import_places
from cards.models import Deck, DeckCard, Edition, Place

pytestmark = pytest.mark.django_db

BERLIN = GazetteerPlace(2950159, "Berlin", "DE", "Berlin", 52.52437, 13.41053, 3426354)
MUENCHEN = GazetteerPlace(2867714, "München", "DE", "Bayern", 48.13743, 11.57549, 1505005, "Munich")
LOHNE = GazetteerPlace(2877088, "Lohne (Oldenburg)", "DE", "Niedersachsen", 52.66625, 8.2375, 28089)
CAST = [BERLIN, MUENCHEN, LOHNE]


def test_it_creates_places_with_source_and_imported_values():
    result = import_places(CAST)
    assert (result.created, result.updated, result.unchanged) == (3, 0, 0)
    munich = Place.objects.get(geonames_id=MUENCHEN.geonames_id)
    assert (munich.name, munich.name_en, munich.state) == ("München", "Munich", "Bayern")
    assert munich.population_source == "GeoNames" and munich.population_year is None
    assert munich.imported_values["population"] == 1505005
    assert munich.history.count() == 1


def test_the_history_of_a_new_place_is_a_full_copy():
    import_places(CAST)
    munich = Place.objects.get(geonames_id=MUENCHEN.geonames_id)
    record = munich.history.get()
    assert (record.history_type, record.history_user, record.history_change_reason) == (
        "+",
        None,
        None,
    )
    assert record.history_date is not None
    for field in ("id", "name", "name_en", "state", "population", "latitude", "updated_at"):
        assert getattr(record, field) == getattr(munich, field), field
    assert record.imported_values == munich.imported_values
    assert record.instance.name == "München"


def test_running_twice_creates_no_duplicates():
    import_places(CAST)
    result = import_places(CAST)
    assert (result.created, result.updated, result.unchanged, result.kept_edits) == (0, 0, 3, 0)
    assert Place.objects.count() == 3


def test_it_updates_fields_nobody_edited():
    import_places(CAST)
    moved = GazetteerPlace(**{**BERLIN.__dict__, "population": 3_700_000})
    result = import_places([moved])
    assert (result.updated, result.kept_edits) == (1, 0)
    assert Place.objects.get(geonames_id=BERLIN.geonames_id).population == 3_700_000


def test_an_editors_change_survives_while_untouched_fields_update():
    import_places(CAST)
    place = Place.objects.get(geonames_id=MUENCHEN.geonames_id)
    place.name = "München (Landeshauptstadt)"
    place.population = 1_512_491
    place.save()
    # The source changes too: new coordinates and a new population figure.
    changed = GazetteerPlace(
        **{**MUENCHEN.__dict__, "latitude": 48.14, "population": 1_600_000, "state": "Bayern"}
    )
    result = import_places([changed])
    assert result.kept_edits == 1
    place.refresh_from_db()
    assert place.name == "München (Landeshauptstadt)"
    assert place.population == 1_512_491
    assert place.latitude == 48.14
    assert place.imported_values["population"] == 1_600_000
    # And again: still kept, nothing else to do.
    again = import_places([changed])
    assert (again.updated, again.unchanged, again.kept_edits) == (0, 1, 1)
    place.refresh_from_db()
    assert place.name == "München (Landeshauptstadt)"


def test_a_change_in_the_source_reaches_unedited_fields_only():
    import_places(CAST)
    place = Place.objects.get(geonames_id=LOHNE.geonames_id)
    place.state = "Oldenburg (Land)"  # an editor's change
    # Simulate an earlier import that wrote other values for name and population.
    place.imported_values = {**place.imported_values, "name": "Lohne", "population": 27000}
    place.name = "Lohne"
    place.population = 27000
    place.save()
    import_places(CAST)
    place.refresh_from_db()
    assert (place.name, place.population, place.state) == (
        "Lohne (Oldenburg)",
        28089,
        "Oldenburg (Land)",
    )


def test_it_fills_a_deck_and_skips_cards_already_in_it():
    deck = Deck.objects.create(slug="staedte", name="Städte", edition=Edition.GERMANY)
    import_places(CAST[:2], deck=deck)
    import_places(CAST, deck=deck)
    assert DeckCard.objects.filter(deck=deck).count() == 3
    assert set(DeckCard.objects.values_list("colour", flat=True)) == {""}


def test_the_command_imports_cleaned_german_towns_into_a_new_deck(capsys):
    call_command("load_places", "--country", "DE", "--min-population", "250000", "--deck", "gross")
    deck = Deck.objects.get(slug="gross")
    assert (deck.edition, deck.language, deck.name) == ("germany", "de", "Gross")
    names = set(deck.places.values_list("name", flat=True))
    assert {"Berlin", "München", "Köln", "Nürnberg", "Frankfurt am Main"} <= names
    assert not names & {"Wandsbek", "Hamburg-Nord", "Munich"}
    out = capsys.readouterr().out
    assert f"{len(names)} created" in out

    call_command("load_places", "--country", "de", "--min-population", "250000", "--deck", "gross")
    assert "0 created, 0 updated" in capsys.readouterr().out
    assert Place.objects.count() == len(names)


def test_the_command_imports_other_countries_with_their_regions():
    call_command("load_places", "--country", "FR", "--min-population", "400000")
    paris = Place.objects.get(name="Paris")
    assert (paris.country, paris.state) == ("FR", "Île-de-France")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--country", "XX", "--min-population", "1000"], "no towns"),
        (["--country", "Germany", "--min-population", "1000"], "two-letter"),
        (["--country", "DE", "--min-population", "-5"], "0 or more"),
        (["--country", "DE", "--min-population", "1000", "--deck", "Not a slug"], "slug"),
    ],
)
def test_the_command_refuses_bad_arguments(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("load_places", *args)
    assert Place.objects.count() == 0
