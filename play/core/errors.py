"""The refusals every edition raises: a rule violation (HTTP 400) or a conflict with the game's
current state (HTTP 409). ``code`` is stable (API clients, translations); ``message`` is English."""

from __future__ import annotations


class RuleViolation(Exception):
    """A move the rules forbid. Maps to HTTP 400.

    ``code`` is a stable machine-readable string (for API clients and translations);
    ``message`` is an English sentence for people.
    """

    http_status = 400

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class TurnConflict(RuleViolation):
    """The move may be fine, but not in the game's current state. Maps to HTTP 409.

    Catch this before ``RuleViolation`` (it is a subclass).
    """

    http_status = 409


class NotYourTurn(TurnConflict):
    """Another team is to act first."""


class RoundClosed(TurnConflict):
    """The round (or phase) does not accept this action now: finished, revealed, not ready."""


class TooFast(RuleViolation):
    """More moves than a seat may make in a while (HTTP 429)."""

    http_status = 429
