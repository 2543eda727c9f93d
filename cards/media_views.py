"""Uploaded images (card backs) for the roles that may see card backs, also with DEBUG off."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET
from django.views.static import serve

from cards.roles import can_print


@require_GET
def media_file(request: HttpRequest, path: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_print(request.user):
        raise PermissionDenied
    # serve() refuses paths that leave MEDIA_ROOT and answers 404 for missing files. Uploads
    # are validated images; nosniff (SecurityMiddleware) keeps browsers from guessing more.
    response = serve(request, path, document_root=settings.MEDIA_ROOT)
    response["Cache-Control"] = "private, max-age=3600"
    return response
