from __future__ import annotations

from django.apps import AppConfig


class MatchConfig(AppConfig):
    name = "play.editions.match"
    label = "play_match"
    verbose_name = "Play: Match"

    def ready(self) -> None:
        from play.core import registry

        # The edition module is imported when the core first asks for it (play.core.registry).
        registry.register_module("match", "play.editions.match.edition")
