"""A teacher prints an Austria and a Switzerland deck from the print studio in Chromium: the
kit's PDF carries the country's name and its own grid numbers, never Germany's."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pytest
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("country", "slug", "name"), [("AT", "austria", "Österreich"), ("CH", "switzerland", "Schweiz")]
)
def test_a_teacher_prints_a_grid_edition_deck(
    country, slug, name, browser, live_server, teacher, screenshot_dir
):
    from cards.grids.decks import deck_for, edition_for_country, fill_deck

    deck = deck_for(slug, edition_for_country(country), name=name, language="de")
    fill_deck(deck, 30_000, 12)
    places = [card.place for card in deck.cards.select_related("place")]
    numbers = deck.grid_edition().numbers_for(places)
    client = Client()
    client.force_login(teacher)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/print/{slug}/")
    assert f"Drucken: {name}" in page.locator("h1").inner_text()
    page.screenshot(path=str(screenshot_dir / f"print-{slug}.png"), full_page=True)
    with page.expect_download() as download:
        page.get_by_role("link", name="PDF herunterladen").click()
    pdf = pypdf.PdfReader(io.BytesIO(Path(download.value.path()).read_bytes()))
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert f"Spot On: {name}" in text and not re.search(r"\bDeutschland\b", text)
    for place, (ns, we) in zip(places, numbers, strict=True):
        assert place.name.split()[0] in text
        assert ns is not None and we is not None
        assert re.search(rf"\b{ns}\b", text) and re.search(rf"\b{we}\b", text)
    context.close()
