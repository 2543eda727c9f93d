"""Fixtures the reliability tests ask for by name."""

from __future__ import annotations

import pytest
from django.core import signals
from django.db import close_old_connections


@pytest.fixture
def keep_the_test_connection():
    """The raw WSGI app closes the database connection after each request, as it should in
    production; inside a test's transaction that would end the test's connection (PostgreSQL).
    Django's own test client unhooks the same signal handler."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)
