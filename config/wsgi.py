from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

from config.warmup import settle_collector, warm_up  # noqa: E402 - need Django set up first
from play.core.fastpoll import UnchangedPollShortcut  # noqa: E402

application = UnchangedPollShortcut(django_application)
warm_up()
# Everything loaded so far (Django, the templates, the catalogues) lives as long as the process:
# the cyclic collector need not scan it again. A full collection of it stalled every thread of
# a worker for about 160 ms; frozen before gunicorn forks, it is also shared by the workers.
settle_collector()
