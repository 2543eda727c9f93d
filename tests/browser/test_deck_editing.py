"""An editor edits the big Germany starter deck: its description, a card added by autocomplete,
a card removed; then a second copy of a town is refused."""

from __future__ import annotations

import pytest

from cards import starter
from cards.models import Deck, Place

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_editor_edits_the_germany_deck(live_server, page, editor, screenshot_dir):
    deck, _result = starter.germany_deck()
    size = deck.cards.count()
    assert size > 600
    Place.objects.create(
        name="Hinterzarten", country="DE", state="Baden-Württemberg", population=2600,
        latitude=47.90276, longitude=8.10701,
    )  # fmt: skip
    page.goto(f"{live_server.url}/admin/login/?next=/admin/cards/deck/{deck.pk}/change/")
    page.fill("#id_username", "erika")
    page.fill("#id_password", "pw-erika")
    page.click("input[type=submit]")

    # The deck's own form: only its fields, saved on their own.
    page.fill("#id_description", "Alle deutschen Städte ab 20.000 Einwohnern.")
    page.click("input[name=_continue]")
    page.locator(".messagelist .success").wait_for()
    deck.refresh_from_db()
    assert deck.description == "Alle deutschen Städte ab 20.000 Einwohnern."

    # Its cards: a paginated list with an autocomplete to add a place.
    page.click("a.deck-cards-link")
    page.locator("#result_list").wait_for()
    assert page.locator("#result_list tbody tr").count() == 50
    page.click(".deck-add-place .select2-selection")
    page.fill(".select2-search__field", "Hinterz")
    page.locator(".select2-results__option", has_text="Hinterzarten").click()
    page.click(".deck-add-place button[type=submit]")
    page.locator(".messagelist .success").wait_for()
    assert deck.cards.filter(place__name="Hinterzarten").exists()
    page.screenshot(path=str(screenshot_dir / "deck-cards.png"), full_page=False)

    # Remove Stade: search, select, delete the card (never the place).
    page.fill("#searchbar", "Stade")
    page.press("#searchbar", "Enter")
    row = page.locator("#result_list tbody tr", has_text="Stade").first
    row.locator("input.action-select").check()
    page.select_option("select[name=action]", "delete_selected")
    page.click("button[name=index]")
    page.click("#content form input[type=submit]")
    page.locator(".messagelist .success").wait_for()
    assert not deck.cards.filter(place__name="Stade").exists()
    assert Place.objects.filter(name="Stade").exists()
    assert deck.cards.count() == size

    # A second Frankfurt am Main from the look-up is refused, with a link to the first.
    page.goto(f"{live_server.url}/admin/cards/place/add/")
    page.fill("#gazetteer-q", "Frankfurt")
    page.locator(".gazetteer-hit", has_text="Frankfurt am Main").click()
    assert page.input_value("#id_name_en") == "Frankfurt am Main"
    assert page.locator(".gazetteer-status a.existing-place").count() == 1  # warned at once
    # The map preview arrives after the choice and pushes the buttons down; on a busy machine a
    # click sent just before it landed where Save had been, and nothing was submitted.
    page.wait_for_function("() => document.querySelector('.location-map').naturalWidth > 0")
    with page.expect_navigation() as saved:
        page.click("input[name=_save]")
    assert saved.value.request.method == "POST" and saved.value.status == 200
    error = page.locator(".errornote, .errorlist").filter(has_text="already")
    assert error.count(), page.inner_text("#content")[:800]
    first = Place.objects.get(name="Frankfurt am Main")
    assert page.locator(f'a.existing-place[href="/admin/cards/place/{first.pk}/change/"]').count()
    assert Place.objects.filter(name="Frankfurt am Main").count() == 1
    assert Deck.objects.get(pk=deck.pk).cards.count() == size
    # Let the form's live preview finish before the browser closes.
    page.wait_for_function("() => document.querySelector('.location-map').naturalWidth > 0")
    page.wait_for_load_state("networkidle")
