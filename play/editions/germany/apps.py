from __future__ import annotations

from django.apps import AppConfig


class GermanyConfig(AppConfig):
    name = "play.editions.germany"
    label = "play_germany"
    verbose_name = "Spot On: Germany"

    def ready(self) -> None:
        from play.core import registry

        # The edition module is imported when the core first asks for it (play.core.registry).
        registry.register_module("germany", "play.editions.germany.edition")
        registry.register_legacy("germany", "play.editions.germany.legacy")
