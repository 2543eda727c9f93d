from __future__ import annotations

from django.apps import AppConfig


class GermanyConfig(AppConfig):
    name = "play.editions.germany"
    label = "play_germany"
    verbose_name = "Spot On: Germany"

    def ready(self) -> None:
        from play.core import registry
        from play.editions.germany.edition import EDITION

        registry.register(EDITION)
        registry.register_legacy(EDITION.slug, "play.editions.germany.legacy")
