"""Run by test_race in a fresh process: teams claim the same island card at the same instant.

Needs a database that real concurrent connections share (a SQLite file or PostgreSQL); the
in-memory test database is not one. Prints one JSON line with every round's outcomes.
"""

from __future__ import annotations

import json
import os
import sys
import threading

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
ROUNDS = 8
TEAMS = 3


def act(game_pk: int, seat: int, args: dict, barrier: threading.Barrier, outcomes: list) -> None:
    """One device's claim, sent when every other device is ready to send its own."""
    from django.db import connection

    from play.core import store
    from play.core.errors import RuleViolation
    from play.models import Game

    barrier.wait()
    try:
        store.make_move(Game.objects.get(pk=game_pk), seat, "claim", args)
        outcomes[seat] = "ok"
    except RuleViolation as error:
        outcomes[seat] = f"{error.http_status}:{error.code}"
    except Exception as error:  # anything else would be a 500
        outcomes[seat] = f"error:{type(error).__name__}:{error}"
    finally:
        connection.close()


def main() -> None:
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    from play.core import store
    from play.editions.match import moves, rules
    from play.editions.match.deck import deck_data
    from play.models import Game
    from tests.play.match.helpers import island_cards

    moves.island_deck = lambda: deck_data(island_cards())
    call_command("migrate", verbosity=0)
    user = User.objects.create_superuser("race", password="x")
    game = store.create_game(user=user, edition="match", seat_names=["A", "B", "C"])
    game = store.make_move(game, 0, "start", {})
    connection.close()

    rounds = []
    for number in range(ROUNDS):
        state = Game.objects.get(pk=game.pk).state
        spot = number % len(state["island"])
        target = state["island"][spot][-1]
        claims = []
        for seat in range(TEAMS):
            card = rules.own_card(state, seat)
            claims.append(
                {
                    "symbol": rules.shared_symbol(state, card, target),
                    "target": state["refs"][target],
                    "card": state["refs"][card],
                }
            )
        connection.close()
        outcomes: list[str] = [""] * TEAMS
        barrier = threading.Barrier(TEAMS)

        threads = [
            threading.Thread(target=act, args=(game.pk, seat, claims[seat], barrier, outcomes))
            for seat in range(TEAMS)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after = Game.objects.get(pk=game.pk).state
        winner = after["island"][spot][-1]
        rounds.append(
            {
                "outcomes": outcomes,
                "stack": len(after["island"][spot]),
                "winner_role": after["roles"][winner],
                "winners": [s for s in range(TEAMS) if outcomes[s] == "ok"],
            }
        )
    final = Game.objects.get(pk=game.pk)
    replays = store.replayed_state(final) == final.state
    print(json.dumps({"rounds": rounds, "moves": final.moves.count(), "replays": replays}))


if __name__ == "__main__":
    sys.exit(main())
