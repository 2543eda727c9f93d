from __future__ import annotations

from django.apps import AppConfig


class WorldConfig(AppConfig):
    name = "play.editions.world"
    label = "play_world"
    verbose_name = "Spot On: The World"

    def ready(self) -> None:
        from play.core import registry

        # The edition module is imported when the core first asks for it (play.core.registry).
        registry.register_module("world", "play.editions.world.edition", "WORLD")
        registry.register_legacy("world", "play.editions.world.legacy")
