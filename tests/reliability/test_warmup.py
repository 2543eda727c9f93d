"""Server start-up: every project template compiles before the first request needs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from config.warmup import FULL_COLLECTION_AFTER, template_names, warm_up


def test_the_project_templates_are_found_and_third_party_ones_left_alone():
    names = template_names()
    assert "play/_stage.html" in names
    assert "play/germany/_device.html" in names
    assert "play/match/_device.html" in names
    assert "admin/change_list.html" not in names  # the admin's own, compiled when first used
    assert "rest_framework/api.html" not in names


def test_warm_up_compiles_every_project_template_without_the_database():
    # A template that does not compile fails here, not on a classroom's first request; and as
    # this test has no database, a warm-up that touched one (before gunicorn forks) fails too.
    assert warm_up() == len(template_names())


@pytest.mark.servers  # a fresh interpreter, as a server starts
@pytest.mark.parametrize("entry", ["config.wsgi", "config.asgi"])
def test_the_server_process_freezes_what_it_loaded_and_makes_full_collections_rare(entry):
    # In a fresh interpreter, as gunicorn's master or uvicorn loads the app: the objects loaded
    # at start-up are moved out of the collector's way (a full collection of them stalled a
    # worker), and a full collection of the sockets' objects comes rarely (each stopped the
    # socket server's drawing for half a second).
    code = (
        f"import gc, json, {entry}; print(json.dumps([gc.get_freeze_count(), gc.get_threshold()]))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    frozen, thresholds = json.loads(run.stdout.strip().splitlines()[-1])
    assert frozen > 50_000
    assert thresholds[2] == FULL_COLLECTION_AFTER >= 100
