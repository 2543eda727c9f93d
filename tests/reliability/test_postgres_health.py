"""Kept PostgreSQL connections are checked before use without a round trip each time
(config/postgresql): a session the server ended is still found out and replaced."""

from __future__ import annotations

import pytest
from django.db import connection, connections

pytestmark = pytest.mark.django_db


@pytest.fixture
def kept(monkeypatch):
    """A kept connection of its own (outside the test's transaction), its checks counted and
    its clock in the test's hands."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's own backend")
    wrapper = connections.create_connection("default")
    wrapper.settings_dict["CONN_HEALTH_CHECKS"] = True
    now = [1000.0]
    wrapper.clock = lambda: now[0]
    wrapper.checks = []
    usable = wrapper.is_usable
    wrapper.is_usable = lambda: wrapper.checks.append(now[0]) or usable()
    wrapper.ensure_connection()
    yield wrapper, now
    wrapper.close()


def _request(wrapper) -> int:
    """A request's first use of the connection (each request's start resets the check)."""
    wrapper.health_check_done = False
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_a_connection_that_answered_a_moment_ago_is_not_asked_again(kept):
    wrapper, now = kept
    first = _request(wrapper)
    now[0] += 0.4
    assert _request(wrapper) == first
    now[0] += 0.5
    assert _request(wrapper) == first
    assert wrapper.checks == []
    now[0] += 0.2  # a second since it was new: asked once, then trusted for another second
    assert _request(wrapper) == first
    now[0] += 0.5
    assert _request(wrapper) == first
    assert wrapper.checks == [1001.1]


def test_a_session_the_server_ended_is_replaced_before_the_request_uses_it(kept):
    wrapper, now = kept
    first = _request(wrapper)
    with connection.cursor() as cursor:  # as a restart ends every session
        cursor.execute("SELECT pg_terminate_backend(%s, 10000)", [first])  # waits for its end
        assert cursor.fetchone()[0]
    now[0] += 0.1  # well within the second
    second = _request(wrapper)
    assert second != first and wrapper.checks == [1000.1]
