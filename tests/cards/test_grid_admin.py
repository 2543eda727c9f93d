"""Editors make grid editions in the admin: suggestions, refusals, warnings, filling a deck."""

from __future__ import annotations

import pytest

from cards.grids.models import GridEdition, germany_edition
from cards.models import Deck

pytestmark = pytest.mark.django_db
ADD = "/admin/cards/gridedition/add/"


def _form(**values) -> dict:
    data = {"name": "Österreich", "name_en": "Austria", "slug": "austria", "country": "AT"}
    data.update({"region": "", "outline_part": "main"})
    data.update({k: "" for k in ("west", "east", "north", "south", "ns_max", "we_max")})
    return {**data, **values}


def test_a_country_alone_gets_the_suggested_extent_and_ranges(client, editor):
    client.force_login(editor)
    assert client.get(ADD).status_code == 200
    response = client.post(ADD, _form())
    assert response.status_code == 302, response.content.decode()[:3000]
    austria = GridEdition.objects.get(slug="austria")
    assert (austria.west, austria.east, austria.north, austria.south) == (9.37, 17.3, 49.06, 46.33)
    assert (austria.ns_max, austria.we_max) == (50, 80)
    page = client.get(f"/admin/cards/gridedition/{austria.pk}/change/").content.decode()
    assert 'class="grid-preview"' in page and "/api/maps/grid.svg?country=AT" in page
    assert f"/admin/cards/gridedition/{austria.pk}/fill/" in page


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"country": "XY"}, "There is no outline for the country"),
        (
            {
                "west": "9",
                "east": "17",
                "north": "49",
                "south": "46",
                "ns_max": "0",
                "we_max": "80",
            },
            "from 1 to 999",
        ),
        ({"west": "9", "east": "17"}, "or none"),
        (
            {
                "west": "20",
                "east": "30",
                "north": "10",
                "south": "0",
                "ns_max": "50",
                "we_max": "50",
            },
            "does not cover any of the outline",
        ),
    ],
)
def test_it_refuses_values_that_cannot_number_places_and_saves_nothing(
    client, editor, values, message
):
    client.force_login(editor)
    response = client.post(ADD, _form(**values), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not GridEdition.objects.filter(slug="austria").exists()


def test_an_extent_cutting_off_the_outline_is_held_back_until_confirmed(client, editor):
    client.force_login(editor)
    cut = {"west": "9.37", "east": "16.0", "north": "49.06", "south": "46.33", "ns_max": "50",
           "we_max": "70"}  # fmt: skip
    response = client.post(ADD, _form(**cut), HTTP_ACCEPT_LANGUAGE="en")
    body = response.content.decode()
    assert response.status_code == 200
    assert "The extent cuts off part of the outline" in body and "beyond the east edge" in body
    assert "would get clamped numbers" in body and "Wien" in body
    assert not GridEdition.objects.exists() or not GridEdition.objects.filter(slug="austria")
    response = client.post(ADD, _form(**cut, accept_warnings="on"))
    assert response.status_code == 302
    assert GridEdition.objects.get(slug="austria").east == 16.0


def test_germanys_row_keeps_the_rule_books_constants(client, editor):
    client.force_login(editor)
    germany = germany_edition()
    url = f"/admin/cards/gridedition/{germany.pk}/change/"
    page = client.get(url).content.decode()
    assert 'name="ns_max"' not in page and 'name="west"' not in page
    response = client.post(url, {"name": "Deutschland", "name_en": "Germany"})
    assert response.status_code == 302
    germany.refresh_from_db()
    assert (germany.ns_max, germany.we_max, germany.west) == (150, 90, 5.96)


def test_filling_a_deck_from_the_gazetteer(client, editor):
    client.force_login(editor)
    client.post(ADD, _form())
    austria = GridEdition.objects.get(slug="austria")
    url = f"/admin/cards/gridedition/{austria.pk}/fill/"
    assert client.get(url).status_code == 200
    response = client.post(
        url,
        {"deck": "oesterreich", "deck_name": "Österreich", "min_population": 20000, "count": 12},
    )
    assert response.status_code == 302
    deck = Deck.objects.get(slug="oesterreich")
    assert (deck.edition, deck.grid, deck.name, deck.cards.count()) == (
        "grid",
        austria,
        "Österreich",
        12,
    )
    assert "Wien" in set(deck.places.values_list("name", flat=True))
    refused = client.post(
        url, {"deck": "oesterreich", "min_population": -1}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert refused.status_code == 200 and deck.cards.count() == 12


def test_filling_refuses_a_deck_of_another_edition(client, editor, germany_deck):
    client.force_login(editor)
    client.post(ADD, _form())
    austria = GridEdition.objects.get(slug="austria")
    response = client.post(
        f"/admin/cards/gridedition/{austria.pk}/fill/",
        {"deck": germany_deck.slug, "min_population": 5000},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    assert "is not in the grid edition" in response.content.decode()


def test_a_grid_decks_card_list_adds_places_without_colours_and_refuses_outsiders(
    client, editor, berlin
):
    from cards.grids.decks import edition_for_country
    from cards.models import Place

    deck = Deck.objects.create(slug="at", name="AT", edition="grid", grid=edition_for_country("AT"))
    graz = Place.objects.create(
        name="Graz", country="AT", latitude=47.07, longitude=15.44, population=300_000
    )
    client.force_login(editor)
    page = client.get(f"/admin/cards/deckcard/?deck__id__exact={deck.pk}").content.decode()
    assert 'name="colour"' not in page
    client.post(f"/admin/cards/deckcard/deck/{deck.pk}/add/", {"place": graz.pk, "colour": "green"})
    assert list(deck.cards.values_list("place__name", "colour")) == [("Graz", "")]
    response = client.post(
        f"/admin/cards/deckcard/deck/{deck.pk}/add/", {"place": berlin.pk}, follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )  # fmt: skip
    assert "lies outside Österreich" in response.content.decode()
    assert deck.cards.count() == 1


@pytest.mark.parametrize(("language", "expected"), [("de", "de"), ("en", "en")])
def test_a_deck_filled_from_the_admin_is_in_the_editor_s_language(
    client, editor, language, expected
):
    client.force_login(editor)
    netherlands = {"name": "Niederlande", "name_en": "Netherlands", "slug": "netherlands"}
    client.post(ADD, _form(**netherlands, country="NL"))
    edition = GridEdition.objects.get(slug="netherlands")
    url = f"/admin/cards/gridedition/{edition.pk}/fill/"
    form = {"deck": "nl", "deck_name": "Niederlande", "min_population": 100000, "count": 5}
    response = client.post(url, form, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302
    deck = Deck.objects.get(slug="nl")
    assert deck.language == expected and deck.cards.count() == 5


def test_the_fill_page_is_german_in_the_german_admin(client, editor):
    client.force_login(editor)
    client.post(ADD, _form())
    austria = GridEdition.objects.get(slug="austria")
    page = client.get(
        f"/admin/cards/gridedition/{austria.pk}/fill/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Die Orte von Österreich innerhalb des Umrisses" in page
    assert 'value="Kartensatz füllen"' in page
    assert "The towns of" not in page and "Fill the deck" not in page
