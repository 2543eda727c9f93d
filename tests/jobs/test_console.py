"""Long commands show a progress bar on a terminal and stay quiet in a pipe or a CI log."""

from __future__ import annotations

import io
import zipfile

from django.core.management import call_command

from jobs.console import bar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_on_a_terminal_and_none_in_a_pipe(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    terminal, pipe = Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        with bar("faces", stream) as progress:
            progress.set_total(4)
            progress.advance(4)
    assert "faces: 100%" in terminal.getvalue() and "4/4" in terminal.getvalue()
    assert pipe.getvalue() == ""


def test_no_bar_in_ci_even_on_a_terminal(monkeypatch):
    monkeypatch.setenv("CI", "true")
    terminal = Terminal()
    with bar("faces", terminal) as progress:
        progress.set_total(1)
        progress.advance()
    assert terminal.getvalue() == ""


def test_render_deck_in_a_pipe_prints_only_its_result(germany_deck, tmp_path):
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "faces.zip"
    call_command(
        "render_deck", germany_deck.slug, "--png-zip", str(target), "--dpi", "72",
        stdout=out, stderr=err,
    )  # fmt: skip
    assert err.getvalue() == ""
    assert out.getvalue().startswith(f"wrote {target}")
    assert len(zipfile.ZipFile(target).namelist()) == 6


def test_load_places_on_a_terminal_shows_its_bar(db, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    out, err = io.StringIO(), Terminal()
    call_command("load_places", "--country", "LI", "--min-population", "0", stdout=out, stderr=err)
    assert "LI places: 100%" in err.getvalue()
    assert "created" in out.getvalue()
