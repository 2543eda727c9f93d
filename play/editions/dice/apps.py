from __future__ import annotations

from django.apps import AppConfig


class DiceConfig(AppConfig):
    name = "play.editions.dice"
    label = "play_dice"
    verbose_name = "Spot On: the dice game (Knizia 1995)"

    def ready(self) -> None:
        from play.core import registry

        # The edition module is imported when the core first asks for it (play.core.registry).
        registry.register_module("dice", "play.editions.dice.edition")
