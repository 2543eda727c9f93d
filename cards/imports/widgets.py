"""Import/export helpers: choice values in the UI's language, field labels from the model."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils import translation
from import_export import widgets
from import_export.forms import SelectableFieldsExportForm


class ChoiceWidget(widgets.Widget):
    """Exports a choice as its label in the active language ('Stadt oder Ort', 'town or city');
    imports the code, or the label in either language, so an exported file imports again."""

    def __init__(self, choices: type[models.TextChoices]) -> None:
        super().__init__()
        self.choices = choices

    def _labels(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for language in ("de", "en"):
            with translation.override(language):
                for code, label in self.choices.choices:
                    found[str(label).casefold()] = code
        return found

    def clean(self, value: Any, row: Any = None, **kwargs: Any) -> str:
        text = str(value if value is not None else "").strip()
        if not text or text in self.choices.values:
            return text
        # An unknown value goes on as it is: the model's own check names it in the row's error.
        return self._labels().get(text.casefold(), text)

    def render(self, value: Any, obj: Any = None, **kwargs: Any) -> str:
        if value in (None, ""):
            return ""
        try:
            return str(self.choices(value).label)
        except ValueError:
            return str(value)


class VerboseExportForm(SelectableFieldsExportForm):
    """The export's field choices labelled like the admin's fields ('Name (Englisch)'),
    in the UI's language, instead of 'Name En'."""

    def _get_field_label(self, resource: Any, field_name: str) -> str:
        model = resource._meta.model
        try:
            label = str(model._meta.get_field(field_name).verbose_name)
        except Exception:  # a resource-only column such as "decks"
            from django.utils.translation import gettext

            label = gettext(field_name)
        return label[:1].upper() + label[1:]
