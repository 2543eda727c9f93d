"""A move's arguments, checked (pure): plain, finite, bounded JSON for every move of every edition,
and the whole numbers and choices a move reads from it (from JSON or from form fields)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from play.core.errors import RuleViolation

# A move's arguments, bounded for every move of every edition: what is stored in its log entry.
MAX_ARGS_BYTES = 4096
MAX_ARGS_DEPTH = 4  # the arguments object, a list in it, …
MAX_ARGS_ITEMS = 200  # keys and list items, counted over the whole object
MAX_ARGS_KEY = 40
MAX_ARGS_INT = 2**53  # what every JSON reader keeps exact


def _bad(message: str) -> RuleViolation:
    return RuleViolation("bad_args", message)


def _check_text(text: str, what: str) -> None:
    if "\x00" in text:
        raise _bad(f"{what} contains a NUL character.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no database or JSON reader takes it back
        raise _bad(f"{what} is not valid Unicode text.") from None


def check_args(args: Mapping[str, Any]) -> None:
    """Refuse arguments no move needs (``bad_args``, 400): other than plain JSON (objects with
    text keys, lists, text, finite numbers, true/false/null), nested deeper than
    ``MAX_ARGS_DEPTH``, longer than ``MAX_ARGS_BYTES`` as JSON, or with NUL characters or lone
    surrogates in text. Walked without recursion, so a deep object costs no stack."""
    items = 0
    stack: list[tuple[Any, int]] = [(args, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, Mapping):
            if depth > MAX_ARGS_DEPTH:
                raise _bad("A move's arguments are nested too deeply.")
            items += len(value)
            for key, item in value.items():
                if not isinstance(key, str) or len(key) > MAX_ARGS_KEY:
                    raise _bad("An argument's name is text of at most 40 characters.")
                _check_text(key, "An argument's name")
                stack.append((item, depth + 1))
        elif isinstance(value, list | tuple):
            if depth > MAX_ARGS_DEPTH:
                raise _bad("A move's arguments are nested too deeply.")
            items += len(value)
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            if len(value) > MAX_ARGS_BYTES:
                raise _bad("A move's arguments are too large.")
            _check_text(value, "An argument")
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if abs(value) > MAX_ARGS_INT:
                raise _bad("A number in a move's arguments is too large.")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise _bad("A number in a move's arguments is not finite.")
        else:
            raise _bad("A move's arguments are plain JSON.")
        if items > MAX_ARGS_ITEMS:
            raise _bad("A move's arguments are too large.")
    if len(orjson.dumps(dict(args))) > MAX_ARGS_BYTES:
        raise _bad("A move's arguments are too large.")


def is_digits(text: str) -> bool:
    """ASCII digits only: ``"²".isdigit()`` is true, but ``int("²")`` fails."""
    return text.isascii() and text.isdigit()


def as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text.startswith("-") else text
        if is_digits(digits) and len(digits) < 12:
            return int(text)
    return None


def arg_int(args: Mapping[str, Any], name: str, low: int, high: int) -> int:
    """A whole-number argument in ``low..high`` (from JSON or a form field)."""
    number = as_int(args.get(name))
    if number is None:
        raise RuleViolation("bad_args", f"{name} must be a whole number.")
    if not low <= number <= high:
        raise RuleViolation("bad_args", f"{name} must be between {low} and {high}.")
    return number


def arg_choice(args: Mapping[str, Any], name: str, choices: Sequence[str]) -> str:
    value = args.get(name)
    if value not in choices:
        raise RuleViolation("bad_args", f"{name} must be one of {', '.join(choices)}.")
    return value
