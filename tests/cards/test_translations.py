"""The interface speaks German by default and English on request."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from cards.models import Deck, Place
from printing import kits
from printing.kit_forms import KitForm

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"


@pytest.mark.django_db
def test_the_home_page_is_german_by_default(client):
    html = client.get("/").content.decode()
    assert '<html lang="de">' in html
    assert "Kartendatenbank" in html and "Karten drucken" in html
    assert "Card database" not in html


@pytest.mark.django_db
def test_the_home_page_is_english_after_choosing_english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = client.get("/").content.decode()
    assert "Card database" in html and "Print studio" in html
    assert "Kartendatenbank" not in html


def test_model_and_form_labels_follow_the_active_language():
    with translation.override("de"):
        assert Place._meta.verbose_name == "Ort"
        assert Deck._meta.verbose_name_plural == "Kartensätze"
        assert Place._meta.get_field("state").verbose_name == "Bundesland"
        form = KitForm(kits.get("germany"), {})
        assert str(form.fields["crop_marks"].label) == "Schnittmarken"
    with translation.override("en"):
        assert Place._meta.verbose_name == "place"
        form = KitForm(kits.get("germany"), {})
        assert str(form.fields["crop_marks"].label) == "Crop marks"


def test_plurals_and_placeholders_survive_translation():
    with translation.override("de"):
        one = translation.ngettext(
            "%(n)d place added to %(deck)s.", "%(n)d places added to %(deck)s.", 1
        )
        many = translation.ngettext(
            "%(n)d place added to %(deck)s.", "%(n)d places added to %(deck)s.", 3
        )
    assert one % {"n": 1, "deck": "X"} == "1 Ort zu X hinzugefügt."
    assert many % {"n": 3, "deck": "X"} == "3 Orte zu X hinzugefügt."


def _entries(text: str) -> list[tuple[str, list[str]]]:
    def join(chunk: str) -> str:
        return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', chunk))

    entries = []
    for block in text.split("\n\n")[1:]:
        msgid = re.search(r"^msgid (.*?)(?=^msg)", block, re.S | re.M)
        if msgid is None:  # a block of comments only
            continue
        strs = re.findall(r"^msgstr(?:\[\d\])? (.*?)(?=^msg|\Z)", block, re.S | re.M)
        entries.append((join(msgid.group(1)), [join(s) for s in strs]))
    return entries


def test_every_message_is_translated_with_its_placeholders():
    entries = _entries(CATALOGUE.read_text(encoding="utf-8"))
    assert len(entries) > 150
    placeholder = re.compile(r"%\(\w+\)[-.\d]*[sdf]|\{\{[^}]*\}\}")
    for msgid, msgstrs in entries:
        for msgstr in msgstrs:
            assert msgstr, msgid
            assert sorted(placeholder.findall(msgstr)) == sorted(placeholder.findall(msgid)), msgid
