from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards.models import Deck, Edition, Place

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/cards/place/"


def _listed(client, query: str = "") -> set[str]:
    """The place names in the changelist's result rows."""
    html = client.get(f"{CHANGELIST}?{query}").content.decode()
    return set(re.findall(r'<th class="field-name"><a [^>]*>([^<]+)</a>', html))


def test_anonymous_visitors_are_sent_to_the_login(client, berlin):
    response = client.get(CHANGELIST)
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_teachers_and_students_have_no_admin(client, teacher, student, berlin):
    for user in (teacher, student):
        client.force_login(user)
        assert client.get(CHANGELIST).status_code == 302


def test_editors_manage_places(client, editor, berlin):
    client.force_login(editor)
    response = client.get(CHANGELIST)
    assert response.status_code == 200
    assert "Berlin" in response.content.decode()
    assert client.get(f"{CHANGELIST}{berlin.pk}/change/").status_code == 200
    assert client.get(f"{CHANGELIST}add/").status_code == 200


def test_editors_cannot_manage_accounts(client, editor):
    client.force_login(editor)
    assert client.get("/admin/auth/user/").status_code == 403


def test_the_changelist_shows_population_and_grid_numbers(client, editor, berlin):
    client.force_login(editor)
    html = client.get(CHANGELIST).content.decode()
    assert "3.426.354" in html
    assert ">50<" in html and ">74<" in html


@pytest.mark.parametrize(
    ("query", "expected", "absent"),
    [
        ("q=Görl", "Görlitz", "Hinterzarten"),
        ("state__exact=Sachsen", "Görlitz", "Hinterzarten"),
        ("population_band=lt5k", "Hinterzarten", "Görlitz"),
        ("population_band=1m%2B", "Berlin", "Görlitz"),
        ("description=missing", "Görlitz", "Berlin"),
        ("kind__exact=city", "Görlitz", "Zugspitze"),
    ],
)
def test_search_and_filters(client, editor, berlin, goerlitz, village, query, expected, absent):
    client.force_login(editor)
    listed = _listed(client, query)
    assert expected in listed
    assert absent not in listed


def test_the_deck_filter(client, editor, germany_deck, paris):
    client.force_login(editor)
    assert _listed(client, "deck=de-test") == {"Berlin", "Görlitz", "Hinterzarten"}


def test_bulk_add_to_deck_refuses_places_outside_germany(client, editor, berlin, paris):
    deck = Deck.objects.create(slug="g", name="G", edition=Edition.GERMANY)
    client.force_login(editor)
    response = client.post(
        CHANGELIST,
        {"action": "add_to_deck", "_selected_action": [berlin.pk, paris.pk], "deck": "g"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    html = response.content.decode()
    assert list(deck.places.all()) == [berlin]
    assert "Paris" in html and "outside Germany" in html


def test_bulk_add_to_a_world_deck_uses_the_chosen_colour(client, editor, berlin, paris):
    deck = Deck.objects.create(slug="w", name="W", edition=Edition.WORLD)
    client.force_login(editor)
    client.post(
        CHANGELIST,
        {
            "action": "add_to_deck",
            "_selected_action": [berlin.pk, paris.pk],
            "deck": "w",
            "colour": "green",
        },
    )
    assert set(deck.cards.values_list("colour", flat=True)) == {"green"}
    assert deck.cards.count() == 2


def test_bulk_remove_from_deck(client, editor, germany_deck, berlin, goerlitz):
    client.force_login(editor)
    client.post(
        CHANGELIST,
        {"action": "remove_from_deck", "_selected_action": [berlin.pk], "deck": "de-test"},
    )
    assert set(germany_deck.places.all()) == {goerlitz, Place.objects.get(name="Hinterzarten")}


def test_bulk_action_without_a_deck_explains(client, editor, berlin):
    client.force_login(editor)
    response = client.post(
        CHANGELIST,
        {"action": "add_to_deck", "_selected_action": [berlin.pk]},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Choose a deck" in response.content.decode()


def test_deleting_a_place_in_a_deck_is_refused_with_an_explanation(client, editor, germany_deck):
    berlin = Place.objects.get(name="Berlin")
    client.force_login(editor)
    response = client.post(f"{CHANGELIST}{berlin.pk}/delete/", {"post": "yes"})
    assert Place.objects.filter(pk=berlin.pk).exists()
    assert "Test Deutschland" in response.content.decode()


def test_saving_a_place_warns_about_a_state_mismatch(client, editor, berlin):
    client.force_login(editor)
    data = {
        "name": "Berlin",
        "name_en": "",
        "kind": "city",
        "country": "DE",
        "state": "Bayern",
        "description": "",
        "description_en": "",
        "population": "3426354",
        "population_source": "",
        "population_year": "",
        "latitude": "52.52437",
        "longitude": "13.41053",
        "geometry": "null",
        "stated_latitude": "",
        "stated_longitude": "",
        "board_override": "",
        "solutions_override": "",
    }
    response = client.post(
        f"{CHANGELIST}{berlin.pk}/change/", data, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "lies in Berlin, not in Bayern" in response.content.decode()


IMPORT_URL = "/admin/cards/place/import/"


def _upload(client, content: str, name: str = "places.csv", fmt: str = "0"):
    return client.post(
        IMPORT_URL, {"format": fmt, "import_file": SimpleUploadedFile(name, content.encode())}
    )


def test_an_import_with_one_bad_row_saves_nothing_and_names_the_row(client, editor):
    client.force_login(editor)
    csv = (
        "name,kind,country,latitude,longitude,population\n"
        "Alpha,city,DE,50.0,8.0,100\n"
        "Beta,city,DE,95.0,8.0,100\n"
        "Gamma,city,DE,51.0,9.0,100\n"
    )
    response = _upload(client, csv)
    html = response.content.decode()
    assert "Beta" in html and "latitude" in html
    assert "90" in html  # the reason: at most 90
    assert not Place.objects.exists()


def test_a_good_import_is_previewed_then_saved(client, editor):
    client.force_login(editor)
    csv = "name,kind,country,latitude,longitude,population\nAlpha,city,DE,50.0,8.0,100\n"
    response = _upload(client, csv)
    assert response.status_code == 200
    assert not Place.objects.exists()  # preview only
    html = response.content.decode()
    assert 'name="import_file_name"' in html
    form = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
    form.pop("csrfmiddlewaretoken", None)
    client.post("/admin/cards/place/process_import/", form)
    assert Place.objects.get().name == "Alpha"


def test_json_import_works_too(client, editor):
    client.force_login(editor)
    data = '[{"name": "Delta", "kind": "city", "country": "DE", "latitude": 50, "longitude": 9}]'
    response = _upload(client, data, name="p.json", fmt="2")
    assert "Delta" in response.content.decode()


@pytest.mark.parametrize(("fmt", "marker"), [("0", b"Berlin"), ("2", b'"Berlin"')])
def test_export(client, editor, germany_deck, fmt, marker):
    client.force_login(editor)
    page = client.get("/admin/cards/place/export/").content.decode()
    columns = re.findall(r'<input type="checkbox" name="([^"]+)"', page)
    assert len(columns) >= 10
    response = client.post(
        "/admin/cards/place/export/", {"format": fmt, **dict.fromkeys(columns, "on")}
    )
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert marker in body


def test_history_records_who_changed_a_place_and_can_revert(client, editor, berlin):
    client.force_login(editor)
    berlin.description = "Alte Beschreibung"
    berlin.save()
    berlin.history.update(history_user=editor)
    old = berlin.history.first()
    berlin.description = "Neue Beschreibung"
    berlin._history_user = editor
    berlin.save()
    assert berlin.history.count() == 3
    assert berlin.history.first().history_user == editor
    history_page = client.get(f"{CHANGELIST}{berlin.pk}/history/")
    assert history_page.status_code == 200
    assert "erika" in history_page.content.decode()
    revert_url = f"{CHANGELIST}{berlin.pk}/history/{old.history_id}/"
    assert client.get(revert_url).status_code == 200
    data = {
        field: value
        for field, value in {
            "name": old.name,
            "name_en": old.name_en,
            "kind": old.kind,
            "country": old.country,
            "state": old.state,
            "description": old.description,
            "description_en": "",
            "population": old.population,
            "population_source": old.population_source,
            "population_year": "",
            "latitude": old.latitude,
            "longitude": old.longitude,
            "geometry": "null",
            "stated_latitude": "",
            "stated_longitude": "",
            "board_override": "",
            "solutions_override": "",
        }.items()
    }
    client.post(revert_url, data)
    berlin.refresh_from_db()
    assert berlin.description == "Alte Beschreibung"


def test_print_selected_places_gives_a_pdf_with_their_names(client, editor, berlin, goerlitz):
    import io

    from pypdf import PdfReader

    client.force_login(editor)
    response = client.post(
        CHANGELIST, {"action": "print_selected", "_selected_action": [berlin.pk, goerlitz.pk]}
    )
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Berlin" in text and "Görlitz" in text


def test_import_errors_are_in_the_table_with_a_sentence_that_nothing_was_imported(client, editor):
    client.force_login(editor)
    csv = (
        "name,kind,country,latitude,longitude,population\n"
        "Alpha,city,DE,50.0,8.0,100\n"
        "Beta,city,DE,95.0,8.0,100\n"
    )
    response = client.post(
        IMPORT_URL,
        {"format": "0", "import_file": SimpleUploadedFile("p.csv", csv.encode())},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    html = response.content.decode()
    assert "1 row has errors, so no row of this file was imported." in html
    cell = re.search(r'<td class="row-errors">(.*?)</td>', html, re.S).group(1)
    assert "latitude" in cell and "90" in cell
    assert "validation-error-count" not in html  # no badge to hover over
    assert not Place.objects.exists()


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("p.csv", "name,kind,country,latitude,longitude\nAlpha,city,DE,50.0,8.0\n"),
        ("p.JSON", '[{"name": "Alpha", "kind": "city", "country": "DE", '
         '"latitude": 50.0, "longitude": 8.0}]'),
    ],
)  # fmt: skip
def test_the_import_format_is_guessed_from_the_file_name(client, editor, name, content):
    client.force_login(editor)
    response = client.post(
        IMPORT_URL, {"format": "", "import_file": SimpleUploadedFile(name, content.encode())}
    )
    assert 'name="import_file_name"' in response.content.decode()
