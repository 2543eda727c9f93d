from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models import ProtectedError
from django.utils import translation
from PIL import Image

from cards.models import DESCRIPTION_MAX_LENGTH, Deck, DeckCard, Edition, Kind, Place

pytestmark = pytest.mark.django_db


def _place(**overrides) -> Place:
    values = {
        "name": "Testheim",
        "country": "DE",
        "state": "Hessen",
        "latitude": 50.1,
        "longitude": 8.7,
        "population": 1000,
    }
    return Place(**{**values, **overrides})


def _errors(place: Place) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as info:
        place.full_clean()
    return info.value.message_dict


def test_it_accepts_a_complete_place():
    _place().full_clean()


@pytest.mark.parametrize(
    ("field", "value"),
    [("latitude", 90.5), ("latitude", -91), ("longitude", 180.1), ("longitude", -200)],
)
def test_it_refuses_coordinates_out_of_range(field, value):
    assert field in _errors(_place(**{field: value}))


@pytest.mark.parametrize("country", ["de", "DEU", "D1", ""])
def test_it_refuses_a_country_that_is_not_an_iso_code(country):
    assert "country" in _errors(_place(country=country))


def test_it_limits_the_description_and_says_so():
    errors = _errors(_place(description="x" * (DESCRIPTION_MAX_LENGTH + 1)))
    assert str(DESCRIPTION_MAX_LENGTH) in errors["description"][0]
    field = Place._meta.get_field("description")
    assert str(DESCRIPTION_MAX_LENGTH) in str(field.help_text)


def test_it_refuses_a_negative_population():
    assert "population" in _errors(_place(population=-1))


def test_natural_regions_have_no_population():
    errors = _errors(_place(kind=Kind.MOUNTAINS, population=5))
    assert "population" in errors
    _place(kind=Kind.MOUNTAINS, population=None).full_clean()


def test_a_stated_point_needs_both_coordinates():
    assert "stated_longitude" in _errors(_place(stated_latitude=50.0))
    _place(stated_latitude=50.0, stated_longitude=9.0).full_clean()


@pytest.mark.parametrize(
    "geometry",
    [
        {"type": "Circle", "coordinates": [1, 2]},
        {"type": "Polygon", "coordinates": "nonsense"},
        {"type": "Point", "coordinates": [500, 10]},
        [1, 2, 3],
    ],
)
def test_it_refuses_bad_geometry(geometry):
    assert "geometry" in _errors(_place(kind=Kind.REGION, population=None, geometry=geometry))


def test_it_accepts_a_geojson_line_for_a_river():
    line = {"type": "LineString", "coordinates": [[8.0, 50.0], [9.0, 50.5]]}
    _place(kind=Kind.RIVER, population=None, geometry=line).full_clean()


def test_it_checks_solution_overrides():
    assert "solutions_override" in _errors(_place(solutions_override="EU-X-M-C"))
    _place(solutions_override="EU-O-M-C, EU-O-M-D").full_clean()


def _image_file(fmt: str = "PNG", size=(20, 10), name="p.png") -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", size, "red").save(buffer, fmt)
    return SimpleUploadedFile(name, buffer.getvalue())


def test_it_accepts_a_png_image():
    _place(image=_image_file()).full_clean()


def test_it_refuses_a_file_that_is_not_an_image():
    fake = SimpleUploadedFile("p.png", b"this is not an image at all")
    assert "image" in _errors(_place(image=fake))


def test_it_refuses_an_unsupported_image_type():
    assert "image" in _errors(_place(image=_image_file("GIF", name="p.gif")))


def test_names_and_descriptions_fall_back_to_the_other_language():
    place = _place(name="München", name_en="", description="", description_en="Capital of Bavaria")
    assert place.display_name("en") == "München"
    assert place.display_description("de") == "Capital of Bavaria"
    place.name_en = "Munich"
    assert place.display_name("en") == "Munich"
    assert place.display_name("de") == "München"


def test_a_world_card_needs_a_colour_and_a_germany_card_has_none(berlin):
    world = Deck.objects.create(slug="w", name="W", edition=Edition.WORLD)
    germany = Deck.objects.create(slug="g", name="G", edition=Edition.GERMANY)
    with pytest.raises(ValidationError, match="colour"):
        DeckCard(deck=world, place=berlin).full_clean()
    with pytest.raises(ValidationError, match="colour"):
        DeckCard(deck=germany, place=berlin, colour="green").full_clean()
    DeckCard(deck=world, place=berlin, colour="green").full_clean()
    DeckCard(deck=germany, place=berlin).full_clean()


def test_a_germany_deck_refuses_a_place_outside_germany(paris):
    germany = Deck.objects.create(slug="g", name="G", edition=Edition.GERMANY)
    with translation.override("en"), pytest.raises(ValidationError, match="outside Germany"):
        DeckCard(deck=germany, place=paris).full_clean()


def test_moving_a_germany_card_abroad_is_refused(germany_deck, berlin):
    berlin.latitude, berlin.longitude = 48.85, 2.35
    with translation.override("en"), pytest.raises(ValidationError, match="outside Germany"):
        berlin.full_clean()


def test_a_place_on_a_card_cannot_be_deleted(germany_deck, berlin):
    with pytest.raises(ProtectedError):
        berlin.delete()
    assert Place.objects.filter(pk=berlin.pk).exists()


def test_germany_grid_numbers_come_from_the_grid(berlin, goerlitz, paris):
    assert berlin.germany_grid() is not None
    assert goerlitz.germany_grid().we == 90  # (14.98853 - 5.96) / 9.07 * 90 = 89.6
    assert paris.germany_grid() is None


def test_world_location_honours_the_editors_overrides(paris):
    computed = paris.world_location()
    assert computed.board == "EU"
    paris.board_override = "AF"
    paris.solutions_override = "AF-W-N-A"
    overridden = paris.world_location()
    assert overridden.board == "AF"
    assert list(overridden.solutions) == ["AF-W-N-A"]


def test_a_state_that_disagrees_with_the_outline_gives_a_warning(berlin):
    assert berlin.state_warning() == ""
    berlin.state = "Bayern"
    assert "Berlin" in berlin.state_warning()


def test_a_foreign_town_on_the_border_is_not_a_germany_card(db):
    basel = Place.objects.create(
        name="Basel", country="CH", population=164_488, latitude=47.55839, longitude=7.57327
    )
    germany = Deck.objects.create(slug="g", name="G", edition=Edition.GERMANY)
    with translation.override("en"), pytest.raises(ValidationError, match="outside Germany"):
        DeckCard(deck=germany, place=basel).full_clean()
    assert basel.germany_grid() is None
