"""The print page, its downloads and cache, the admin action and the render_deck command."""

from __future__ import annotations

import io
import zipfile
from unittest import mock

import pypdf
import pytest
from django.contrib.admin.sites import AdminSite
from django.core.management import CommandError, call_command
from django.test import RequestFactory
from django.urls import reverse

from cards.models import Place
from printing.admin_actions import print_places_action
from printing.core.kit import Kit


def pdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return " ".join(" ".join(p.extract_text().split()) for p in reader.pages)


def test_it_sends_anonymous_visitors_to_the_login(client, germany_deck):
    response = client.get(reverse("printing:deck", args=[germany_deck.slug]))
    assert response.status_code == 302
    assert "login" in response["Location"]


@pytest.mark.parametrize("name", ["student"])
def test_it_forbids_users_outside_the_groups(client, germany_deck, request, name):
    client.force_login(request.getfixturevalue(name))
    assert client.get(reverse("printing:deck", args=[germany_deck.slug])).status_code == 403
    assert client.get(reverse("printing:pdf", args=[germany_deck.slug])).status_code == 403
    assert client.get(reverse("printing:index")).status_code == 403


@pytest.mark.parametrize("name", ["teacher", "editor", "admin_user"])
def test_it_lets_teachers_and_editors_print(client, germany_deck, request, name):
    client.force_login(request.getfixturevalue(name))
    page = client.get(reverse("printing:deck", args=[germany_deck.slug]))
    assert page.status_code == 200
    assert reverse("printing:preview", args=[germany_deck.slug]) in page.content.decode()
    index = client.get(reverse("printing:index"))
    assert germany_deck.name in index.content.decode()


def test_it_serves_pdf_preview_and_png_zip(client, teacher, germany_deck):
    client.force_login(teacher)
    url = reverse("printing:pdf", args=[germany_deck.slug])
    response = client.get(
        url,
        {
            "layout": "fronts",
            "card_size": "poker",
            "paper": "a4",
            "bleed": "3",
            "crop_marks": "on",
            "what": "cards",
            "dpi": "300",
        },
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Berlin" in text and "Görlitz" in text and "Einwohner" not in text
    preview = client.get(reverse("printing:preview", args=[germany_deck.slug]))
    assert preview["Content-Type"] == "image/png" and preview.content[:4] == b"\x89PNG"
    zipped = client.get(reverse("printing:png_zip", args=[germany_deck.slug]), {"dpi": "72"})
    names = zipfile.ZipFile(io.BytesIO(zipped.content)).namelist()
    assert "0001-front-Berlin.png" in names and len(names) == 6


def test_it_shows_clear_errors_for_bad_options(client, teacher, germany_deck):
    client.force_login(teacher)
    page = client.get(
        reverse("printing:deck", args=[germany_deck.slug]), {"layout": "booklet", "bleed": "40"}
    )
    assert page.status_code == 400
    assert "booklet" in page.content.decode()
    pdf = client.get(reverse("printing:pdf", args=[germany_deck.slug]), {"bleed": "-1"})
    assert pdf.status_code == 400


def test_it_serves_the_same_request_from_the_cache_until_a_place_changes(
    client, teacher, germany_deck, berlin
):
    client.force_login(teacher)
    url = reverse("printing:pdf", args=[germany_deck.slug])
    calls = []
    original = Kit.render

    def render(kit, job):
        calls.append(kit.slug)
        return original(kit, job)

    with mock.patch.object(Kit, "render", render):
        first = client.get(url).content
        second = client.get(url).content
        assert len(calls) == 1 and first == second
        berlin.population = 3_700_000
        berlin.save()
        third = client.get(url).content
        assert len(calls) == 2
    assert "3.700.000 Einwohner" in pdf_text(third)


def test_it_prints_selected_places_from_the_admin(editor, berlin, village):
    request = RequestFactory().get("/admin/cards/place/")
    request.user = editor
    request.LANGUAGE_CODE = "en"
    response = print_places_action(
        mock.Mock(admin_site=AdminSite()),
        request,
        Place.objects.filter(pk__in=[berlin.pk, village.pk]),
    )
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Berlin" in text and "Hinterzarten" in text and "inhabitants" in text


def test_it_renders_a_deck_from_the_command(tmp_path, germany_deck):
    out, zipped = tmp_path / "deck.pdf", tmp_path / "faces.zip"
    call_command(
        "render_deck",
        germany_deck.slug,
        "--out",
        str(out),
        "--png-zip",
        str(zipped),
        "--dpi",
        "72",
        "--layout",
        "duplex-short",
        "--card-size",
        "mini",
        "--paper",
        "letter",
        "--bleed",
        "2",
        "--no-crop-marks",
        stdout=io.StringIO(),
    )
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    assert "Hinterzarten" in pdf_text(out.read_bytes())
    assert len(zipfile.ZipFile(zipped).namelist()) == 6


def test_it_renders_world_cards_from_the_command(tmp_path, world_deck):
    out = tmp_path / "world.pdf"
    call_command("render_deck", world_deck.slug, "--out", str(out), stdout=io.StringIO())
    text = pdf_text(out.read_bytes())
    assert "Paris" in text and "EU-" in text


def test_it_refuses_unknown_decks_and_bad_options(tmp_path, germany_deck):
    with pytest.raises(CommandError, match="no kit or deck 'nope'"):
        call_command("render_deck", "nope", "--out", str(tmp_path / "x.pdf"))
    with pytest.raises(CommandError, match="bleed"):
        call_command(
            "render_deck", germany_deck.slug, "--out", str(tmp_path / "x.pdf"), "--bleed", "9"
        )
    with pytest.raises(CommandError, match="--out"):
        call_command("render_deck", germany_deck.slug)


def test_it_offers_only_the_parts_of_the_decks_edition(client, teacher, world_deck):
    client.force_login(teacher)
    page = client.get(reverse("printing:deck", args=[world_deck.slug])).content.decode()
    assert 'value="boards"' in page and 'value="tips"' not in page
    assert 'name="track_length"' in page
    refused = client.get(reverse("printing:pdf", args=[world_deck.slug]), {"what": "tips"})
    assert refused.status_code == 400


def test_it_refuses_a_png_zip_of_an_empty_deck_in_its_language(client, teacher, db):
    from cards.models import Deck, Edition

    deck = Deck.objects.create(slug="leer", name="Leer", edition=Edition.GERMANY)
    client.force_login(teacher)
    response = client.get(reverse("printing:png_zip", args=[deck.slug]), {"dpi": "72"})
    assert response.status_code == 400
    assert "keine Karten" in response.content.decode()


def test_the_command_hits_a_print_shops_preset(tmp_path, germany_deck):
    from PIL import Image

    out = tmp_path / "faces.zip"
    call_command(
        "render_deck", germany_deck.slug, "--png-zip", str(out), "--preset", "tgc-poker",
        stdout=io.StringIO(),
    )  # fmt: skip
    archive = zipfile.ZipFile(out)
    sizes = {Image.open(archive.open(name)).size for name in archive.namelist()}
    assert sizes == {(825, 1125)}


@pytest.mark.parametrize("preset", ["mpc-poker", "tgc-mini"])
def test_it_serves_a_print_shops_preset_as_pdf(client, teacher, germany_deck, preset):
    client.force_login(teacher)
    url = reverse("printing:pdf", args=[germany_deck.slug])
    response = client.get(url, {"what": "cards", "preset": preset, "dpi": "300"})
    assert response.status_code == 200
    assert "Berlin" in pdf_text(response.content)
