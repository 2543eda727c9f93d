"""Small security pieces Django 5.2 lacks: a Content Security Policy header and a health check.

Both are middleware so that they cover every response (the CSP) or answer before anything
else runs (the health check: no host check, no HTTPS redirect, no session).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse

from config.shared_cache import redis_status

HEALTH_PATH = "/healthz/"


class ContentSecurityPolicyMiddleware:
    """Adds ``settings.CONTENT_SECURITY_POLICY`` unless a view has set its own policy."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response


class HealthCheckMiddleware:
    """``GET /healthz/``: 200 when the database answers, 503 when it does not.

    Redis is reported beside it (``"redis": "ok" | "down"``, and this process's calls that could
    not reach it so far) but never makes the answer 503: a server without Redis still serves
    every lesson (config/shared_cache.py: the limits fail open, the screens catch up by their
    version look-ups), and Redis is shared by every server, so a load balancer that took out
    the servers whose Redis is down would take out all of them. Only a server that cannot serve
    — its database does not answer — is to be taken out. With Redis down the status is
    ``"degraded"``.

    First in the middleware list: a load balancer probes by IP address over plain HTTP, which
    the host check and the HTTPS redirect would otherwise refuse.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path != HEALTH_PATH:
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            return HttpResponse(status=405, headers={"Allow": "GET, HEAD"})
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
                cursor.fetchone()
        except DatabaseError:
            database = "unavailable"
        else:
            database = "ok"
        report = {"status": "ok", "database": database, **redis_status()}
        if database != "ok":
            report["status"] = "error"
        elif report.get("redis") == "down":
            report["status"] = "degraded"
        response = JsonResponse(report, status=503 if database != "ok" else 200)
        response["Cache-Control"] = "no-store"
        return response


# The API docs page: Swagger UI's files come from the app itself (drf-spectacular-sidecar),
# its start script from our URL (the "split" view), so no inline script and no other site.
DOCS_CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; frame-ancestors 'none'"
)


def with_policy(view: Callable, policy: str = DOCS_CONTENT_SECURITY_POLICY) -> Callable:
    """``view`` answering with its own Content-Security-Policy."""

    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response["Content-Security-Policy"] = policy
        return response

    return wrapped


class RefuseNulBytesMiddleware:
    """400 for a NUL byte in the path or the query string.

    PostgreSQL text cannot hold NUL, so a look-up such as ``/api/decks/%00/`` or ``?search=%00``
    would fail in the database (a 500) instead of finding nothing. Form and JSON fields already
    refuse NUL (Django's and DRF's own validators); this covers what reaches queries unvalidated.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        query = request.META.get("QUERY_STRING", "")
        if "\x00" in request.path or "%00" in query or "\x00" in query:
            return HttpResponseBadRequest("NUL bytes are not allowed in the address.")
        return self.get_response(request)
