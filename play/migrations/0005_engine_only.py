from django.db import migrations


def drop_round_table_games(apps, schema_editor):
    # Games stored in the round tables before the engine cannot be shown or replayed.
    apps.get_model("play", "Game").objects.filter(state__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0004_active_at"),
    ]

    operations = [
        migrations.RunPython(drop_round_table_games, migrations.RunPython.noop),
        migrations.DeleteModel(name="PlayedTip"),
        migrations.DeleteModel(name="RoundPlace"),
        migrations.DeleteModel(name="WorldGuess"),
        migrations.DeleteModel(name="WorldCard"),
        migrations.DeleteModel(name="Round"),
        migrations.RemoveField(model_name="game", name="draw"),
        migrations.RemoveField(model_name="game", name="face_down"),
        migrations.RemoveField(model_name="game", name="starting_team"),
    ]
