"""Run by test_concurrency in a fresh process: many threads send one move with one idempotency
key at the same instant (a phone retrying over a flaky network, a double tap sent twice).

It needs a database that real concurrent connections can share (a SQLite file or PostgreSQL),
which the in-memory test database is not; DATABASE_URL says which. Prints one JSON line.
"""

from __future__ import annotations

import json
import os
import sys
import threading

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

RETRIES = 20


def main() -> None:
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    from cards.models import Deck, DeckCard, Edition, Place
    from play.core import store
    from play.core.errors import RuleViolation
    from play.models import Move

    call_command("migrate", verbosity=0)
    user = User.objects.create_superuser("race", password="x")
    deck = Deck.objects.create(slug="race", name="Race", edition=Edition.GERMANY)
    for i in range(5):
        place = Place.objects.create(
            name=f"P{i}", country="DE", population=1000 + i, latitude=48 + i, longitude=8 + i
        )
        DeckCard.objects.create(deck=deck, place=place)
    game = store.create_game(
        user=user, edition="germany", deck=deck, seat_names=["A", "B", "C", "D"]
    )
    game = store.make_move(game, None, "lay_out", {}, teacher=True)
    first = game.state["rounds"][0]["places"][0]
    teams = list(game.teams.all())
    connection.close()

    outcomes: list[str] = []
    barrier = threading.Barrier(RETRIES)

    def act() -> None:
        barrier.wait()
        try:
            moved = store.make_move(game, 0, "tip", {"place": first, "tip": "N"}, key="tap-1")
            outcomes.append("repeated" if moved.repeated else "ok")
        except RuleViolation as error:
            outcomes.append(f"{error.http_status}:{error.code}")
        except Exception as error:  # anything else would be a 500
            outcomes.append(f"error:{type(error).__name__}:{error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=act) for _ in range(RETRIES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # The same through the API, as a phone's retries reach it: team 1 is next.
    from django.test import Client

    second = game.state["rounds"][0]["places"][1]
    token = teams[1].token
    answers: list[tuple[int, int | None]] = []
    barrier = threading.Barrier(RETRIES)

    def post() -> None:
        client = Client(HTTP_X_TEAM_TOKEN=token, HTTP_IDEMPOTENCY_KEY="tap-2")
        barrier.wait()
        try:
            response = client.post(
                f"/api/games/{game.pk}/moves/",
                {"move": "tip", "args": {"place": second, "tip": "S"}},
                content_type="application/json",
            )
            body = response.json()
            answers.append((response.status_code, body.get("version") or body.get("code")))
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(RETRIES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    moves = Move.objects.filter(game=game, name="tip").count()
    print(json.dumps({"outcomes": outcomes, "answers": answers, "moves": moves}))


if __name__ == "__main__":
    sys.exit(main())
