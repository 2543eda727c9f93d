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
