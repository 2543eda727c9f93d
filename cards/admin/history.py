"""History of the card database's rows (django-simple-history), as editors read it."""

from __future__ import annotations

from typing import Any

from simple_history.admin import SimpleHistoryAdmin


class HistoryAdmin(SimpleHistoryAdmin):
    """Saving a form without a change writes no history entry: the history lists what changed,
    and an editor who only pressed "Save" changed nothing."""

    def save_model(self, request: Any, obj: Any, form: Any, change: bool) -> None:
        if not (change and not form.has_changed()):
            super().save_model(request, obj, form, change)
            return
        obj.skip_history_when_saving = True
        try:
            super().save_model(request, obj, form, change)
        finally:
            del obj.skip_history_when_saving
