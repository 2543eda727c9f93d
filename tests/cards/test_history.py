"""The admin's history of a place or deck: one entry per change, none for a save without one,
and its page in German in the German admin."""

from __future__ import annotations

import re

import pytest
from django.test import RequestFactory

from cards.models import Deck, Place

pytestmark = pytest.mark.django_db


def _as_posted(model_admin, user, obj) -> dict:
    """The change form's values as the browser sends them back unchanged."""
    request = RequestFactory().get("/")
    request.user = user
    form = model_admin.get_form(request, obj)(instance=obj)
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if value is None:
            continue
        if isinstance(value, list | tuple):
            data[name] = [str(v) for v in value]
        else:
            data[name] = (
                field.widget.format_value(value) if hasattr(field.widget, "format_value") else value
            )
            data[name] = "" if data[name] is None else data[name]
    return data


def _inline_management(page: str) -> dict:
    """The inline formsets' management fields and rows, as the page has them."""
    return dict(
        re.findall(
            r'name="([^"]+-(?:TOTAL|INITIAL|MIN_NUM|MAX_NUM)_FORMS)" value="([^"]*)"',
            page,
        )
    )


def test_saving_a_place_without_a_change_adds_no_history_entry(client, admin_user, berlin):
    from django.contrib import admin

    client.force_login(admin_user)
    url = f"/admin/cards/place/{berlin.pk}/change/"
    entries = berlin.history.count()
    page = client.get(url).content.decode()  # (also loads the admin's registry)
    data = _as_posted(admin.site._registry[Place], admin_user, berlin)
    data.update(_inline_management(page))
    response = client.post(url, {**data, "_save": "Save"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert berlin.history.count() == entries
    data["description"] = "Hauptstadt an der Spree, mit Reichstag."
    assert client.post(url, {**data, "_save": "Save"}).status_code == 302
    assert berlin.history.count() == entries + 1
    assert berlin.history.first().description == data["description"]


def test_saving_a_deck_without_a_change_adds_no_history_entry(client, admin_user, germany_deck):
    from django.contrib import admin

    client.force_login(admin_user)
    url = f"/admin/cards/deck/{germany_deck.pk}/change/"
    entries = germany_deck.history.count()
    page = client.get(url).content.decode()  # (also loads the admin's registry)
    data = _as_posted(admin.site._registry[Deck], admin_user, germany_deck)
    data.update(_inline_management(page))
    assert client.post(url, {**data, "_save": "Save"}).status_code == 302
    assert germany_deck.history.count() == entries


def test_the_history_page_is_german(client, admin_user, berlin):
    client.force_login(admin_user)
    page = client.get(
        f"/admin/cards/place/{berlin.pk}/history/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    table = page[page.index('id="change-history"') :]
    table = table[: table.index("</table>")]
    assert "Änderungen" in table and "Changes" not in table
    assert "None" not in table


def test_an_api_update_without_a_change_adds_no_history_entry(editor, berlin):
    from tests.conftest import api_client_for

    client = api_client_for(editor)
    entries = berlin.history.count()
    url = f"/api/places/{berlin.pk}/"
    same = {"name": berlin.name, "population": berlin.population, "state": berlin.state}
    assert client.patch(url, same, format="json").status_code == 200
    assert berlin.history.count() == entries
    assert client.patch(url, {"population": 3_700_000}, format="json").status_code == 200
    assert berlin.history.count() == entries + 1
