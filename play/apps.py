from __future__ import annotations

from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Play"

    def ready(self) -> None:
        from play.core.signals import game_over
        from play.reports.build import keep_summary_at_game_over

        game_over.connect(keep_summary_at_game_over, dispatch_uid="play.reports.summary")
