from __future__ import annotations

from django.apps import AppConfig


class DiceConfig(AppConfig):
    name = "play.editions.dice"
    label = "play_dice"
    verbose_name = "Spot On: the dice game (Knizia 1995)"

    def ready(self) -> None:
        from play.core.registry import register
        from play.editions.dice.edition import EDITION

        register(EDITION)
