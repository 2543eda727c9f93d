from __future__ import annotations

from django.apps import AppConfig


class MatchConfig(AppConfig):
    name = "play.editions.match"
    label = "play_match"
    verbose_name = "Play: Match"

    def ready(self) -> None:
        from play.core.registry import register
        from play.editions.match.edition import EDITION

        register(EDITION)
