from __future__ import annotations

from django.apps import AppConfig


class NumbersConfig(AppConfig):
    name = "play.editions.numbers"
    label = "play_numbers"
    verbose_name = "Play: Numbers"

    def ready(self) -> None:
        from play.core import registry
        from play.editions.numbers.edition import EDITION

        registry.register(EDITION)
