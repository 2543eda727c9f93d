"""Grid-edition decks from the gazetteer: load_places for any country, usable as they are."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from cards.backs.germany import MAX_LENGTH
from cards.gazetteer.places import german_places
from cards.gazetteer.world import world_places
from cards.grids.decks import edition_for_country, fill_deck
from cards.grids.models import GridEdition
from cards.models import Deck, Place


def test_austrian_towns_are_municipalities_with_local_names_and_their_state():
    towns = {p.name: p for p in world_places("AT", 5000)}
    assert towns["Wien"].name_en == "Vienna" and towns["Wien"].state == "Wien"
    assert towns["Innsbruck"].state == "Tirol"
    # Vienna's districts are sections of the city (PPLX), not towns of their own.
    assert not {"Favoriten", "Floridsdorf", "Donaustadt", "Ottakring"} & set(towns)
    swiss = {p.name for p in world_places("CH", 20000)}
    assert "Zürich" in swiss and not any(name.startswith("Zürich (Kreis") for name in swiss)


def test_germany_gets_back_the_only_towns_of_their_municipalities():
    names = {p.name for p in german_places(0)}
    assert {"Westerland", "Neuharlingersiel"} <= names


@pytest.mark.django_db
def test_load_places_makes_the_deck_in_the_countrys_grid_edition(capsys):
    call_command("load_places", "--country", "AT", "--min-population", "5000", "--deck", "austria")
    deck = Deck.objects.get(slug="austria")
    edition = deck.grid
    assert (deck.edition, edition.slug, edition.country, edition.name) == (
        "grid",
        "austria",
        "AT",
        "Österreich",
    )
    assert (edition.ns_max, edition.we_max) == (50, 80)
    assert "Created deck 'austria' in the grid edition 'austria'" in capsys.readouterr().out
    places = list(deck.places.all())
    assert len(places) > 120
    assert all(edition.numbers(p) is not None for p in places)
    assert all(p.state and p.description and len(p.description) <= MAX_LENGTH for p in places)
    assert Place.objects.filter(name="Klagenfurt", name_en="").exists()
    innsbruck = Place.objects.get(name="Innsbruck")
    assert innsbruck.description.startswith("Hauptstadt von Tirol. 387 km westlich von Wien.")
    assert innsbruck.description_en.startswith("Capital of Tyrol. 387 km west of Vienna.")

    before = (Place.objects.count(), deck.cards.count(), GridEdition.objects.count())
    call_command("load_places", "--country", "AT", "--min-population", "5000", "--deck", "austria")
    assert "0 created, 0 updated" in capsys.readouterr().out
    assert (Place.objects.count(), deck.cards.count(), GridEdition.objects.count()) == before


@pytest.mark.django_db
def test_load_places_refuses_a_deck_of_another_countrys_edition():
    call_command("load_places", "--country", "LI", "--min-population", "1000", "--deck", "li")
    with pytest.raises(CommandError, match="grid edition 'liechtenstein' of LI, not of AT"):
        call_command("load_places", "--country", "AT", "--min-population", "90000", "--deck", "li")


@pytest.mark.django_db
def test_filling_a_deck_takes_the_biggest_towns_and_keeps_editors_changes():
    edition = edition_for_country("CH")
    deck = Deck.objects.create(slug="ch", name="Schweiz", edition="grid", grid=edition)
    filled = fill_deck(deck, 10_000, count=20)
    assert filled.result.created == 20 and filled.offered > 20
    zurich = Place.objects.get(name="Zürich")
    zurich.description = "Von Hand."
    zurich.save()
    again = fill_deck(deck, 10_000, count=20)
    assert (again.result.created, deck.cards.count()) == (0, 20)
    zurich.refresh_from_db()
    assert zurich.description == "Von Hand."


@pytest.mark.django_db
def test_a_grid_decks_map_page_shows_its_editions_map(client, teacher):
    edition = edition_for_country("AT")
    deck = Deck.objects.create(slug="at", name="Österreich", edition="grid", grid=edition)
    fill_deck(deck, 50_000)
    client.force_login(teacher)
    response = client.get("/decks/at/map/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "<svg" in body and "Graz" in body and "West–Ost 0–80" in body


@pytest.mark.django_db
def test_a_german_states_edition_fills_its_deck_with_the_states_towns():
    from geo.grid_editions import suggest_for

    spec = suggest_for("DE", "DE-BY")
    bavaria = GridEdition.objects.create(
        slug="bayern", name="Bayern", country="DE", region="DE-BY", west=spec.west,
        east=spec.east, north=spec.north, south=spec.south, ns_max=spec.ns_max,
        we_max=spec.we_max,
    )  # fmt: skip
    deck = Deck.objects.create(slug="by", name="Bayern", edition="grid", grid=bavaria)
    fill_deck(deck, 50_000)
    places = list(deck.places.all())
    assert {p.state for p in places} == {"Bayern"}
    assert {"München", "Nürnberg", "Augsburg"} <= {p.name for p in places}
    assert all(bavaria.numbers(p) is not None for p in places)
    assert all(p.description for p in places)


def test_parts_of_a_town_filed_under_its_codes_are_not_towns_of_their_own():
    polish = {p.name for p in world_places("PL", 50_000)}
    assert "Warschau" in polish and not {"Mokotów", "Praga Południe", "Ursynów"} & polish
    swiss = {p.name for p in world_places("CH", 10_000)}
    assert "Winterthur" in swiss and not any("(Kreis" in name for name in swiss)
    italian = {p.name for p in world_places("IT", 50_000)}
    assert "Neapel" in italian and not {"Fuorigrotta", "Secondigliano", "Lido di Ostia"} & italian


def test_cards_carry_german_names_where_german_has_its_own():
    from cards.gazetteer.world import card_names

    assert card_names("CH", 2660646, "Geneva") == ("Genf", "Geneva")
    assert card_names("IT", 3169070, "Rome") == ("Rom", "Rome")  # the world deck's names
    assert card_names("PL", 3094802, "Kraków") == ("Kraków", "")
    assert card_names("AT", 2774326, "Klagenfurt am Wörthersee") == ("Klagenfurt", "")
