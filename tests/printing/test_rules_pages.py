"""Every kit's rules sheet as an HTML page: the PDF's own text, its sections as headings, in
German and English, linked from the print studio."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from printing import kits
from printing.rules_page import PAGES

pytestmark = pytest.mark.django_db


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("game", PAGES)
def test_it_shows_the_rules_sheets_text_with_its_sections_as_headings(client, game, language):
    response = client.get(reverse("printing:rules", args=[game]), {"lang": language})
    assert response.status_code == 200
    page = response.content.decode()
    title, sections = kits.get(game).rules(language)
    assert f"<h1>{html.escape(title)}</h1>" in page
    assert f'lang="{language}"' in page
    words = " ".join(_text(page).split())
    for heading, body in sections:
        assert f"<h2>{html.escape(heading)}</h2>" in page
        assert " ".join(body.split()) in words


def test_every_game_with_a_printed_rules_sheet_has_a_page():
    assert set(PAGES) == {"germany", "world", "numbers", "dice", "match"}


def test_the_match_rules_say_how_turns_in_order_differ_from_the_race(client):
    page = client.get(reverse("printing:rules", args=["match"]), {"lang": "en"}).content.decode()
    assert "No speed needed: turns in order" in page
    page = client.get(reverse("printing:rules", args=["match"]), {"lang": "de"}).content.decode()
    assert "Ohne Tempo: reihum" in page


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/print/rules/chess/").status_code == 404


def test_the_print_studio_links_every_rules_page(client, teacher):
    client.force_login(teacher)
    page = client.get(reverse("printing:index")).content.decode()
    for game in PAGES:
        assert reverse("printing:rules", args=[game]) in page
