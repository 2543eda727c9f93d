"""Issue items 2, 3 and 5: NaN, huge geometries and control characters never get in."""

from __future__ import annotations

import math

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from cards.geometry_limits import MAX_VERTICES, SIMPLIFY_TO, count_positions, simplify_geometry
from cards.models import Deck, Edition, Place
from cards.sanitize import NoControlCharacters, validate_finite
from tests.conftest import api_client_for
from tests.reliability.helpers import import_csv

pytestmark = pytest.mark.django_db

MARBURG = {"name": "Marburg", "country": "DE", "latitude": 50.8, "longitude": 8.77}


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_it_refuses_non_finite_numbers_in_model_validation(value):
    with pytest.raises(ValidationError):
        validate_finite(value)
    place = Place(**{**MARBURG, "latitude": value})
    with pytest.raises(ValidationError) as error:
        place.full_clean()
    assert "latitude" in error.value.message_dict


@pytest.mark.parametrize("field", ["latitude", "longitude", "stated_latitude", "stated_longitude"])
def test_it_refuses_nan_in_the_api_as_form_data(editor, field):
    data = {**MARBURG, "stated_latitude": 50.0, "stated_longitude": 8.0, field: "nan"}
    response = api_client_for(editor).post("/api/places/", data)
    assert response.status_code == 400, response.content
    assert field in response.json()
    assert not Place.objects.exists()


def test_it_refuses_nan_in_the_api_as_json(editor):
    body = '{"name": "X", "country": "DE", "latitude": NaN, "longitude": 8}'
    response = api_client_for(editor).post("/api/places/", body, content_type="application/json")
    assert response.status_code == 400
    assert not Place.objects.exists()


@pytest.mark.parametrize("cell", ["nan", "NaN", "inf", "-Infinity"])
def test_it_refuses_nan_in_a_csv_import_and_saves_nothing(client, editor, cell):
    csv = f"name,kind,country,latitude,longitude\nAlpha,city,DE,50,8\nBeta,city,DE,{cell},8\n"
    html = import_csv(client, editor, csv)
    assert "Beta" in html
    assert "finite" in html or "90" in html
    assert not Place.objects.exists()


def test_it_refuses_nan_in_a_json_import(client, editor):
    data = '[{"name": "Delta", "kind": "city", "country": "DE", "latitude": NaN, "longitude": 9}]'
    html = import_csv(client, editor, data, name="p.json", fmt="2")
    assert "finite" in html
    assert not Place.objects.exists()


@pytest.mark.parametrize("field", ["latitude", "stated_latitude"])
def test_the_database_refuses_nan_even_past_validation(field):
    values = {**MARBURG, "stated_latitude": 50.0, "stated_longitude": 8.0, field: math.nan}
    with pytest.raises(IntegrityError), transaction.atomic():
        Place.objects.create(**values)


def test_the_database_refuses_coordinates_out_of_range():
    with pytest.raises(IntegrityError), transaction.atomic():
        Place.objects.create(**{**MARBURG, "longitude": 181.0})


def _line(points: int) -> dict:
    # A zigzag across Europe: every point matters to the shape, none is redundant.
    coords = [[5 + 10 * i / points, 50 + (0.5 if i % 2 else -0.5)] for i in range(points)]
    return {"type": "LineString", "coordinates": coords}


def test_it_refuses_a_geometry_with_too_many_points_before_parsing_it(editor):
    data = {**MARBURG, "kind": "river", "country": "", "geometry": _line(60_000)}
    response = api_client_for(editor).post("/api/places/", data, format="json")
    assert response.status_code == 400
    assert "geometry" in response.json()
    assert not Place.objects.exists()


def test_it_refuses_one_point_past_the_vertex_limit():
    assert count_positions(_line(MAX_VERTICES)["coordinates"]) == MAX_VERTICES
    place = Place(**{**MARBURG, "kind": "river", "country": "", "geometry": _line(MAX_VERTICES)})
    place.full_clean(exclude=["geometry"])
    place.geometry = _line(MAX_VERTICES + 1)
    with pytest.raises(ValidationError) as error:
        place.full_clean()
    assert "geometry" in error.value.message_dict


@pytest.mark.parametrize(
    "geometry",
    [
        {"type": "Point", "coordinates": [8.0, math.nan]},
        {"type": "LineString", "coordinates": [[8.0, 50.0], [math.inf, 51.0]]},
        {"type": "Polygon", "coordinates": [[[[[[8.0, 50.0]]]]]]},
        {"type": "LineString", "coordinates": [[8.0, 50.0], ["a", 51.0]]},
        {"type": "LineString", "coordinates": "8,50"},
    ],
)
def test_it_refuses_malformed_or_non_finite_geometries(geometry):
    place = Place(**{**MARBURG, "kind": "river", "country": "", "geometry": geometry})
    with pytest.raises(ValidationError) as error:
        place.full_clean()
    assert "geometry" in error.value.message_dict


def test_it_simplifies_a_detailed_geometry_on_save():
    place = Place.objects.create(
        **{**MARBURG, "kind": "river", "country": "", "geometry": _line(5_000)}
    )
    place.refresh_from_db()
    kept = count_positions(place.geometry["coordinates"])
    assert 2 <= kept <= SIMPLIFY_TO
    assert place.geometry["coordinates"][0] == [5.0, 49.5]


def test_it_leaves_a_small_geometry_exactly_as_given():
    line = _line(50)
    assert simplify_geometry(line) is line


@pytest.mark.parametrize("text", ["Bad\x07name", "Tab\tname", "Null\x00", "C1\x85x"])
def test_it_refuses_control_characters_in_names(editor, text):
    response = api_client_for(editor).post("/api/places/", {**MARBURG, "name": text}, format="json")
    assert response.status_code == 400
    assert "name" in response.json()


def test_it_refuses_control_characters_in_an_import(client, editor):
    csv = 'name,kind,country,latitude,longitude\n"Be\x1bta",city,DE,50,8\n'
    html = import_csv(client, editor, csv)
    assert "U+001B" in html
    assert not Place.objects.exists()


def test_multiline_text_keeps_line_breaks_but_not_other_controls():
    NoControlCharacters(multiline=True)("one\r\ntwo\tthree")
    with pytest.raises(ValidationError):
        NoControlCharacters(multiline=True)("one\x0btwo")
    deck = Deck(slug="d", name="D", edition=Edition.GERMANY, description="a\nb")
    deck.full_clean()
    deck.name = "D\x0c"
    with pytest.raises(ValidationError) as error:
        deck.full_clean()
    assert "name" in error.value.message_dict


def test_every_text_field_of_a_place_carries_the_check():
    for field in Place._meta.local_fields:
        if field.get_internal_type() in ("CharField", "TextField") and not field.choices:
            assert any(isinstance(v, NoControlCharacters) for v in field.validators), field.name
