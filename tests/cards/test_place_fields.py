"""A place's fields are listed once: spreadsheets, the API and the print studio read that list."""

from __future__ import annotations

import pytest

from cards.imports.resources import PlaceResource
from cards.models import PLACE_FIELDS, PROVENANCE_FIELDS, Place
from printing.core.deck_source import PRINTED_FIELDS
from tests.conftest import api_client_for

# Not stated by an editor: a file, the gazetteer import's own record and the timestamps.
NOT_STATED = {"image", "imported_values", "created_at", "updated_at"}


def test_it_lists_every_field_an_editor_states_about_a_place():
    # A field added to the model without the list would be missing from exports and the API.
    model = {f.attname for f in Place._meta.concrete_fields} - NOT_STATED
    assert set(PLACE_FIELDS) == model
    assert set(PROVENANCE_FIELDS) < set(PLACE_FIELDS)


@pytest.mark.django_db
def test_the_spreadsheet_export_has_a_column_per_field_in_the_lists_order(berlin):
    dataset = PlaceResource().export(Place.objects.all())
    assert dataset.headers == [*PLACE_FIELDS, "decks"]
    assert dataset.dict[0]["name"] == "Berlin"


@pytest.mark.django_db
def test_the_api_gives_every_field_of_a_place(editor, berlin):
    body = api_client_for(editor).get(f"/api/places/{berlin.pk}/").json()
    assert set(PLACE_FIELDS) <= set(body)
    assert body["population"] == berlin.population


def test_a_card_reads_every_field_but_where_the_data_came_from():
    assert set(PRINTED_FIELDS) == set(PLACE_FIELDS) - set(PROVENANCE_FIELDS) | {"updated_at"}
