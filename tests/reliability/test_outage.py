"""A database that does not answer (restarting, failing over) gets 503 with Retry-After in the
reader's language, never Django's 500 page; the browser fault test (tests/browser/
test_faults.py) restarts a real PostgreSQL under a class at play."""

from __future__ import annotations

import pytest
from django.db import InterfaceError, OperationalError
from django.db.backends.utils import CursorWrapper
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_away(monkeypatch):
    def refuse(self, *args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(CursorWrapper, "execute", refuse)


@pytest.fixture
def production(settings):
    settings.DEBUG = False
    return Client(raise_request_exception=False)


def test_a_page_answers_503_with_a_retry_when_the_database_is_away(production, database_away):
    response = production.get("/play/join/?code=ABCDEF", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response["Cache-Control"] == "no-store"
    assert "Die Datenbank antwortet gerade nicht" in response.content.decode()


def test_the_api_answers_503_in_json_when_the_database_is_away(production, database_away):
    response = production.get("/api/games/1/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503
    assert response.json()["code"] == "unavailable"
    assert "Try again" in response.json()["detail"]


def test_a_broken_kept_connection_is_a_503_too(production, monkeypatch):
    def closed(self, *args, **kwargs):
        raise InterfaceError("connection already closed")

    monkeypatch.setattr(CursorWrapper, "execute", closed)
    assert production.get("/play/join/?code=ABCDEF").status_code == 503


def test_any_other_error_is_still_the_500_page(production, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr(CursorWrapper, "execute", broken)
    assert production.get("/play/join/?code=ABCDEF").status_code == 500


def test_kept_connections_are_checked_before_use():
    from django.conf import settings

    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True
