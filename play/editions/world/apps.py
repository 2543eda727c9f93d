from __future__ import annotations

from django.apps import AppConfig


class WorldConfig(AppConfig):
    name = "play.editions.world"
    label = "play_world"
    verbose_name = "Spot On: The World"

    def ready(self) -> None:
        from play import api_world, registry
        from play.editions.world.edition import WORLD

        registry.register(WORLD)
        registry.register_alias(WORLD.slug, "rounds", api_world.rounds_alias)
        registry.register_alias(WORLD.slug, "reveal", api_world.reveal_alias)
