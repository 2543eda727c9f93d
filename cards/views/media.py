"""Uploaded images (card backs) for the roles that may see card backs, also with DEBUG off.

Read through Django's storage API, so that every app server serves the same files: the
media folder by default, or a shared storage (``MEDIA_STORAGE``, README's Deploying section).
"""

from __future__ import annotations

import mimetypes
import posixpath

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, SuspiciousFileOperation
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from cards.roles import can_print


@require_GET
def media_file(request: HttpRequest, path: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_print(request.user):
        raise PermissionDenied
    name = posixpath.normpath(path)
    if name.startswith(("..", "/")) or name == ".":
        raise SuspiciousFileOperation(f"{path!r} leaves the media storage")
    if not default_storage.exists(name):
        raise Http404("No such file.")
    # Uploads are validated images; nosniff (SecurityMiddleware) keeps browsers from guessing.
    content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    response = FileResponse(default_storage.open(name, "rb"), content_type=content_type)
    response["Cache-Control"] = "private, max-age=3600"
    return response
