"""The card database's pages fit their screens in Chromium: the teacher's /cards/ list on a
390×844 phone, and an editor's import error table on a 1280-pixel screen, without scrolling
sideways."""

from __future__ import annotations

import pytest
from django.test import Client

from cards.models import Deck, DeckCard, Place

pytestmark = pytest.mark.django_db(transaction=True)


def _context(browser, live_server, user, width: int, height: int, phone: bool = False):
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale="de-DE",
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=3 if phone else 1,
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    context.set_default_timeout(15_000)
    return context


def _page_width(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth")


def test_the_teacher_s_card_list_fits_a_phone(browser, live_server, teacher):
    deck = Deck.objects.create(slug="de", name="Deutschland (Schulausgabe)", edition="germany")
    for name, name_en, state, description in [
        (
            "Frankfurt am Main",
            "Frankfurt on the Main",
            "Hessen",
            "Bankenstadt am Main mit Flughafen, Messe und der Europäischen Zentralbank.",
        ),
        (
            "Garmisch-Partenkirchen",
            "",
            "Bayern",
            "Markt am Fuß der Zugspitze, des höchsten Bergs Deutschlands.",
        ),
        (
            "Mecklenburgische Seenplatte",
            "Mecklenburg Lake District",
            "Mecklenburg-Vorpommern",
            "Landschaft mit mehr als tausend Seen, darunter die Müritz.",
        ),
    ]:
        place = Place.objects.create(
            name=name,
            name_en=name_en,
            state=state,
            country="DE",
            description=description,
            population=763_380,
            latitude=50.11,
            longitude=8.68,
        )
        DeckCard.objects.create(deck=deck, place=place)
    context = _context(browser, live_server, teacher, 390, 844, phone=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/cards/")
    page.get_by_text("Garmisch-Partenkirchen").first.wait_for()
    assert _page_width(page) <= 390
    # Every column's value is still there, each with its label.
    row = page.locator("table.browse tbody tr").filter(has_text="Frankfurt am Main")
    text = row.inner_text()
    assert "Hessen" in text and "Bankenstadt" in text and "763" in text
    label = row.locator("td[data-label]").first.evaluate(
        "td => getComputedStyle(td, '::before').content"
    )
    assert "Bundesland" in label
    context.close()


def test_the_import_error_table_wraps_to_the_page(browser, live_server, editor, tmp_path):
    header = (
        "name,name_en,kind,country,state,description,description_en,population,latitude,longitude\n"
    )
    rows = "".join(
        f"Ort {i},Place {i},city,DE,Nordrhein-Westfalen,{'Eine lange Beschreibung ' * 8},"
        f"{'A long description ' * 8},1200,{95 + i},7.1\n"
        for i in range(3)
    )
    upload = tmp_path / "orte.csv"
    upload.write_text(header + rows, encoding="utf-8")
    context = _context(browser, live_server, editor, 1280, 900)
    page = context.new_page()
    page.goto(f"{live_server.url}/admin/cards/place/import/")
    page.set_input_files("input[name=import_file]", str(upload))
    page.locator("input[type=submit]").first.click()
    table = page.locator("table.import-errors")
    table.wait_for()
    assert table.locator("tbody tr").count() == 3
    assert _page_width(page) <= 1280
    assert table.bounding_box()["width"] <= 1280
    assert "Ort 1" in table.inner_text()
    context.close()
