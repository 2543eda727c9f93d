from __future__ import annotations

from django.apps import AppConfig


class NumbersConfig(AppConfig):
    name = "play.editions.numbers"
    label = "play_numbers"
    verbose_name = "Play: Numbers"

    def ready(self) -> None:
        from play.core import registry

        # The edition module is imported when the core first asks for it (play.core.registry).
        registry.register_module("numbers", "play.editions.numbers.edition")
