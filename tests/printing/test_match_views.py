"""The print page of a match deck: options, preview, PDF and PNG downloads, permissions."""

from __future__ import annotations

import io
import re
import zipfile

import pypdf
import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from cards.symbols.making import make_match_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_deck(db):
    make_match_deck("mini", order=3, symbols="island", name="Mini-Insel")
    return "mini"


def test_the_decks_print_page_has_the_round_card_options(client, teacher, small_deck):
    client.force_login(teacher)
    page = client.get(reverse("printing:deck", args=[small_deck]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Mini-Insel" in html and "CC BY 3.0" in html and 'name="diameter"' in html


def test_it_downloads_the_pdf_with_the_chosen_options(client, teacher, small_deck):
    client.force_login(teacher)
    url = reverse("printing:pdf", args=[small_deck])
    response = client.get(url, {"paper": "letter", "diameter": "70", "layout": "fronts"})
    assert response.status_code == 200
    assert "mini-cards-de.pdf" in response["Content-Disposition"]
    reader = pypdf.PdfReader(io.BytesIO(response.content))
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612, abs=0.01)
    assert len(reader.pages) == 3  # 13 cards, 6 per Letter page at 70 mm, fronts only


def test_it_downloads_a_png_per_face_and_a_preview(client, editor, small_deck):
    client.force_login(editor)
    response = client.get(reverse("printing:png_zip", args=[small_deck]), {"dpi": "72"})
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert len(names) == 26 and names[0] == "0001-front-symbol.png"
    preview = client.get(reverse("printing:preview", args=[small_deck]))
    assert preview["Content-Type"] == "image/png" and preview.content[:4] == b"\x89PNG"


def test_bad_options_are_a_400_with_the_reason(client, teacher, small_deck):
    client.force_login(teacher)
    response = client.get(reverse("printing:pdf", args=[small_deck]), {"diameter": "500"})
    assert response.status_code == 400
    assert "diameter" in response.content.decode()
    page = client.get(reverse("printing:deck", args=[small_deck]), {"layout": "fold"})
    assert page.status_code == 400


def test_only_teachers_and_editors_print(client, student, small_deck):
    assert client.get(reverse("printing:pdf", args=[small_deck])).status_code == 302
    client.force_login(student)
    assert client.get(reverse("printing:pdf", args=[small_deck])).status_code == 403


def test_other_decks_have_no_round_card_page(client, teacher, germany_deck):
    client.force_login(teacher)
    assert client.get(f"/print/{germany_deck.slug}/round/").status_code == 404


@pytest.fixture
def unprintable_deck(db):
    """A match deck whose first symbol is a text label no shipped font can draw."""
    match = make_match_deck("hiero", order=2, symbols="island", name="Hiero", language="en")
    first = match.symbol_set.symbols.order_by("position").first()
    first.icon, first.text = "", "Ort \U00013000"
    first.save()
    return "hiero"


@pytest.mark.parametrize("route", ["printing:pdf", "printing:png_zip"])
def test_a_label_no_font_has_is_a_400_naming_the_card_and_character(
    client, teacher, unprintable_deck, route
):
    client.force_login(teacher)
    response = client.get(reverse(route, args=[unprintable_deck]), {"dpi": "72"})
    assert response.status_code == 400
    text = response.content.decode()
    assert "\n" not in text
    assert re.match(r"^Cannot print “Ort .” \(card \d+\): no font has .*U\+13000", text), text


def test_the_command_names_a_label_no_font_has_in_one_line(tmp_path, unprintable_deck):
    with pytest.raises(CommandError, match=r"^Cannot print “Ort .” \(card \d+\): [^\n]*U\+13000"):
        call_command("render_deck", unprintable_deck, "--out", str(tmp_path / "x.pdf"))
    with pytest.raises(CommandError, match=r"^„Ort .“ \(Karte \d+\) lässt sich nicht drucken: "
                       r"keine Schrift hat [^\n]*U\+13000"):  # fmt: skip
        call_command("render_deck", unprintable_deck, "--language", "de",
                     "--png-zip", str(tmp_path / "x.zip"))  # fmt: skip


def test_a_deck_named_after_its_symbol_set_prints_the_sets_name_in_the_kits_language(tmp_path):
    make_match_deck("insel", order=2, symbols="island", name="Insel")
    out = tmp_path / "en.pdf"
    call_command("render_deck", "insel", "--language", "en", "--out", str(out))
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    assert "Island" in text and "Insel" not in text
    call_command("render_deck", "insel", "--out", str(out))
    assert "Insel" in " ".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
