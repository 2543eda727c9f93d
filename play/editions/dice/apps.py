from __future__ import annotations

from django.apps import AppConfig


class DiceConfig(AppConfig):
    name = "play.editions.dice"
    label = "play_dice"
    verbose_name = "Spot On: dice (Knizia 1995)"

    def ready(self) -> None:
        from play.editions.dice.edition import EDITION
        from play.registry import register

        register(EDITION)
