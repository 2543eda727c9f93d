"""One print command for every kit; options that do not apply are refused by name."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from cards.symbols.making import make_match_deck

pytestmark = pytest.mark.django_db


def _outline(path) -> list[str]:
    return [item.title for item in pypdf.PdfReader(path).outline]


def test_render_kit_prints_a_fixed_kit_and_a_deck(tmp_path, germany_deck):
    out = tmp_path / "n.pdf"
    call_command("render_kit", "numbers", "--out", str(out), "--language", "en",
                 stdout=io.StringIO())  # fmt: skip
    assert _outline(out) == ["54 playing cards", "Target sheet", "Rules (German and English)"]
    deck = tmp_path / "d.pdf"
    call_command("render_kit", germany_deck.slug, "--what", "kit", "--out", str(deck),
                 stdout=io.StringIO())  # fmt: skip
    titles = _outline(deck)
    assert titles[0] == "Ortskarten" and "Kurzregeln" in titles and len(titles) == 6


def test_a_match_decks_kit_holds_its_round_cards_and_the_rules(tmp_path):
    make_match_deck("mini", order=3, symbols="island", name="Mini-Insel")
    out = tmp_path / "m.pdf"
    call_command("render_deck", "mini", "--what", "kit", "--out", str(out), stdout=io.StringIO())
    reader = pypdf.PdfReader(out)
    assert [o.title for o in reader.outline] == [
        "Runde Karten",
        "Spielregeln (Deutsch und Englisch)",
    ]
    # The rules sheets of a duplex file have blank backs.
    text = [t for t in (page.extract_text() for page in reader.pages) if t]
    assert "Die Insel – Spielregeln" in text[-2] and "The Island – rules" in text[-1]
    assert "Büroklammer" in text[-2] and "paper clip" in text[-1]
    assert "mit 100 % drucken" in text[0]  # the scale note on every sheet of cards
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--card-size", "poker"], "card_size does not apply to the match kit"),
        (["--preset", "mpc-poker"], "preset does not apply to the match kit"),
        (["--track-length", "50"], "track_length does not apply to the match kit"),
    ],
)
def test_options_a_match_deck_does_not_have_are_refused(tmp_path, args, message):
    make_match_deck("mini", order=3, symbols="island")
    with pytest.raises(CommandError, match=message):
        call_command("render_deck", "mini", "--out", str(tmp_path / "x.pdf"), *args)


def test_a_preset_with_its_own_settings_is_refused(tmp_path, germany_deck):
    with pytest.raises(CommandError, match=r"^the preset mpc-poker sets .*; leave out dpi 600"):
        call_command("render_deck", germany_deck.slug, "--out", str(tmp_path / "x.pdf"),
                     "--preset", "mpc-poker", "--dpi", "600")  # fmt: skip


def test_a_preset_with_the_same_settings_given_again_prints(tmp_path, germany_deck):
    out = tmp_path / "x.pdf"
    call_command("render_deck", germany_deck.slug, "--out", str(out), "--preset", "mpc-poker",
                 "--dpi", "300", "--bleed", "3.048", "--card-size", "poker-us")  # fmt: skip
    assert out.read_bytes().startswith(b"%PDF")


def test_unwritable_paths_and_empty_decks_are_one_line(tmp_path, germany_deck):
    with pytest.raises(CommandError, match=r"^cannot write /proc/x\.pdf: [^\n]+$"):
        call_command("render_deck", germany_deck.slug, "--out", "/proc/x.pdf")
    empty = germany_deck.__class__.objects.create(slug="leer", name="Leer", edition="germany")
    with pytest.raises(CommandError, match=r"^Dieses Deck hat noch keine Karten\.$"):
        call_command("render_deck", empty.slug, "--what", "kit", "--out", str(tmp_path / "e.pdf"))


def test_the_print_page_refuses_an_option_the_kit_does_not_have(client, teacher, germany_deck):
    client.force_login(teacher)
    url = reverse("printing:pdf", args=[germany_deck.slug])
    response = client.get(url, {"diameter": "80"})
    assert response.status_code == 400
    assert "diameter does not apply to the germany kit" in response.content.decode()


def test_the_print_studio_lists_every_kit(client, teacher, germany_deck, world_deck):
    make_match_deck("mini", order=3, symbols="island", name="Mini-Insel")
    client.force_login(teacher)
    html = client.get(reverse("printing:index")).content.decode()
    for url in ("/print/kits/numbers/", "/print/kits/dice/", "/print/de-test/", "/print/mini/"):
        assert url in html, url
    assert client.get("/print/kits/dice/").status_code == 200
    page = client.get("/print/kits/dice/").content.decode()
    assert 'name="mix"' in page and "/print/kits/dice/kit.pdf" in page


def _manage(*args: str) -> subprocess.CompletedProcess:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=root, env=env, capture_output=True, text=True
    )


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [("--bleed", "abc", "bleed must be a number, not 'abc'"),
     ("--dpi", "many", "dpi must be a number, not 'many'")],
)  # fmt: skip
def test_a_bad_number_on_the_command_line_is_one_line(tmp_path, flag, value, message):
    result = _manage("render_kit", "numbers", flag, value, "--out", str(tmp_path / "n.pdf"))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [f"CommandError: {message}"]


def test_the_commands_help_is_english():
    result = _manage("render_kit", "--help")
    assert result.returncode == 0
    for label in ("Language", "Layout", "Paper", "Card size"):
        assert label in result.stdout, label
    for german in ("Sprache", "Anordnung", "Papier", "Kartengröße"):
        assert german not in result.stdout, german
