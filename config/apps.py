from __future__ import annotations

import gc

from django.apps import AppConfig


class ConfigConfig(AppConfig):
    """The project's own app: its runserver command (see config/management/commands/)."""

    name = "config"
    verbose_name = "Spot On"

    def ready(self) -> None:
        # manage.py starts Django with the collector off; this app is the first installed,
        # so its ready() comes once every app's modules and models are loaded. What they made
        # lives as long as the process: it is frozen out of the collector's sight, and the
        # collector goes back on for the command itself.
        if not gc.isenabled():
            gc.freeze()
            gc.enable()
