from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import env_bool, env_int, env_list


def test_env_bool_reads_common_spellings(monkeypatch):
    monkeypatch.setenv("FLAG", "Yes")
    assert env_bool("FLAG", False) is True
    monkeypatch.setenv("FLAG", "off")
    assert env_bool("FLAG", True) is False
    monkeypatch.delenv("FLAG")
    assert env_bool("FLAG", True) is True


def test_env_bool_fails_loudly(monkeypatch):
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG"):
        env_bool("FLAG", False)


def test_env_int_fails_loudly(monkeypatch):
    monkeypatch.setenv("N", "ten")
    with pytest.raises(ImproperlyConfigured, match="N must be a whole number"):
        env_int("N", 1)
    monkeypatch.setenv("N", "3")
    with pytest.raises(ImproperlyConfigured, match="at least 10"):
        env_int("N", 20, minimum=10)
    monkeypatch.setenv("N", "12")
    assert env_int("N", 20, minimum=10) == 12


def test_env_list(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS", []) == ["a.example", "b.example"]


def test_production_needs_a_secret_key():
    import os
    import subprocess
    import sys

    env = {**os.environ, "DEBUG": "false", "SECRET_KEY": ""}
    result = subprocess.run(
        [sys.executable, "-c", "import config.settings"], env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def _settings_error(**env: str) -> str:
    import os
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "import config.settings"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    return result.stderr


def test_a_redis_url_that_is_no_redis_url_fails_loudly():
    assert "REDIS_URL must start with redis://" in _settings_error(REDIS_URL="localhost:6379")


def test_a_world_track_the_game_refuses_fails_at_start_up():
    # Every World game would be refused with it; the limits are the game's (cards.games.world).
    assert "WORLD_TRACK_LENGTH must be at most 200" in _settings_error(WORLD_TRACK_LENGTH="500")
    assert "WORLD_TRACK_LENGTH must be at least 10" in _settings_error(WORLD_TRACK_LENGTH="5")


def test_storage_options_must_be_a_json_object():
    assert "must be a JSON object" in _settings_error(MEDIA_STORAGE_OPTIONS="{bucket: x}")
    assert "must be a JSON object" in _settings_error(MEDIA_STORAGE_OPTIONS='["x"]')


def test_with_redis_the_cache_is_shared_and_the_sessions_stay_in_the_database(monkeypatch):
    import os
    import subprocess
    import sys

    code = (
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.CACHES['default']['BACKEND'], settings.SESSION_ENGINE)"
    )
    env = {**os.environ, "REDIS_URL": "redis://127.0.0.1:6399/0"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == [
        "config.shared_cache.FailSoftRedisCache",
        "django.contrib.sessions.backends.db",
    ]
