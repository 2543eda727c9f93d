"""Shell helpers that screens call on every redraw."""

from __future__ import annotations

from django.urls import reverse, set_script_prefix

from play.core.presentation import game_url


def test_game_url_is_the_reversed_url() -> None:
    assert game_url("play:undo", "ABC123") == reverse("play:undo", args=["ABC123"])
    assert game_url("play:team_state", "XYZ789") == "/play/XYZ789/state/"


def test_game_url_follows_the_script_prefix() -> None:
    # Served under a sub-path, the remembered URL must not be the one for the root.
    assert game_url("play:team", "ABC123") == "/play/ABC123/"
    try:
        set_script_prefix("/school/")
        assert game_url("play:team", "ABC123") == "/school/play/ABC123/"
    finally:
        set_script_prefix("/")
    assert game_url("play:team", "ABC123") == "/play/ABC123/"
