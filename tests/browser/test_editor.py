"""An editor logs in, adds a place with the gazetteer look-up and finds it in the list."""

from __future__ import annotations

import pytest

from cards.models import Place

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_editor_adds_a_place_with_the_lookup(live_server, page, editor, screenshot_dir):
    page.goto(f"{live_server.url}/admin/login/?next=/admin/cards/place/add/")
    page.fill("#id_username", "erika")
    page.fill("#id_password", "pw-erika")
    page.click("input[type=submit]")

    page.fill("#gazetteer-q", "Frankfurt")
    hits = page.locator(".gazetteer-hit")
    hits.filter(has_text="Frankfurt (Oder)").wait_for()
    assert hits.filter(has_text="Frankfurt am Main").count() == 1
    hits.filter(has_text="Frankfurt (Oder)").click()

    assert page.input_value("#id_name") == "Frankfurt (Oder)"
    assert page.input_value("#id_state") == "Brandenburg"
    assert page.input_value("#id_country") == "DE"
    assert float(page.input_value("#id_latitude")) == pytest.approx(52.347, abs=0.01)
    numbers = page.locator(".location-numbers")
    numbers.filter(has_text="N–S").wait_for()
    assert "W–E 85" in numbers.inner_text() and "Deutschland" not in numbers.inner_text()
    assert page.locator("label[for=gazetteer-q]").inner_text() == "Look up in the gazetteer"
    page.locator(".location-map[src]").wait_for()
    # A function, not an expression string: the page's CSP forbids eval, which strings need.
    page.wait_for_function("() => document.querySelector('.location-map').naturalWidth > 0")
    page.screenshot(path=str(screenshot_dir / "place-form.png"), full_page=True)

    page.click("input[name=_save]")
    page.locator(".messagelist .success").wait_for()
    page.fill("#searchbar", "Oder")
    page.press("#searchbar", "Enter")
    row = page.locator("#result_list tbody tr")
    row.first.wait_for()
    assert row.count() == 1
    assert "Frankfurt (Oder)" in row.first.inner_text()
    assert Place.objects.get(name="Frankfurt (Oder)").population > 50_000


def test_the_place_form_s_look_up_speaks_the_admin_s_language(live_server, browser, editor):
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/admin/login/?next=/admin/cards/place/add/")
    page.fill("#id_username", "erika")
    page.fill("#id_password", "pw-erika")
    page.click("input[type=submit]")
    assert page.locator("label[for=gazetteer-q]").inner_text() == "Im Ortsverzeichnis suchen"
    page.fill("#id_latitude", "52.347")
    page.fill("#id_longitude", "14.55")
    page.press("#id_longitude", "Tab")
    numbers = page.locator(".location-numbers")
    numbers.filter(has_text="Deutschland-Raster").wait_for()
    assert "W–O 85" in numbers.inner_text()
    assert "Germany" not in numbers.inner_text() and "World" not in numbers.inner_text()
    context.close()
