"""Run by test_concurrency in a fresh process: many threads place tips at the same instant.

It needs a database that real concurrent connections can share (a SQLite file or PostgreSQL),
which the in-memory test database is not; DATABASE_URL says which. Prints one JSON line.
"""

from __future__ import annotations

import json
import os
import sys
import threading

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def main() -> None:
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    from cards.models import Deck, DeckCard, Edition, Place
    from play.core import store
    from play.core.errors import RuleViolation
    from play.models import Game, Move, Team

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
    places = game.state["rounds"][0]["places"]
    teams = list(game.teams.all())
    connection.close()

    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def act(i: int) -> None:
        # Every thread claims the first turn: team 0 (whose turn it is) under different places
        # and with different cards, plus teams 2 and 3 trying to jump the queue. Whatever the
        # interleaving, only one of these moves can ever be legal.
        team = teams[0] if i % 2 == 0 else teams[2 + (i // 2) % 2]
        tip = ["N", "S", "O", "MOST"][i % 4]
        barrier.wait()
        try:
            store.make_move(game, team.index, "tip", {"place": places[i % len(places)], "tip": tip})
            outcomes.append("ok")
        except RuleViolation as error:
            outcomes.append(f"{error.http_status}:{error.code}")
        except Exception as error:  # anything else would be a 500
            outcomes.append(f"error:{type(error).__name__}:{error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=act, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    tips = Game.objects.get(pk=game.pk).state["rounds"][0]["tips"]
    stored = [[order, team] for team, _place, _tip, order in tips]
    moves = Move.objects.filter(game=game, name="tip").count()
    print(
        json.dumps(
            {"outcomes": outcomes, "stored": stored, "moves": moves, "teams": Team.objects.count()}
        )
    )


if __name__ == "__main__":
    sys.exit(main())
