"""The game's and the class's reports as CSV and XLSX: every table of the report, opened as a
spreadsheet reads it; only for the game's teacher."""

from __future__ import annotations

import csv
import io
import types

import pytest
from django.test import Client
from openpyxl import load_workbook

from play.core import store
from play.models import Class, Mode
from tests.conftest import make_user
from tests.play.reports.helpers import play_like_a_class

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _bots_answer_at_once(monkeypatch):
    monkeypatch.setattr(store, "time", types.SimpleNamespace(time=lambda: 4e9))


@pytest.fixture
def seven_b(teacher) -> Class:
    return Class.objects.create(teacher=teacher, name="7b Erdkunde")


@pytest.fixture
def game(teacher, big_deck, seven_b, request):
    language = getattr(request, "param", "en")
    made = store.create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        seat_names=["=HYPERLINK(1)", "Blau"],
        bots=[1],
        mode=Mode.DEVICES,
        language=language,
        school_class=seven_b,
    )
    return play_like_a_class(made)


@pytest.fixture
def host(teacher) -> Client:
    client = Client()
    client.force_login(teacher)
    return client


def _tips(game) -> list[dict]:
    from play.reports.build import game_report

    return game_report(game)["tips"]


def test_the_game_report_as_xlsx_has_a_sheet_per_table(host, game):
    response = host.get(f"/play/report/{game.code}/report.xlsx")
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content))
    assert {"Teams", "Tips", "Places"} <= set(book.sheetnames)
    rows = list(book["Tips"].iter_rows(values_only=True))
    header, body = rows[0], rows[1:]
    tips = _tips(game)
    assert len(body) == len(tips) == 36
    column = {name: i for i, name in enumerate(header)}
    assert [r[column["Place"]] for r in body] == [t["place"] for t in tips]
    assert [r[column["Right"]] for r in body] == [t["correct"] for t in tips]
    teams = [r[0] for r in list(book["Teams"].iter_rows(values_only=True))[1:]]
    assert teams == ["'=HYPERLINK(1)", "Blau"]  # a formula-looking name stays text


@pytest.mark.parametrize("game", ["de"], indirect=True)
def test_the_game_report_as_csv_lists_every_table_in_the_games_language(host, game):
    response = host.get(f"/play/report/{game.code}/report.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    titles = [row[0] for row in rows if len(row) == 1]
    assert titles == ["Teams", "Tipps", "Orte", "Nach Tippkarte"]
    assert rows[1][:2] == ["Name", "Punkte"]
    places = {t["place"] for t in _tips(game)}
    assert sum(1 for row in rows if places & set(row)) >= 36  # every tip, and the places


def test_the_class_report_exports_its_places(host, seven_b, game):
    book = load_workbook(io.BytesIO(host.get(f"/play/classes/{seven_b.pk}/report.xlsx").content))
    places = list(book[book.sheetnames[1]].iter_rows(values_only=True))
    assert "Place_id" not in str(places) and "place_id" not in str(places)
    text = host.get(f"/play/classes/{seven_b.pk}/report.csv").content.decode("utf-8-sig")
    assert len(text.splitlines()) > 10


def test_another_teacher_gets_no_export(game, seven_b):
    other = Client()
    other.force_login(make_user("clara", "Teachers"))
    assert other.get(f"/play/report/{game.code}/report.csv").status_code == 404
    assert other.get(f"/play/classes/{seven_b.pk}/report.xlsx").status_code == 404
