"""The part of games' fixed parts that the games of one deck hold alike (its cards) stored once
(``play.sharing``); each game keeps its own references. Stored games are moved over, and back."""

from __future__ import annotations

import django.db.models.deletion
import play.models
from django.db import migrations, models
from play import sharing


def share(apps, schema_editor) -> None:
    Game = apps.get_model("play", "Game")
    SharedPart = apps.get_model("play", "SharedPart")
    games = Game.objects.filter(fixed__isnull=False, shared__isnull=True)
    for game in games.iterator(chunk_size=50):
        own, shared = sharing.split(game.fixed)
        part, _created = SharedPart.objects.get_or_create(
            digest=sharing.digest(shared), defaults={"values": shared}
        )
        game.fixed, game.shared = own, part
        game.save(update_fields=["fixed", "shared"])


def unshare(apps, schema_editor) -> None:
    Game = apps.get_model("play", "Game")
    SharedPart = apps.get_model("play", "SharedPart")
    games = Game.objects.filter(shared__isnull=False).select_related("shared")
    for game in games.iterator(chunk_size=50):
        game.fixed = sharing.join(game.fixed or {}, game.shared.values)
        game.shared = None
        game.save(update_fields=["fixed", "shared"])
    SharedPart.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("play", "0014_game_fixed_part")]

    operations = [
        migrations.CreateModel(
            name="SharedPart",
            fields=[
                ("digest", models.CharField(max_length=64, primary_key=True, serialize=False)),
                ("values", play.models.StateField()),
            ],
        ),
        migrations.AddField(
            model_name="game",
            name="shared",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="games",
                to="play.sharedpart",
            ),
        ),
        migrations.RunPython(share, unshare),
    ]
