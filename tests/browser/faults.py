"""What the fault tests drive: a dice game played through the API by a scripted pair of seats
while a shared service fails, and plain HTTP checks of the pages.

``Player`` plays as two phones would, each move with an ``Idempotency-Key`` of its own and
retried with the same key after a 5xx or a lost connection (a pupil tapping again), and keeps
every answer. What it was answered 201 is an acknowledged move: the test compares them with
the game's log after the fault.
"""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass

EDGES = ("left", "right", "top", "bottom")  # play/editions/dice/rules.py
RETRY_FOR = 90.0  # seconds a move is tried again before the player gives up


@dataclass
class Answer:
    sent: float  # time.monotonic() when the request was sent
    status: int  # 0: no answer (the connection failed)
    path: str
    retry_after: str | None


def call(
    url: str, method: str = "GET", body: dict | None = None, headers: dict | None = None
) -> tuple[int, dict | str, dict]:
    """(status, the answer's JSON or text, its headers); status 0 when nothing answered."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            status, raw, fields = response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        status, raw, fields = error.code, error.read(), dict(error.headers)
    except OSError:
        return 0, "", {}
    text = raw.decode(errors="replace")
    if fields.get("Content-Type", "").startswith("application/json"):
        return status, json.loads(text), fields
    return status, text, fields


def new_dice_game(server_url: str, teacher_token: str) -> dict:
    """A devices-mode dice game for two seats: its id, code and the seats' tokens."""
    status, body, _ = call(
        f"{server_url}/api/games/",
        "POST",
        {"edition": "dice", "seats": ["Ada", "Bo"], "options": {}},
        {"Authorization": f"Token {teacher_token}"},
    )
    assert status == 201, body
    return body


def game_log(server_url: str, game_id: int, teacher_token: str) -> list[tuple]:
    status, body, _ = call(
        f"{server_url}/api/games/{game_id}/log/",
        headers={"Authorization": f"Token {teacher_token}"},
    )
    assert status == 200, body
    return [
        (row["seat"], row["move"], row["args"])
        for row in body["moves"]
        if not row["by_bot"] and not row["undone"]
    ]


class Player(threading.Thread):
    """Both seats of one dice game, moving through the given servers in turn until stopped or
    the game is over; ``pause`` seconds between moves keeps the game going through a fault."""

    def __init__(self, servers: list[str], game: dict, pause: float = 0.1) -> None:
        super().__init__(daemon=True)
        self.servers, self.game, self.pause = servers, game, pause
        self.tokens = {seat["index"]: seat["token"] for seat in game["seats"]}
        self.acknowledged: list[tuple] = []
        self.versions: list[int] = []  # the game's version in each 201 answer
        self.answers: list[Answer] = []
        self.failure: str | None = None
        self.over = False
        self._halt = threading.Event()
        self._turn = 0
        self._random = random.Random(game["id"])

    def stop(self) -> None:
        self._halt.set()
        self.join(RETRY_FOR + 30)
        assert not self.is_alive(), "the player did not stop"
        assert self.failure is None, self.failure

    def wait_for_moves(self, count: int, seconds: float = 60) -> None:
        """Until ``count`` moves in all have been acknowledged (bounded)."""
        deadline = time.monotonic() + seconds
        while len(self.acknowledged) < count:
            assert self.failure is None, self.failure
            assert not self.over, "the game ended before the test was done with it"
            assert time.monotonic() < deadline, f"only {len(self.acknowledged)} moves made"
            time.sleep(0.05)

    def wait_for_answers(self, since: float, status: int, count: int, seconds: float = 60):
        deadline = time.monotonic() + seconds
        while sum(a.sent >= since and a.status == status for a in self.answers) < count:
            assert self.failure is None, self.failure
            assert time.monotonic() < deadline, f"fewer than {count} answers {status}"
            time.sleep(0.05)

    def run(self) -> None:
        try:
            view = self._view()
            while not self._halt.is_set() and view is not None:
                view = self._play(view)
                self._halt.wait(self.pause)
        except Exception as error:  # reported by stop() in the test's thread
            self.failure = f"{type(error).__name__}: {error}"

    def _server(self) -> str:
        self._turn += 1
        return self.servers[self._turn % len(self.servers)]

    def _request(self, method: str, path: str, seat: int, body: dict | None = None, key=None):
        """One request, tried again (same key) while the server cannot answer."""
        headers = {"X-Team-Token": self.tokens[seat]}
        if key:
            headers["Idempotency-Key"] = key
        deadline = time.monotonic() + RETRY_FOR
        while True:
            sent = time.monotonic()
            status, answer, fields = call(f"{self._server()}{path}", method, body, headers)
            self.answers.append(Answer(sent, status, path, fields.get("Retry-After")))
            if 0 < status < 500:
                return status, answer
            if time.monotonic() > deadline or self._halt.is_set():
                return status, answer
            time.sleep(0.2)

    def _view(self) -> dict | None:
        status, body = self._request("GET", f"/api/games/{self.game['id']}/", 0)
        if status != 200:
            return None
        return self._current(body)

    def _current(self, body: dict) -> dict | None:
        if body["status"] != "active":
            self.over = True
            return None
        return body["view"]

    def _play(self, view: dict) -> dict | None:
        turn = view["turn"]
        seat, phase = turn["seat"], turn["phase"]
        if phase == "place":
            tries = [(edge, index) for edge in EDGES for index in range(view["size"])]
            self._random.shuffle(tries)
            moves = [("place", {"edge": edge, "index": index}) for edge, index in tries]
        elif phase == "decide" and self._random.random() < 0.5:
            moves = [("stop", {})]
        else:
            moves = [("roll", {})]
        for name, args in moves:
            key = uuid.uuid4().hex
            body = {"move": name, "args": args}
            status, answer = self._request(
                "POST", f"/api/games/{self.game['id']}/moves/", seat, body, key
            )
            if status == 201:
                self.acknowledged.append((seat, name, args))
                self.versions.append(answer["version"])
                return self._current(answer)
            if status == 400:  # that line is not allowed: the next one
                continue
            if status in (0,) or status >= 500:
                if self._halt.is_set():
                    return None
                raise AssertionError(f"no answer for {RETRY_FOR} s: {status} {answer}")
            return self._view()  # 409 and the like: read the game again
        return self._view()


def page_status(url: str, headers: dict | None = None) -> int:
    return call(url, headers=headers)[0]
