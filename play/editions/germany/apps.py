from __future__ import annotations

from django.apps import AppConfig


class GermanyConfig(AppConfig):
    name = "play.editions.germany"
    label = "play_germany"
    verbose_name = "Spot On: Germany"

    def ready(self) -> None:
        from play.core import registry
        from play.editions.germany import legacy
        from play.editions.germany.edition import EDITION

        registry.register(EDITION)
        for name, (handler, description) in legacy.ENDPOINTS.items():
            registry.register_alias(EDITION.slug, name, handler, description)
        registry.register_detail_fields(EDITION.slug, legacy.detail)
