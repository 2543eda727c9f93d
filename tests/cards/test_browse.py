"""Teachers browse the card database read-only; editors go on to the admin."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

URL = "/cards/"


def test_teachers_get_a_read_only_browser_not_the_admins_refusal(
    client, teacher, germany_deck, paris
):
    client.force_login(teacher)
    response = client.get(URL, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Berlin" in html and "Paris" in html
    assert 'href="/decks/de-test/map/"' in html
    assert "/admin/" not in html


def test_it_searches_and_filters(client, teacher, germany_deck, paris):
    client.force_login(teacher)
    html = client.get(URL + "?q=gör").content.decode()
    assert (
        '<td class="browse-name">Görlitz' in html and '<td class="browse-name">Berlin' not in html
    )
    html = client.get(URL + "?deck=de-test").content.decode()
    assert (
        '<td class="browse-name">Hinterzarten' in html
        and '<td class="browse-name">Paris' not in html
    )
    html = client.get(URL + "?country=FR").content.decode()
    assert '<td class="browse-name">Paris' in html and '<td class="browse-name">Görlitz' not in html


def test_the_country_filter_shows_names_in_the_ui_language(client, teacher, berlin, paris):
    client.force_login(teacher)
    html = client.get(URL, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<option value="FR">Frankreich</option>' in html
    html = client.get(URL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<option value="DE">Germany</option>' in html


def test_editors_go_on_to_the_admin_and_strangers_to_the_login(client, editor, student):
    assert client.get(URL).status_code == 302
    client.force_login(student)
    assert client.get(URL).status_code == 403
    client.force_login(editor)
    response = client.get(URL)
    assert response.status_code == 302 and response["Location"] == "/admin/"


def test_the_admins_country_filter_shows_names(client, editor, berlin, paris):
    client.force_login(editor)
    html = client.get("/admin/cards/place/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Frankreich" in html and "Deutschland" in html
