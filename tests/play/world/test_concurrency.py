"""Simultaneous world moves: one winner for a turn, one guess per team, locks stick."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.servers

ROOT = Path(__file__).resolve().parents[3]


def test_simultaneous_choices_guesses_and_locks(tmp_path):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'race.sqlite3'}")
    env.setdefault("CACHE_DIR", str(tmp_path / "cache"))
    run = subprocess.run(
        [sys.executable, "-m", "tests.play.world.race_probe"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["choosing"].count("ok") == 1, result["choosing"]
    allowed = ("ok", "409:not_your_turn", "400:card_not_available")
    assert all(o in allowed for o in result["choosing"]), result
    assert result["taken"] == [result["first"]]
    guessing = result["guessing"]
    assert all(o == "ok" or o == "409:guess_locked" for o in guessing), guessing
    stored = result["stored"]
    assert sorted(t for t, _g, _l in stored) == list(range(6))  # one guess per team
    for _team, guess, locked in stored:
        assert locked and guess == "EU-O"  # a lock is never undone by a later change
