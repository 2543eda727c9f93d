"""One option schema for whatever a teacher chooses before it starts: a game's options (the play
editions) and a print kit's (the print studio). Pure: no Django, so that rules and layouts
that use it are tested without a database.

An option's kind follows its default (bool, int, float or str) unless given (an option whose
default is None, such as "the play app's track length", names its kind). A choice lists its
``choices`` as (value, label) pairs; a number may give ``min`` and ``max``. ``clean`` turns
what a form, a command line or a JSON body sent into the value, or raises ``OptionError``
with one line naming the option, the value and what is possible; each side turns that into
its own refusal (a game's 400, a kit's one-line error).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

TRUE = frozenset({"1", "true", "on"})
FALSE = frozenset({"0", "false", "off", ""})


class OptionError(ValueError):
    """A value an option does not take (or an option that does not exist)."""


@dataclass(frozen=True)
class Option:
    name: str
    label: Any  # may be a lazy translation
    default: Any
    choices: tuple[tuple[Any, Any], ...] = ()  # (value, label)
    min: float | None = None
    max: float | None = None
    help: Any = ""
    kind: type | None = None  # bool, int, float or str; None: the default's
    # The help for a game with a given deck (the new-game form shows the chosen deck's).
    deck_help: Callable[[Any], Any] | None = None

    def __post_init__(self) -> None:
        if self.kind is None:
            kind = type(self.default) if self.default is not None else str
            object.__setattr__(self, "kind", kind)
        if self.kind not in (bool, int, float, str):
            raise TypeError(f"option {self.name}: no kind {self.kind!r}")

    @property
    def values(self) -> tuple:
        return tuple(value for value, _label in self.choices)

    @property
    def flag(self) -> str:
        """The option on a command line: ``--card-size``."""
        return "--" + self.name.replace("_", "-")

    def clean(self, value: Any) -> Any:
        """The value for what was sent; None (and "" but for a switch) means the default."""
        if value is None or (value == "" and self.kind is not bool):
            return self.default
        if self.kind is bool:
            return self._switch(value)
        if self.kind in (int, float):
            return self._number(value)
        if str(value) not in {str(v) for v in self.values}:
            shown = ", ".join(str(v) for v in self.values if v != "")
            raise OptionError(f"{self.name} {value!r} unknown; choose one of {shown}")
        return str(value)

    def _switch(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in TRUE or text in FALSE:
            return text in TRUE
        raise OptionError(f"{self.name} must be on or off, not {value!r}")

    def _number(self, value: Any) -> int | float:
        try:
            if isinstance(value, bool):
                raise ValueError
            number = self.kind(value)
            if self.kind is int and isinstance(value, float) and value != number:
                raise ValueError  # 2.5 is not a whole number
        except (TypeError, ValueError):
            raise OptionError(f"{self.name} must be a number, not {value!r}") from None
        if self.values and number not in self.values:
            shown = ", ".join(str(v) for v in self.values)
            raise OptionError(f"{self.name} {number!r} unknown; choose one of {shown}")
        low = self.min if self.min is not None else float("-inf")
        high = self.max if self.max is not None else float("inf")
        if not low <= number <= high:
            if self.min is None:
                bounds = f"at most {high:g}"
            elif self.max is None:
                bounds = f"at least {low:g}"
            else:
                bounds = f"between {low:g} and {high:g}"
            raise OptionError(f"{self.name} must be {bounds}, not {number:g}")
        return number


def choice(
    name: str,
    label: Any,
    default: str,
    values: Iterable[str],
    labels: Mapping[str, Any] | None = None,
    help: Any = "",
) -> Option:
    """A choice among ``values``, each labelled by ``labels`` (or by itself)."""
    labels = labels or {}
    pairs = tuple((value, labels.get(value, value)) for value in values)
    return Option(name, label, default, pairs, help=help)


def clean_all(options: Iterable[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's value: ``given``'s where it names the option, else the default. A name
    no option has is refused, never ignored."""
    known = {option.name: option for option in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise OptionError(f"unknown option(s): {', '.join(unknown)}")
    return {name: option.clean(given.get(name)) for name, option in known.items()}
