from __future__ import annotations

from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = "Print studio"
