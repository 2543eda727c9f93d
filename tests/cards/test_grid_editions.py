"""Grid editions in the card database: Germany's row, refusals, which places a grid holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from cards.grids.models import GridEdition, germany_edition
from cards.models import Deck, DeckCard, Edition, Place

NUMBERS = Path(__file__).parents[1] / "geo" / "data" / "germany_deck_numbers.tsv"


def _austria() -> GridEdition:
    return GridEdition.objects.create(
        slug="austria",
        name="Österreich",
        country="AT",
        west=9.37,
        east=17.3,
        north=49.06,
        south=46.33,
        ns_max=50,
        we_max=80,
    )


def _place(name: str, lat: float, lon: float, country: str, **extra) -> Place:
    return Place.objects.create(
        name=name, latitude=lat, longitude=lon, country=country, population=1000, **extra
    )


@pytest.mark.django_db
def test_germany_is_the_first_row_with_the_rule_books_constants():
    row = GridEdition.objects.get(slug="germany")
    assert (row.west, row.east, row.north, row.south) == (5.96, 15.03, 54.93, 47.28)
    assert (row.ns_max, row.we_max, row.country, row.region) == (150, 90, "DE", "")
    assert germany_edition() == row


@pytest.mark.django_db
def test_the_germany_row_gives_every_deck_place_its_numbers_from_before():
    row = germany_edition()
    lines = NUMBERS.read_text(encoding="utf-8").splitlines()[1:]
    rows = [line.split("\t") for line in lines]
    places = [
        Place(name=r[1], latitude=float(r[2]), longitude=float(r[3]), country="DE") for r in rows
    ]
    assert row.numbers_for(places) == [(int(r[4]), int(r[5])) for r in rows]
    assert [tuple(p.germany_grid()) for p in places] == [(int(r[4]), int(r[5])) for r in rows]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("values", "field"),
    [({"country": "XY"}, "There is no outline for the country"), ({"ns_max": 0}, "ns_max")],
)
def test_it_refuses_an_edition_that_cannot_number_places(values, field):
    edition = GridEdition(
        slug="x",
        name="X",
        country="AT",
        west=9.37,
        east=17.3,
        north=49.06,
        south=46.33,
        ns_max=50,
        we_max=80,
    )
    for key, value in values.items():
        setattr(edition, key, value)
    with pytest.raises(ValidationError) as error:
        edition.full_clean()
    assert field in str(error.value)


@pytest.mark.django_db
def test_a_grid_deck_holds_only_places_inside_its_outline():
    austria = _austria()
    deck = Deck.objects.create(slug="at", name="Österreich", edition=Edition.GRID, grid=austria)
    vienna = _place("Wien", 48.2085, 16.3721, "AT")
    munich = _place("München", 48.137, 11.575, "DE")
    DeckCard(deck=deck, place=vienna).full_clean()
    with (
        translation.override("en"),
        pytest.raises(ValidationError, match="lies outside Österreich"),
    ):
        DeckCard(deck=deck, place=munich).clean()
    assert austria.numbers(vienna) == (16, 71)
    assert austria.numbers(munich) is None
    assert austria.numbers_for([vienna, munich]) == [(16, 71), None]
    assert deck.grid_edition() == austria


@pytest.mark.django_db
def test_a_grid_deck_needs_its_edition_and_has_no_colours():
    with translation.override("en"), pytest.raises(ValidationError, match="its grid edition"):
        Deck(slug="x", name="X", edition=Edition.GRID).clean()
    deck = Deck.objects.create(slug="at", name="AT", edition=Edition.GRID, grid=_austria())
    with translation.override("de"), pytest.raises(ValidationError, match="keine Kartenfarben"):
        DeckCard(deck=deck, place=_place("Graz", 47.07, 15.44, "AT"), colour="green").clean()


@pytest.mark.django_db
def test_a_place_lists_every_grid_edition_that_holds_it():
    _austria()
    salzburg = _place("Salzburg", 47.7994, 13.044, "AT")
    passau = _place("Passau", 48.5665, 13.4312, "DE")
    assert salzburg.grids() == [{"edition": "austria", "ns": 23, "we": 37}]
    assert [g["edition"] for g in passau.grids()] == ["germany"]


@pytest.mark.django_db
def test_a_state_edition_holds_the_towns_of_its_state():
    bavaria = GridEdition.objects.create(
        slug="bayern",
        name="Bayern",
        country="DE",
        region="DE-BY",
        west=8.88,
        east=13.91,
        north=50.63,
        south=47.21,
        ns_max=70,
        we_max=50,
    )
    assert bavaria.holds(_place("Nürnberg", 49.45, 11.08, "DE"))
    assert not bavaria.holds(_place("Ulm", 48.40, 9.99, "DE"))  # just across the Danube


@pytest.mark.django_db
def test_a_game_can_copy_a_grid_decks_cards_and_map(django_assert_max_num_queries):
    from cards.snapshot import card_data, grid_data
    from geo.maps import GERMANY_MAP, MapEdition

    austria = _austria()
    deck = Deck.objects.create(slug="at", name="Österreich", edition=Edition.GRID, grid=austria)
    for name, lat, lon in [("Wien", 48.2085, 16.3721), ("Graz", 47.07, 15.44)]:
        DeckCard.objects.create(deck=deck, place=_place(name, lat, lon, "AT"))
    with django_assert_max_num_queries(3):
        cards = [card_data(card) for card in deck.cards.select_related("place")]
    assert {(c["name"], c["ns"], c["we"]) for c in cards} >= {("Wien", 16, 71)}
    data = grid_data(deck)
    assert data["slug"] == "austria" and data["ns_max"] == 50
    assert MapEdition.from_data(data).spec == austria.spec()
    germany = Deck.objects.create(slug="de", name="DE", edition=Edition.GERMANY)
    assert MapEdition.from_data(grid_data(germany)) is GERMANY_MAP


@pytest.mark.django_db
def test_a_place_on_a_grid_card_cannot_move_out_of_the_edition():
    austria = _austria()
    deck = Deck.objects.create(slug="at", name="Österreich", edition=Edition.GRID, grid=austria)
    graz = _place("Graz", 47.07, 15.44, "AT")
    DeckCard.objects.create(deck=deck, place=graz)
    graz.latitude, graz.longitude = 48.137, 11.575  # Munich
    with (
        translation.override("en"),
        pytest.raises(ValidationError, match="lies outside Österreich"),
    ):
        graz.full_clean()
