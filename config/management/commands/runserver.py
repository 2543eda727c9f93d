"""`runserver` is Daphne's: the pages and the screens' WebSockets in one process (`make run`).

Daphne is not an installed app because its app loads Twisted at every start-up (each command,
each test run, each gunicorn worker); imported here, it loads only when the server runs. This
app comes before `django.contrib.staticfiles`, so this command wins over its runserver."""

from __future__ import annotations

from daphne.management.commands.runserver import Command as DaphneRunserver


class Command(DaphneRunserver):
    pass
