"""Django's PostgreSQL backend, its kept connections checked with a round trip at most once a
second each.

With ``CONN_HEALTH_CHECKS`` Django asks a kept connection ``SELECT 1`` before each request
(and each socket's database call) first uses it: after the database restarted, every kept
connection is broken, and each would fail one request. Under a school's load that was a fifth
of all statements, one more round trip in every request, on a connection that answered a moment
ago. A restart ends every session by closing its socket (a fast shutdown says so first), which
the connection's socket shows at once without asking the server. So a connection is asked again
when its socket has something to say, or when its last check is a second old (a server gone
without a word).
"""

from __future__ import annotations

import math
import select
import time

import psycopg
from django.db.backends.postgresql import base

CHECK_EVERY = 1.0  # seconds


class DatabaseWrapper(base.DatabaseWrapper):
    clock = staticmethod(time.monotonic)
    checked_at = -math.inf

    def connect(self) -> None:
        super().connect()
        self.checked_at = self.clock()  # a new connection is a healthy one

    def close_if_health_check_failed(self) -> None:
        if self.connection is None or not self.health_check_enabled or self.health_check_done:
            return
        now = self.clock()
        if now - self.checked_at < CHECK_EVERY and not self._server_spoke():
            self.health_check_done = True
            return
        super().close_if_health_check_failed()
        self.checked_at = now

    def _server_spoke(self) -> bool:
        """Whether the idle connection's socket has input or hung up: a session's end (a
        restart, a terminated backend) shows so; an idle session hears nothing otherwise."""
        try:
            poller = select.poll()
            poller.register(self.connection.fileno(), select.POLLIN)
            return bool(poller.poll(0))
        except (OSError, ValueError, psycopg.Error):
            return True
