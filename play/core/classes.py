"""A teacher's classes: who sees which (its teacher; admins see every class)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from cards.roles import can_run_games
from cards.sanitize import hidden_character
from play.core.access import parse_id
from play.core.errors import RuleViolation
from play.models import Class

NAME_MAX = 60
YEAR_MAX = 20


def classes_of(user: Any) -> QuerySet[Class]:
    if not can_run_games(user):
        return Class.objects.none()
    if user.is_superuser:
        return Class.objects.all()
    return Class.objects.filter(teacher=user)


def class_for(user: Any, value: object) -> Class | None:
    """The class with this id if the user may see it, else None (another teacher's class is
    as unknown as one that does not exist)."""
    pk = value if isinstance(value, int) and not isinstance(value, bool) else parse_id(value)
    return classes_of(user).filter(pk=pk).first() if pk else None


def clean_class_fields(name: Any, school_year: Any = "") -> tuple[str, str]:
    """A class's name and school year, trimmed and checked; RuleViolation (400) otherwise."""
    if not isinstance(name, str) or not name.strip():
        raise RuleViolation("class_name", "A class needs a name.")
    if school_year is None:
        school_year = ""
    if not isinstance(school_year, str):
        raise RuleViolation("school_year", "The school year is text, such as 2026/27.")
    name, school_year = name.strip(), school_year.strip()
    if len(name) > NAME_MAX:
        raise RuleViolation("class_name", f"A class name has at most {NAME_MAX} characters.")
    if len(school_year) > YEAR_MAX:
        raise RuleViolation("school_year", f"A school year has at most {YEAR_MAX} characters.")
    for text in (name, school_year):
        if hidden_character(text) is not None:
            raise RuleViolation("class_name", "Names cannot contain invisible characters.")
    return name, school_year
