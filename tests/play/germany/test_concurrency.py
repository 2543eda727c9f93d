"""Two devices acting at the same moment never both get a turn, never duplicate a tip."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import IntegrityError, transaction

from play.core import store
from play.models import Move

pytestmark = pytest.mark.servers

ROOT = Path(__file__).resolve().parents[3]


def test_it_gives_the_turn_to_exactly_one_of_many_simultaneous_tips(tmp_path):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'race.sqlite3'}")
    env.setdefault("CACHE_DIR", str(tmp_path / "cache"))
    run = subprocess.run(
        [sys.executable, "-m", "tests.play.germany.race_probe"],
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


def _probe(module: str, database_url: str, tmp_path: Path) -> dict:
    env = dict(os.environ, DATABASE_URL=database_url)
    env.setdefault("CACHE_DIR", str(tmp_path / "cache"))
    run = subprocess.run(
        [sys.executable, "-m", module],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


@contextmanager
def race_database(tmp_path: Path) -> Iterator[str]:
    """A database of its own for a probe: a SQLite file, or on PostgreSQL (when the suite runs
    there) a fresh database on the same server, dropped afterwards."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        yield f"sqlite:///{tmp_path / 'race.sqlite3'}"
        return
    import psycopg

    name = f"race_{os.getpid()}_{tmp_path.name}".lower().replace("-", "_")[:60]
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_simultaneous_retries_with_one_key_all_get_the_first_answer(tmp_path):
    """Twenty copies of one move with one idempotency key, sent at once: the move is made once
    and every copy is answered as made (none as "not your turn", which the move it retries
    made true)."""
    with race_database(tmp_path) as url:
        result = _probe("tests.play.germany.race_probe_keys", url, tmp_path)
    outcomes = result["outcomes"]
    assert result["moves"] == 2, result  # one from the store's copies, one from the API's
    assert outcomes.count("ok") == 1, outcomes
    assert set(outcomes) <= {"ok", "repeated"}, outcomes
    # Through the API every copy gets the move's answer: 201 and the game as the move left it.
    assert {tuple(a) for a in result["answers"]} == {(201, result["answers"][0][1])}, result
