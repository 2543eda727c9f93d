"""A World round played through the API, for the tests that start from its guessing phase."""

from __future__ import annotations

from play.editions.world import moves as world
from play.editions.world.legacy import round_body


def current_round_and_body(game):
    """The game's current round and its legacy API body, read afresh."""
    game.refresh_from_db()
    return world.current(game.state), round_body(game)


def play_to_guessing(client, game):
    """Lay out a round and play it through the API (each team chooses a card, nobody
    exchanges) to its guessing phase; the round's body then."""
    assert client.post(f"/api/games/{game.pk}/rounds/", {}, format="json").status_code == 201
    while True:
        _rnd, data = current_round_and_body(game)
        if data["phase"] != "choosing":
            break
        card = next(c for c in data["cards"] if c["status"] == "table")
        r = client.post(
            f"/api/games/{game.pk}/choose/",
            {"team": data["next_team_id"], "card": card["id"]},
            format="json",
        )
        assert r.status_code == 200, r.content
    while data["phase"] == "exchanging":
        r = client.post(
            f"/api/games/{game.pk}/exchange/",
            {"team": data["next_team_id"], "exchange": False},
            format="json",
        )
        assert r.status_code == 200, r.content
        _rnd, data = current_round_and_body(game)
    assert data["phase"] == "guessing"
    return data
