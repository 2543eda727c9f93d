"""One browser screen for the load benches: a keep-alive HTTP/1.1 connection to the app on
loopback that records each request's latency under a label."""

from __future__ import annotations

import asyncio
import json
import time
from urllib.parse import urlencode

HOST = "127.0.0.1"
# A browser's CSRF cookie; its forms carry the same secret (Django takes it unmasked too).
CSRF = "benchCsrfSecret0123456789abcdefg"


class Screen:
    """One browser screen: a keep-alive HTTP/1.1 connection, reopened when the server closes it."""

    def __init__(self, port: int, stats: dict):
        self.port, self.stats = port, stats
        self.reader = self.writer = None
        self.set_cookies: list[bytes] = []  # the last answer's

    async def _send(self, raw: bytes) -> tuple[int, bytes, bool]:
        if self.writer is not None and self.reader.at_eof():  # the server closed it meanwhile
            self.close()
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        self.writer.write(raw)
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        fields = {}
        self.set_cookies = []
        for line in lines[1:]:
            if b":" in line:
                key, value = line.split(b":", 1)
                fields[key.strip().lower()] = value.strip()
                if key.strip().lower() == b"set-cookie":
                    self.set_cookies.append(value.strip())
        length = int(fields.get(b"content-length", b"0"))
        payload = await self.reader.readexactly(length) if length else b""
        return status, payload, fields.get(b"connection", b"").lower() == b"close"

    async def request(
        self, method, path, label, headers=None, body=None, expected=(), form=None, joining=False
    ):
        """``joining``: a page's load, recorded whenever it ends, under its label and
        "(joining)" when it began while the screens were still joining."""
        head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        data = b""
        if body is not None:
            data = json.dumps(body).encode()
            head += ["Content-Type: application/json"]
        if form is not None:  # a form as the page's htmx posts it
            data = urlencode({**form, "csrfmiddlewaretoken": CSRF}).encode()
            head += ["Content-Type: application/x-www-form-urlencoded"]
        if headers and "Cookie" in headers:
            # A page sets the CSRF cookie; the browser sends it with every later request.
            headers = {**headers, "Cookie": f"{headers['Cookie']}; csrftoken={CSRF}"}
        head += [f"Content-Length: {len(data)}"] if method != "GET" else []
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        raw = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        started = time.perf_counter()
        stats = self.stats
        for attempt in (1, 2):
            try:
                status, payload, close = await self._send(raw)
                break
            except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as error:
                self.close()
                if attempt == 2:  # a kept-alive connection may have been closed: retry once
                    stats["errors"].append(f"{label}: {type(error).__name__} {error}")
                    return 0, b""
        if close:
            self.close()
        if joining:
            stats["lat"][f"{label} (joining)"].append(time.perf_counter() - started)
        elif time.monotonic() >= stats["measure_from"]:
            stats["lat"][label].append(time.perf_counter() - started)
        if status >= 300 and status not in expected:  # a redirect means the script went astray
            stats["errors"].append(f"{label}: HTTP {status} {payload[:120]!r}")
        return status, payload

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None
