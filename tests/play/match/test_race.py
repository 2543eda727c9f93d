"""Teams claiming the same card at the same moment: exactly one gets it, the others are late."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.servers

ROOT = Path(__file__).resolve().parents[3]


def test_it_gives_a_card_claimed_by_three_teams_at_once_to_exactly_one(tmp_path):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'race.sqlite3'}")
    env.setdefault("CACHE_DIR", str(tmp_path / "cache"))
    run = subprocess.run(
        [sys.executable, "-m", "tests.play.match.race_probe"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    colours = ["orange", "blue", "red"]
    for entry in result["rounds"]:
        assert sorted(entry["outcomes"]) == ["409:too_late", "409:too_late", "ok"], entry
        assert entry["stack"] == 2  # one card went on the island card, not two
        assert entry["winner_role"] == colours[entry["winners"][0]]
    assert result["moves"] == 1 + len(result["rounds"])
    assert result["replays"]
