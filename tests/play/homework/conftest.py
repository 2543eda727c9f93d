"""Homework fixtures: a class, assignments in every edition, and a pupil who plays one to the
end through the API (the pupil's choices made by the edition's own computer player)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone

from play.core import registry
from play.models import Class, Game
from tests.conftest import api_client_for

# Every edition, with the deck fixture its game needs (None: a game without a deck).
EDITIONS = {
    "germany": "big_deck",
    "grid": "austria_deck",
    "world": "world_big",
    "numbers": None,
    "dice": None,
    "match": None,
}
# Far beyond the longest game (a Numbers game of four players takes a few hundred moves).
MAX_STEPS = 3_000


@pytest.fixture
def seven_b(teacher) -> Class:
    return Class.objects.create(teacher=teacher, name="7b Erdkunde")


def tomorrow() -> str:
    return (timezone.now() + dt.timedelta(days=1)).isoformat()


def make_assignment(teacher, kind: str, deck=None, **extra: Any) -> dict[str, Any]:
    """An assignment made through the API; its answer (code, url, id …)."""
    body = {
        "edition": "germany" if kind == "grid" else kind,
        "closes_at": tomorrow(),
        "attempts": 2,
        "bots": 1,
        **extra,
    }
    if deck is not None:
        body["deck"] = deck.slug
    answer = api_client_for(teacher).post("/api/assignments/", body, format="json")
    assert answer.status_code == 201, answer.json()
    return answer.json()


def start(code: str, nickname: str = "Ada", client=None) -> tuple[Any, Any]:
    """A pupil's device starting an attempt: its client (keeping the device cookie) and answer."""
    client = client or api_client_for(None)
    answer = client.post(
        f"/api/assignments/{code}/attempts/", {"nickname": nickname}, format="json"
    )
    return client, answer


def play_to_the_end(client, game_id: int, token: str) -> Game:
    """The pupil plays every move the edition's computer player would; when it is the
    computer's turn the pupil presses "hurry" (no test waits for the computer's pace)."""
    headers = {"HTTP_X_TEAM_TOKEN": token}
    for _step in range(MAX_STEPS):
        game = Game.objects.get(pk=game_id)
        if game.is_finished:
            return game
        move = registry.get(game.edition).bot(game.state, 0)
        if move is not None:
            answer = client.post(
                f"/api/games/{game_id}/moves/",
                {"move": move.move, "args": move.args},
                format="json",
                **headers,
            )
            assert answer.status_code == 201, answer.json()
            continue
        assert game.bot_due_at is not None, f"{game.edition}: nobody can move"
        answer = client.post(f"/api/games/{game_id}/hurry/", **headers)
        assert answer.status_code == 200, answer.json()
    raise AssertionError(f"game {game_id} did not end")
