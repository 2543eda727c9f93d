from __future__ import annotations

from django.apps import AppConfig


class WorldConfig(AppConfig):
    name = "play.editions.world"
    label = "play_world"
    verbose_name = "Spot On: The World"

    def ready(self) -> None:
        from play.core import registry
        from play.editions.world.edition import WORLD

        registry.register(WORLD)
        registry.register_legacy(WORLD.slug, "play.editions.world.legacy")
