"""The German admin speaks German; exports write choice values in the UI's language."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from cards.imports.widgets import ChoiceWidget
from cards.models import Board, Kind

pytestmark = pytest.mark.django_db

ENGLISH = ["Colour", "Select all", "Name En", "Created at", "Gazetteer id", ">Place<", "Cards of"]


def _text(html: str) -> str:
    return re.sub(r"<script.*?</script>|<style.*?</style>|<svg.*?</svg>", "", html, flags=re.S)


def test_the_german_admin_pages_have_no_english_labels(client, editor, world_deck):
    client.force_login(editor)
    urls = [
        "/admin/cards/place/",
        "/admin/cards/place/add/",
        "/admin/cards/place/export/",
        f"/admin/cards/deckcard/?deck__id__exact={world_deck.pk}",
        f"/admin/cards/deck/{world_deck.pk}/change/",
        "/admin/cards/deckcard/add/",
    ]
    for url in urls:
        text = _text(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode())
        for word in ENGLISH:
            assert word not in text, (url, word)
    text = _text(client.get(urls[2], HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Alle auswählen" in text and "Name (englisch)" in text


def _export(client, language: str) -> str:
    response = client.post(
        "/admin/cards/place/export/",
        {"format": "0", "resource": "0", **{f"placeresource_{f}": "on" for f in ("name", "kind")}},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    return response.content.decode("utf-8-sig")


def test_csv_exports_write_choice_values_in_the_ui_language(client, editor, berlin):
    client.force_login(editor)
    assert "Berlin,Stadt oder Ort" in _export(client, "de")
    assert "Berlin,town or city" in _export(client, "en")


def test_choice_values_import_as_codes_or_labels_in_either_language():
    kind = ChoiceWidget(Kind)
    assert kind.clean("city") == "city"
    assert kind.clean("Stadt oder Ort") == "city"
    assert kind.clean("Town or City") == "city"
    assert kind.clean("volcano") == "volcano"  # the row's own check reports it
    board = ChoiceWidget(Board)
    with translation.override("de"):
        assert board.render("EU") == "Europa"
        assert board.clean("Europa") == "EU"
        assert board.render("") == ""


@pytest.mark.parametrize(
    ("language", "shown", "wrong"),
    [("en", "3,426,354", "3.426.354"), ("de", "3.426.354", "3,426,354")],
)
def test_the_place_list_groups_a_population_as_its_language_does(
    client, editor, berlin, language, shown, wrong
):
    client.force_login(editor)
    html = client.get("/admin/cards/place/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert shown in html and wrong not in html
