from __future__ import annotations

from django.apps import AppConfig


class GeoConfig(AppConfig):
    name = "geo"
    verbose_name = "Geography"
