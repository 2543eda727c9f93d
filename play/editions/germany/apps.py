from __future__ import annotations

from django.apps import AppConfig


class GermanyConfig(AppConfig):
    name = "play.editions.germany"
    label = "play_germany"
    verbose_name = "Spot On: Germany"

    def ready(self) -> None:
        from play import registry
        from play.editions.germany import api
        from play.editions.germany.edition import EDITION

        registry.register(EDITION)
        for name in ("rounds", "tips", "reveal", "detail"):
            registry.register_alias(EDITION.slug, name, getattr(api, name))
