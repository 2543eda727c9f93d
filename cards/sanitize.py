"""Refusing values that poison the database or break exports: non-finite numbers, control
characters.

Validators here are attached to model fields, so the admin, the imports and the API (whose
serializers copy the model's field validators) refuse the same values.
"""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

# C0 controls, DEL and C1 controls. Spreadsheets (XLSX) cannot hold most of them, a card
# cannot print them, and none is typed on purpose.
# Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) turn the text around
# them (a name that reads one way and sorts another); right-to-left names need none of them (the
# marks U+200E/U+200F stay allowed). Lone surrogates are no text at all: no JSON reader or
# database takes them back.
_FORBIDDEN = r"\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_CONTROL = re.compile(rf"[\x00-\x1f\x7f-\x9f{_FORBIDDEN}]")
# Multi-line text keeps its line breaks and tabs.
_CONTROL_MULTILINE = re.compile(rf"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_FORBIDDEN}]")


# Joiners shape what sits on both sides of them (an emoji family, a Persian word): in a name
# they are allowed between two visible characters, and nowhere else.
JOINERS = frozenset("\u200c\u200d")


def hidden_character(name: str) -> str | None:
    """The first character in a one-line name that a reader cannot see, or None: a control
    character, a bidi control (the check place names use) and every other format character
    (Unicode category Cf: zero-width space U+200B, the direction marks U+200E/U+200F and
    U+061C, the BOM …), which let two names look the same and differ, or read in another
    order than they are stored. Stricter than place names, which keep the direction marks."""
    if found := _CONTROL.search(name):
        return found.group()
    flags = {i for m in _SUBDIVISION_FLAG.finditer(name) for i in range(m.start() + 1, m.end())}
    for i, ch in enumerate(name):
        if unicodedata.category(ch) != "Cf" or i in flags:
            continue
        inside = 0 < i < len(name) - 1
        if ch in JOINERS and inside and not _invisible(name[i - 1]) and not _invisible(name[i + 1]):
            continue
        return ch
    return None


# A subdivision's flag (Scotland, Wales) is a black flag followed by tag characters (Cf) that
# spell its code and a cancel tag: the one place tags are seen, as the flag.
_SUBDIVISION_FLAG = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")


def _invisible(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch) in ("Cf", "Cc", "Zs")


def name_key(name: str) -> str:
    """What a name looks like, for telling two names apart: compatibility forms folded (NFKC:
    full-width letters, ligatures), case folded, joiners dropped and spaces collapsed. Two names
    with the same key look alike to a class."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    folded = unicodedata.normalize("NFKC", folded)
    folded = "".join(ch for ch in folded if ch not in JOINERS)
    return " ".join(folded.split())


_SURROGATE = re.compile(r"[\ud800-\udfff]")


def lone_surrogate_in(data: Any) -> str | None:
    """The top-level key of the first string (key or value, at any depth) that holds a lone
    surrogate, "" for a bare string, or None when all of it is valid Unicode.

    A JSON escape such as "\\ud800" decodes to a lone surrogate: no text at all. Any error that
    quoted it back (an unknown choice, a slug that names nothing) could not be encoded as UTF-8
    and became a server error, so such input is refused before any field looks at it.
    """
    if isinstance(data, dict):
        for key, value in data.items():
            if lone_surrogate_in(key) is not None or lone_surrogate_in(value) is not None:
                return key if isinstance(key, str) and not _SURROGATE.search(key) else ""
        return None
    if isinstance(data, list | tuple):
        for item in data:
            if lone_surrogate_in(item) is not None:
                return ""
        return None
    if isinstance(data, str) and _SURROGATE.search(data):
        return ""
    return None


def invalid_unicode_message() -> str:
    """The refusal for text with a lone surrogate; never quotes the text itself."""
    return _(
        "Invalid text: it holds a lone surrogate (U+D800–U+DFFF, e.g. the JSON escape \\ud800 "
        "without its pair), which is no character. Send valid Unicode."
    )


def validate_finite(value: Any) -> None:
    """Refuse NaN and infinities: range checks let NaN through (every comparison is false)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValidationError(_("Give a finite number."), code="not_finite")


@deconstructible
class NoControlCharacters:
    """Refuse control characters; ``multiline`` text may keep tabs and line breaks."""

    def __init__(self, multiline: bool = False) -> None:
        self.multiline = multiline

    def __call__(self, value: Any) -> None:
        if not isinstance(value, str):
            return
        pattern = _CONTROL_MULTILINE if self.multiline else _CONTROL
        found = pattern.search(value)
        if found:
            raise ValidationError(
                _("Remove the control character U+%(code)04X (position %(pos)d)."),
                params={"code": ord(found.group()), "pos": found.start() + 1},
                code="control_character",
            )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoControlCharacters) and other.multiline == self.multiline

    def __hash__(self) -> int:
        return hash(("NoControlCharacters", self.multiline))


def forbid_control_characters(*model_classes: type[models.Model]) -> None:
    """Give every text field of these models the control-character validator.

    Done per model rather than per field, so that text fields added later are covered too.
    Runs while the models are defined, right after the classes.
    """
    for model in model_classes:
        for field in model._meta.local_fields:
            if not isinstance(field, models.CharField | models.TextField):
                continue
            if field.choices or isinstance(field, models.SlugField):
                continue  # already restricted to a few known values
            validator = NoControlCharacters(multiline=isinstance(field, models.TextField))
            if validator not in field._validators:
                field._validators = [*field._validators, validator]  # for migrations
                if "validators" in field.__dict__:  # the list in use, already built
                    field.__dict__["validators"].append(validator)


class DatabaseCheck(models.CheckConstraint):
    """A check the database enforces but ``full_clean`` skips.

    The field validators refuse the same values with clearer messages; Django would otherwise
    run one query per check for every place validated (most of an import's time).
    """

    def validate(self, *args: Any, **kwargs: Any) -> None:
        return


def coordinate_constraints() -> list[models.CheckConstraint]:
    """Database checks that coordinates lie in range, which NaN never does.

    PostgreSQL stores NaN in a float column and sorts it above every number, so the range
    check refuses it; SQLite stores NaN as NULL, which the NOT NULL columns refuse.
    """
    ranges = {
        "latitude": 90.0,
        "longitude": 180.0,
        "stated_latitude": 90.0,
        "stated_longitude": 180.0,
    }
    checks = []
    for name, limit in ranges.items():
        condition = models.Q(**{f"{name}__gte": -limit, f"{name}__lte": limit})
        if name.startswith("stated_"):
            condition |= models.Q(**{f"{name}__isnull": True})
        checks.append(DatabaseCheck(condition=condition, name=f"place_{name}_range"))
    # Both coordinates of the stated point or neither (as Place.clean says); on SQLite this also
    # catches a NaN that became NULL next to a real number.
    both = models.Q(stated_latitude__isnull=True, stated_longitude__isnull=True) | models.Q(
        stated_latitude__isnull=False, stated_longitude__isnull=False
    )
    checks.append(DatabaseCheck(condition=both, name="place_stated_point_pair"))
    return checks
