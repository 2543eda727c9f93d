from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

from play.fastpoll import UnchangedPollShortcut  # noqa: E402 - needs Django set up first

application = UnchangedPollShortcut(django_application)
