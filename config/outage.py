"""What a request gets while the database is away (restarting, failing over, unreachable).

Django answers any exception with its 500 page. A database that does not answer is no bug in
the page and passes by itself within seconds: it gets 503 with ``Retry-After``, which a proxy,
a load balancer and a pupil's page treat as "try again", in the reader's language — JSON for
the API, a short page otherwise. The page is drawn without the site's templates and without
the request's user or session: those would ask the database again. The error is still logged
with its traceback (Django logs every answer of 500 and above).
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.html import escape
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import defaults

RETRY_SECONDS = 5


def database_unavailable(request: HttpRequest) -> HttpResponse:
    message = _("The database is not answering just now (it may be restarting).")
    hint = _("Nothing was saved. Try again in a few seconds.")
    if request.path.startswith("/api/"):
        response = JsonResponse({"code": "unavailable", "detail": f"{message} {hint}"}, status=503)
    else:
        page = (
            f'<!doctype html><html lang="{escape(get_language() or "en")}"><head>'
            f'<meta charset="utf-8"><meta name="viewport" content="width=device-width">'
            f"<title>{escape(_('Please wait'))}</title></head><body>"
            f'<main class="unavailable"><h1>{escape(message)}</h1><p>{escape(hint)}</p></main>'
            "</body></html>"
        )
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def server_error(request: HttpRequest, template_name: str = "500.html") -> HttpResponse:
    """``handler500``: 503 when the error is the database's absence, Django's 500 otherwise."""
    error = sys.exc_info()[1]
    if isinstance(error, (OperationalError, InterfaceError)):
        return database_unavailable(request)
    return defaults.server_error(request, template_name)
