from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

from config.warmup import warm_up  # noqa: E402 - these need Django set up first
from play.fastpoll import UnchangedPollShortcut  # noqa: E402

application = UnchangedPollShortcut(django_application)
warm_up()
