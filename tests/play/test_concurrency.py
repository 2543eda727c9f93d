"""Two devices acting at the same moment never both get a turn, never duplicate a tip."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import IntegrityError, transaction

from play import germany
from play.models import PlayedTip

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
    assert result["stored"] == [[0, 0]]


@pytest.mark.django_db
def test_the_database_refuses_a_second_tip_for_the_same_turn(teacher, game2):
    rnd = germany.start_round(game2)
    a, b = game2.teams.all()
    place = rnd.places.first().place_id
    PlayedTip.objects.create(round=rnd, team=a, place_id=place, tip="N", card="N", order=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayedTip.objects.create(round=rnd, team=b, place_id=place, tip="S", card="S", order=0)


@pytest.mark.django_db
def test_the_database_refuses_both_sides_of_the_wm_card(teacher, game2):
    rnd = germany.start_round(game2)
    a = game2.teams.first()
    place = rnd.places.first().place_id
    PlayedTip.objects.create(round=rnd, team=a, place_id=place, tip="W", card="W/M", order=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayedTip.objects.create(round=rnd, team=a, place_id=place, tip="M", card="W/M", order=2)
