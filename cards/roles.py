"""Who may do what: the Editors and Teachers groups (created by a migration) and admins."""

from __future__ import annotations

from typing import Any

EDITORS = "Editors"
TEACHERS = "Teachers"


def _in_group(user: Any, *names: str) -> bool:
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return user.groups.filter(name__in=names).exists()


def is_editor(user: Any) -> bool:
    return _in_group(user, EDITORS)


def can_print(user: Any) -> bool:
    """Editors and teachers may print decks; anonymous visitors may not."""
    return _in_group(user, EDITORS, TEACHERS)


def can_run_games(user: Any) -> bool:
    return _in_group(user, EDITORS, TEACHERS)
