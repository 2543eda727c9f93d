"""Issue items 4, 5 and 11: exports are safe to open and do not depend on the UI language."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from openpyxl import load_workbook

from cards.imports.spreadsheet import neutralise_formula, restore_formula_text
from cards.models import Place
from tests.reliability.helpers import confirm_import, import_csv

pytestmark = pytest.mark.django_db

FORMULAS = ['=HYPERLINK("http://x","y")', "+1+1", "-1+1", "@SUM(A1:A2)", "\tX", "\rY"]


@pytest.mark.parametrize("text", FORMULAS)
def test_it_neutralises_every_formula_start(text):
    assert neutralise_formula(text) == "'" + text
    assert restore_formula_text(neutralise_formula(text)) == text


@pytest.mark.parametrize("value", ["Berlin", "-12.5", "+3", "1e5", 42, -7.5, None, ""])
def test_it_leaves_plain_text_and_numbers_alone(value):
    assert neutralise_formula(value) == value


def _export(client, user, fmt: str, lang: str = "en") -> bytes:
    client.force_login(user)
    page = client.get("/admin/cards/place/export/").content.decode()
    columns = re.findall(r'<input type="checkbox" name="([^"]+)"', page)
    response = client.post(
        "/admin/cards/place/export/",
        {"format": fmt, **dict.fromkeys(columns, "on")},
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert response.status_code == 200
    return b"".join(response.streaming_content) if response.streaming else response.content


def _place(name: str, **extra) -> Place:
    values = {"country": "DE", "latitude": 50.01, "longitude": 8.5, "population": 1234567}
    return Place.objects.create(name=name, **{**values, **extra})


def test_the_csv_export_carries_no_live_formula(client, editor):
    for i, text in enumerate(FORMULAS):
        _place(f"P{i}", name_en=text, state=text, population_source=text)
    rows = list(csv.DictReader(io.StringIO(_export(client, editor, "0").decode())))
    assert len(rows) == len(FORMULAS)
    for row in rows:
        for key, cell in row.items():
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), (key, cell)
            assert not cell.startswith("-") or re.fullmatch(r"-[\d.]+", cell), (key, cell)


def test_the_xlsx_export_writes_text_not_formulas(client, editor):
    _place("=1+1", name_en="@SUM(A1:A2)", description='=HYPERLINK("http://x")')
    sheet = load_workbook(io.BytesIO(_export(client, editor, "1"))).active
    cells = [cell for row in sheet.iter_rows() for cell in row]
    assert not [c.value for c in cells if c.data_type == "f"]
    values = {c.value for c in cells}
    assert "'=1+1" in values and "'@SUM(A1:A2)" in values


def test_one_control_character_in_old_data_does_not_break_the_xlsx_export(client, editor):
    # Saved before control characters were refused: the export still works for everyone.
    Place.objects.bulk_create([Place(name="Bad\x07Bell", country="DE", latitude=50, longitude=8)])
    sheet = load_workbook(io.BytesIO(_export(client, editor, "1"))).active
    assert "BadBell" in {cell.value for row in sheet.iter_rows() for cell in row}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_exported_numbers_do_not_depend_on_the_ui_language(client, editor, lang):
    _place("Zahlenstadt", latitude=50.01, longitude=-8.25, population=1234567)
    row = next(csv.DictReader(io.StringIO(_export(client, editor, "0", lang).decode())))
    assert (row["latitude"], row["longitude"], row["population"]) == ("50.01", "-8.25", "1234567")


def test_a_german_export_imports_into_the_english_admin_unchanged(client, editor):
    place = _place("=Formelstadt", latitude=50.01, longitude=-8.25, population=1234567)
    exported = _export(client, editor, "0", "de").decode()
    Place.objects.all().delete()
    preview = import_csv(client, editor, exported)
    assert "Errors" not in preview and "Fehler" not in preview
    confirm_import(client, preview)
    again = Place.objects.get()
    assert (again.pk, again.name, again.latitude, again.longitude, again.population) == (
        place.pk,
        "=Formelstadt",
        50.01,
        -8.25,
        1234567,
    )


@pytest.mark.parametrize(
    ("cell", "message"),
    [("50,01", "decimal point"), ("1.234.567", "whole number"), ("9" * 30, "whole number")],
)
def test_an_import_names_a_localised_or_huge_number(client, editor, cell, message):
    column = "latitude" if "," in cell else "population"
    values = {"latitude": "50.0", "population": "100", column: cell}
    csv_text = (
        "name,kind,country,latitude,longitude,population\n"
        f'Alpha,city,DE,"{values["latitude"]}",8.0,"{values["population"]}"\n'
    )
    assert message in import_csv(client, editor, csv_text)
    assert not Place.objects.exists()


def test_the_json_export_stays_exact(client, editor):
    _place("=1+1")
    assert json.loads(_export(client, editor, "2"))[0]["name"] == "=1+1"
