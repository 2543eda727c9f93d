"""Two devices acting at the same moment never both get a turn, never duplicate a tip."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import IntegrityError, transaction

from play.core import store
from play.models import Move

ROOT = Path(__file__).resolve().parents[2]


def test_it_gives_the_turn_to_exactly_one_of_many_simultaneous_tips(tmp_path):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'race.sqlite3'}")
    env.setdefault("CACHE_DIR", str(tmp_path / "cache"))
    run = subprocess.run(
        [sys.executable, "-m", "tests.play.race_probe"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    outcomes = result["outcomes"]
    assert outcomes.count("ok") == 1, outcomes
    assert all(o.startswith(("400:", "409:")) or o == "ok" for o in outcomes), outcomes
    assert result["stored"] == [[0, 0]] and result["moves"] == 1


@pytest.mark.django_db
def test_the_log_refuses_two_moves_with_one_number(teacher, game2):
    game = store.make_move(game2, None, "lay_out", {}, teacher=True)
    last = game.moves.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(game=game, number=last.number, name="reveal", at=last.at)
