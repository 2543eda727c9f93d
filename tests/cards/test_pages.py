from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

pytestmark = pytest.mark.django_db


def test_the_home_page_says_what_the_app_is_and_links_on(client):
    html = client.get("/").content.decode()
    assert "Spot On Studio" in html
    for link in ('href="/cards/"', 'href="/api/docs/"', 'href="/print/"', 'href="/about/"'):
        assert link in html


def test_the_home_page_lists_decks_only_for_signed_in_users(client, teacher, germany_deck):
    assert "Test Deutschland" not in client.get("/").content.decode()
    client.force_login(teacher)
    assert "Test Deutschland" in client.get("/").content.decode()


def test_the_about_page_credits_the_data(client):
    html = client.get("/about/").content.decode()
    assert "GeoNames" in html and "Natural Earth" in html and "CC BY 4.0" in html


def test_the_interface_speaks_english_on_request(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = client.get("/").content.decode()
    assert '<html lang="en">' in html


def test_a_germany_deck_map_shows_a_dot_per_place(client, teacher, germany_deck):
    client.force_login(teacher)
    html = client.get("/decks/de-test/map/").content.decode()
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    ET.fromstring(svg)
    for name in ("Berlin", "Görlitz", "Hinterzarten"):
        assert f">{name}<" in svg


def test_a_world_deck_map_shows_each_board_with_cards(client, teacher, world_deck):
    client.force_login(teacher)
    html = client.get("/decks/world-test/map/?lang=en").content.decode()
    assert html.count("<svg") == 1  # Berlin and Paris are both on the Europe board
    assert "Europe" in html and ">Paris<" in html


def test_deck_maps_are_not_for_anonymous_visitors_or_students(client, student, germany_deck):
    assert client.get("/decks/de-test/map/").status_code == 302
    client.force_login(student)
    assert client.get("/decks/de-test/map/").status_code == 403


def test_teachers_log_in_without_the_admin(client, teacher):
    page = client.get("/accounts/login/?next=/play/")
    assert page.status_code == 200
    response = client.post(
        "/accounts/login/", {"username": "thomas", "password": "pw-thomas", "next": "/play/"}
    )
    assert response.status_code == 302 and response["Location"] == "/play/"
    assert client.get("/play/").status_code == 200


def test_pages_that_need_an_account_send_visitors_to_the_login(client, germany_deck):
    response = client.get("/decks/de-test/map/")
    assert response["Location"].startswith("/accounts/login/")


def test_static_files_are_served_with_debug_off(client, settings):
    settings.DEBUG = False
    response = client.get("/static/vendor/htmx.min.js")
    try:
        assert response.status_code == 200
        assert b"htmx" in b"".join(response.streaming_content)
    finally:
        response.close()
