"""Issue items 8 (log-in lock-out) and 10 (production settings), and the health endpoint."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError

from cards.models import Place

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {"DEBUG": "false", "SECRET_KEY": "x" * 30 + "-a-long-random-production-key-0123"}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.servers  # a fresh manage.py process with other settings
def test_check_deploy_is_clean_with_the_production_settings():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


@pytest.mark.servers  # a fresh manage.py process with other settings
def test_check_deploy_notices_when_a_protection_is_turned_off():
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING", SECURE_COOKIES="false", **PRODUCTION
    )
    assert result.returncode != 0
    assert "SESSION_COOKIE_SECURE" in result.stderr


@pytest.mark.servers  # a fresh manage.py process with other settings
def test_password_reset_exists_only_with_mail_configured(client):
    assert client.get("/accounts/password_reset/").status_code == 404
    assert "password_reset" not in client.get("/admin/login/").content.decode()
    code = "from django.urls import reverse; print(reverse('password_reset'))"
    result = _manage("shell", "--no-imports", "-c", code, EMAIL_HOST="mail.example.org")
    assert result.stdout.strip() == "/accounts/password_reset/", result.stderr


def test_every_page_carries_a_content_security_policy(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-eval" not in policy


def test_the_health_check_answers_before_host_checks_and_redirects(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/healthz/", HTTP_HOST="10.1.2.3")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert client.post("/healthz/").status_code == 405
    assert client.get("/", HTTP_HOST="localhost").status_code == 301  # the rest redirects


def test_the_health_check_says_503_when_the_database_is_down(client, monkeypatch):
    class DownConnection:
        def cursor(self):
            raise OperationalError("connection refused")

    monkeypatch.setattr("config.security.connection", DownConnection())
    response = client.get("/healthz/")
    assert response.status_code == 503
    assert response.json()["database"] == "unavailable"


def _png() -> bytes:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(buffer, format="PNG")
    return buffer.getvalue()


def test_uploaded_images_are_served_to_the_card_roles_only(client, teacher, student):
    place = Place(name="Bild", country="DE", latitude=50, longitude=8)
    place.image = SimpleUploadedFile("bild.png", _png(), content_type="image/png")
    place.save()
    url = "/media/" + place.image.name
    assert client.get(url).status_code == 302  # to the log-in
    client.force_login(student)
    assert client.get(url).status_code == 403
    client.force_login(teacher)
    response = client.get(url)
    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"\x89PNG")
    assert client.get("/media/../config/settings.py").status_code == 400
    assert client.get("/media/places/missing.png").status_code == 404


@pytest.fixture(autouse=True)
def _fresh_counters():
    # The local-memory cache keeps its entries across tests in one process.
    from django.core.cache import cache

    cache.clear()


def _login(client, url: str, username: str, password: str) -> str:
    data = {"username": username, "password": password, "next": "/"}
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE="en").content.decode()


@pytest.mark.parametrize(
    ("url", "other"), [("/accounts/login/", "thomas"), ("/admin/login/", "root")]
)
def test_repeated_wrong_passwords_lock_the_account_for_a_while(
    client, editor, teacher, admin_user, url, other
):
    for _ in range(5):
        assert "Too many" not in _login(client, url, "erika", "wrong")
    page = _login(client, url, "erika", "pw-erika")  # even the right password now
    assert "Too many failed log-ins" in page
    assert "_auth_user_id" not in client.session
    # Someone else from the same address still gets in.
    response = client.post(url, {"username": other, "password": f"pw-{other}", "next": "/"})
    assert response.status_code == 302


def test_a_successful_log_in_resets_the_count(client, teacher):
    for _ in range(4):
        _login(client, "/accounts/login/", "thomas", "wrong")
    client.post("/accounts/login/", {"username": "thomas", "password": "pw-thomas"})
    client.logout()
    for _ in range(4):
        assert "Too many" not in _login(client, "/accounts/login/", "thomas", "wrong")


def test_the_api_docs_need_no_inline_script(client, admin_user):
    client.force_login(admin_user)
    page = client.get("/api/docs/")
    assert page.status_code == 200
    assert "cdn" not in page["Content-Security-Policy"]
    html = page.content.decode()
    assert "<script>" not in html and "cdn.jsdelivr.net" not in html
    script = re.search(r'<script src="(/api/docs/[^"]+)"', html).group(1)
    assert client.get(script.replace("&amp;", "&")).status_code == 200


@pytest.mark.parametrize(
    "url", ["/api/decks/%00/", "/api/places/?search=a%00b", "/api/places/1/?deck=%00"]
)
def test_a_nul_byte_in_the_address_is_a_bad_request(editor, url):
    from tests.conftest import api_client_for

    assert api_client_for(editor).get(url).status_code == 400
