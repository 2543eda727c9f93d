"""Shared steps of the reliability tests."""

from __future__ import annotations

import re

from django.core.files.uploadedfile import SimpleUploadedFile

IMPORT_URL = "/admin/cards/place/import/"


def import_csv(client, user, content: str, name: str = "places.csv", fmt: str = "0") -> str:
    """Upload ``content`` to the places' import preview; the page's HTML."""
    client.force_login(user)
    upload = SimpleUploadedFile(name, content.encode())
    response = client.post(
        IMPORT_URL, {"format": fmt, "import_file": upload}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200
    return response.content.decode()


def confirm_import(client, preview_html: str):
    """Confirm a previewed import, as the editor's "Confirm import" button does."""
    form = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', preview_html))
    form.pop("csrfmiddlewaretoken", None)
    assert "import_file_name" in form, "the preview offered no confirmation"
    return client.post("/admin/cards/place/process_import/", form, HTTP_ACCEPT_LANGUAGE="en")
