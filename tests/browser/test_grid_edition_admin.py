"""An editor makes the Austria grid edition in the admin and fills a deck from the gazetteer."""

from __future__ import annotations

import pytest

from cards.grids.models import GridEdition
from cards.models import Deck

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_editor_picks_a_country_previews_the_grid_and_fills_a_deck(
    live_server, page, editor, screenshot_dir
):
    page.goto(f"{live_server.url}/admin/login/?next=/admin/cards/gridedition/add/")
    page.fill("#id_username", "erika")
    page.fill("#id_password", "pw-erika")
    page.click("input[type=submit]")

    page.fill("#id_name", "Österreich")
    page.fill("#id_name_en", "Austria")
    page.fill("#id_country", "AT")
    page.press("#id_country", "Tab")
    page.wait_for_function("() => document.getElementById('id_ns_max').value === '50'")
    assert page.input_value("#id_we_max") == "80"
    assert float(page.input_value("#id_west")) == pytest.approx(9.37)
    page.wait_for_function("() => document.querySelector('img.grid-preview').naturalWidth > 0")
    page.fill("#id_ns_max", "60")
    page.press("#id_ns_max", "Tab")
    page.wait_for_function(
        "() => { const img = document.querySelector('img.grid-preview');"
        " return img.src.includes('ns_max=60') && img.complete && img.naturalWidth > 0; }"
    )
    page.screenshot(path=str(screenshot_dir / "grid-edition-form.png"), full_page=True)
    page.click("input[name=_continue]")
    page.locator(".messagelist .success").wait_for()
    austria = GridEdition.objects.get(slug="austria")
    assert (austria.ns_max, austria.we_max) == (60, 80)

    page.click("text=Fill a deck from the gazetteer")
    page.fill("#id_deck", "oesterreich")
    page.fill("#id_deck_name", "Österreich")
    page.fill("#id_min_population", "20000")
    page.fill("#id_count", "10")
    page.click("input[type=submit]")
    # A job: its page follows it to the end and links the deck.
    page.locator(".job[data-status=done]").wait_for()
    assert "10 cards" in page.locator(".job-status").inner_text()
    page.locator("a.job-result").click()
    page.wait_for_url("**/deckcard/**")
    deck = Deck.objects.get(slug="oesterreich")
    assert (deck.grid_id, deck.cards.count()) == (austria.pk, 10)
