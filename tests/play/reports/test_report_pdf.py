"""The one-page PDF of a game's report: standings, the map drawn as vectors by the print
studio, and the report's main table, read back with pypdf and rendered with pdfium."""

from __future__ import annotations

import io
import types

import pypdfium2
import pytest
from django.test import Client
from pypdf import PdfReader

from play.core import store
from play.models import Mode
from tests.conftest import make_user
from tests.play.reports.helpers import play_like_a_class

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _bots_answer_at_once(monkeypatch):
    monkeypatch.setattr(store, "time", types.SimpleNamespace(time=lambda: 4e9))


def test_a_germany_report_prints_on_one_page_with_its_map_and_tips(teacher, big_deck, tmp_path):
    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        seat_names=["Rot", "Blau"],
        bots=[1],
        mode=Mode.DEVICES,
        language="en",
    )
    game = play_like_a_class(game)
    host = Client()
    host.force_login(teacher)
    response = host.get(f"/play/report/{game.code}/report.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Report · Spot On: Germany · Groß" in text
    assert "Rot" in text and "Blau" in text and "36 answers" in text
    first = game.state["cards"][game.state["rounds"][0]["places"][0]]["name"]
    assert first in text  # a tip's place in the table, and on the map
    assert "more rows" in text  # 36 tips do not fit one page beside the map
    bitmap = pypdfium2.PdfDocument(response.content)[0].render(scale=1).to_pil().convert("RGB")
    bitmap.save(tmp_path / "report-germany.png")  # for a person to look at
    colours = {c for _n, c in (bitmap.crop((40, 120, 420, 560)).getcolors(1 << 20) or [])}
    assert (0x9F, 0xC9, 0x7F) in colours  # Germany's land, drawn from the map's vectors


def test_the_pdf_is_the_games_teachers_only(teacher, big_deck):
    game = store.create_game(user=teacher, edition="germany", deck=big_deck, seat_names=["A", "B"])
    other = Client()
    other.force_login(make_user("clara", "Teachers"))
    assert other.get(f"/play/report/{game.code}/report.pdf").status_code == 404


def test_a_class_report_prints_on_one_page_with_its_misses(teacher, seven_b, played, tmp_path):
    from play.reports.build import class_report

    host = Client()
    host.force_login(teacher)
    response = host.get(f"/play/classes/{seven_b.pk}/report.pdf", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "7b Erdkunde" in text and "3 finished games" in text
    most = class_report(seven_b)["places"][0]
    assert most["missed"] and most["name"] in text  # the most missed place heads the table
    bitmap = pypdfium2.PdfDocument(response.content)[0].render(scale=1).to_pil().convert("RGB")
    bitmap.save(tmp_path / "report-class.png")
    colours = {c for _n, c in (bitmap.crop((40, 120, 420, 560)).getcolors(1 << 20) or [])}
    assert (0x9F, 0xC9, 0x7F) in colours
