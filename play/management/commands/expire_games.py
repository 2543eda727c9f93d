from __future__ import annotations

from django.core.management.base import BaseCommand

from play.core.expiry import expire_games


class Command(BaseCommand):
    help = "End games idle for PLAY_IDLE_HOURS; delete games ended PLAY_KEEP_DAYS ago (cron it)."

    def handle(self, *args, **options) -> None:
        ended, deleted = expire_games()
        self.stdout.write(f"ended {ended} idle game(s), deleted {deleted} old game(s)")
