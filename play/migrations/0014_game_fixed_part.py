"""A game's fixed part (a deck's cards) stored once, apart from the state every move writes.

The editions that declare a fixed part at this migration: Germany and its grid editions, and
The World, each with its ``cards``. Their existing games have the cards moved out of both the
set-up state and the current state; the states the editions read are the same joined again."""

from __future__ import annotations

import play.models
from django.db import migrations

FIXED = {"germany": ("cards",), "world": ("cards",)}


def split(apps, schema_editor) -> None:
    Game = apps.get_model("play", "Game")
    games = Game.objects.filter(edition__in=FIXED, moving_state__isnull=False, fixed__isnull=True)
    for game in games.iterator(chunk_size=50):
        keys = [k for k in FIXED[game.edition] if k in game.moving_state]
        game.fixed = {k: game.moving_state[k] for k in keys}
        game.moving_state = {k: v for k, v in game.moving_state.items() if k not in keys}
        if game.moving_initial is not None:
            game.moving_initial = {k: v for k, v in game.moving_initial.items() if k not in keys}
        game.save(update_fields=["fixed", "moving_state", "moving_initial"])


def join(apps, schema_editor) -> None:
    Game = apps.get_model("play", "Game")
    for game in Game.objects.filter(fixed__isnull=False).iterator(chunk_size=50):
        if game.moving_state is not None:
            game.moving_state = {**game.fixed, **game.moving_state}
        if game.moving_initial is not None:
            game.moving_initial = {**game.fixed, **game.moving_initial}
        game.fixed = None
        game.save(update_fields=["fixed", "moving_state", "moving_initial"])


class Migration(migrations.Migration):
    dependencies = [("play", "0013_table_on_phones")]

    operations = [
        # The columns keep their names: only the model's names for them change.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField("game", "state", "moving_state"),
                migrations.RenameField("game", "initial", "moving_initial"),
                migrations.AlterField(
                    "game",
                    "moving_state",
                    play.models.StateField(blank=True, db_column="state", null=True),
                ),
                migrations.AlterField(
                    "game",
                    "moving_initial",
                    play.models.StateField(blank=True, db_column="initial", null=True),
                ),
            ]
        ),
        migrations.AddField("game", "fixed", play.models.StateField(blank=True, null=True)),
        migrations.RunPython(split, join),
    ]
