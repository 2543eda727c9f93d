"""Commands start without what they never use: the REST framework, the play API, numpy, the
progress bar's library, Daphne's Twisted and the bidi algorithm load where they are needed (a
request, a grid's numbers, a terminal, the development server, a right-to-left name)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.servers

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, sys
import django
HEAVY = ("rest_framework.serializers", "drf_spectacular.openapi", "play.shells.api", "numpy",
         "tqdm", "twisted.internet", "bidi.algorithm")
django.setup()
setup = [m for m in HEAVY if m in sys.modules]
from django.core.management import load_command_class
load_command_class("printing", "render_deck").create_parser("manage.py", "render_deck")
print(json.dumps([setup, [m for m in HEAVY if m in sys.modules]]))
"""


def test_setup_and_the_print_command_load_neither_the_api_nor_the_progress_bar():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    setup, command = json.loads(result.stdout.strip().splitlines()[-1])
    assert setup == []
    assert command == ["numpy"]  # the grid numbers of the deck's cards (printing.core.deck_source)


def test_runserver_is_daphne_s_so_that_make_run_serves_the_sockets():
    from daphne.management.commands.runserver import Command as DaphneRunserver
    from django.core.management import get_commands, load_command_class

    app = get_commands()["runserver"]
    assert isinstance(load_command_class(app, "runserver"), DaphneRunserver)


def test_manage_py_starts_django_with_the_collector_off_and_runs_its_command_with_it_on():
    """The long-running commands (the job worker, the development server) must collect their
    garbage; what start-up made is frozen, out of the collector's way."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    probe = "import gc, json; print(json.dumps([gc.isenabled(), gc.get_freeze_count()]))"
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", probe],
        env=env, cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    enabled, frozen = json.loads(result.stdout.strip().splitlines()[-1])
    assert enabled
    assert frozen > 10_000  # every app's modules and models


def test_the_shell_imports_every_model_without_a_note_about_ones_it_could_not():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    probe = "import json; print(json.dumps(['GridEdition' in dir(), 'Place' in dir()]))"
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", probe],
        env=env, cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "could not be automatically imported" not in result.stdout + result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == [True, True]


ENDING_PROBE = """
import atexit, runpy, sys

# A file left open: Python writes out what it holds only as it takes itself apart at the end.
left_open = open(sys.argv[1], "w")
left_open.write("torn down")
atexit.register(lambda: sys.stderr.write("exit handlers ran\\n"))
sys.argv = ["manage.py", *sys.argv[2:]]
runpy.run_path("manage.py", run_name="__main__")
"""


def _run_manage(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess, str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT)}
    left_open = tmp_path / "left-open.txt"
    result = subprocess.run(
        [sys.executable, "-c", ENDING_PROBE, str(left_open), *args],
        env=env, cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    return result, left_open.read_text()


def test_a_print_command_ends_as_python_does(tmp_path):
    """No shortcut out of the interpreter: a file a print command's caller left open is
    written out, and the exit handlers run, as for any other command."""
    out = tmp_path / "numbers.pdf"
    result, left_open = _run_manage(tmp_path, "render_kit", "numbers", "--what", "rules",
                                    "--out", str(out))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert f"wrote {out}" in result.stdout
    assert out.read_bytes().startswith(b"%PDF")
    assert "exit handlers ran" in result.stderr
    assert left_open == "torn down"


def test_a_failed_print_command_and_other_commands_end_as_python_does(tmp_path):
    failed = _run_manage(tmp_path, "render_kit", "numbers", "--track-length", "20", "--out", "x")
    assert failed[0].returncode == 1
    assert "track_length does not apply to the numbers kit" in failed[0].stderr
    other = _run_manage(tmp_path, "check")
    assert other[0].returncode == 0, other[0].stderr
    for result, left_open in (failed, other):
        assert "exit handlers ran" in result.stderr
        assert left_open == "torn down"
