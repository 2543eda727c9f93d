from __future__ import annotations

from django.apps import AppConfig


class MatchConfig(AppConfig):
    name = "play.editions.match"
    label = "play_match"
    verbose_name = "Play: Match"

    def ready(self) -> None:
        from play.editions.match.edition import EDITION
        from play.registry import register

        register(EDITION)
