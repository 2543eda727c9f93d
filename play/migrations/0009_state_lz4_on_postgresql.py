"""On PostgreSQL, a game's state and start are packed with lz4 instead of pglz: they hold the
game's whole deck (130 KB for the starter deck), read and written again on every move and
read by every page and redraw; lz4 unpacks several times faster. Elsewhere nothing changes."""

from __future__ import annotations

from django.db import migrations

COLUMNS = ("state", "initial")


def _compress(method: str):
    def run(apps, schema_editor):
        connection = schema_editor.connection
        if connection.vendor != "postgresql":
            return
        with connection.cursor() as cursor:
            # PostgreSQL 14 or newer (as Django 5.2 needs) can use lz4 if it was built with it.
            cursor.execute(
                "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' "
                "AND 'lz4' = ANY(enumvals)"
            )
            if cursor.fetchone() is None:  # a server built without lz4
                return
            for column in COLUMNS:
                cursor.execute(
                    f'ALTER TABLE play_game ALTER COLUMN "{column}" SET COMPRESSION {method}'
                )

    return run


class Migration(migrations.Migration):
    dependencies = [("play", "0008_move_key")]

    operations = [migrations.RunPython(_compress("lz4"), _compress("pglz"))]
