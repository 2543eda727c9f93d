"""Import and export of places (CSV, XLSX, JSON) through django-import-export."""

from __future__ import annotations

import math

from django.utils.translation import gettext as _
from import_export import fields, resources

from cards.duplicates import existing_place
from cards.imports.batched import BatchedImportMixin
from cards.imports.exports import PLAIN_NUMBER_WIDGETS
from cards.imports.spreadsheet import restore_formula_text
from cards.imports.widgets import ChoiceWidget
from cards.models import PLACE_FIELDS, Board, Kind, Place


class PlaceResource(BatchedImportMixin, resources.ModelResource):
    # Bounded, validated first, written in short transactions: see cards.imports.batched.
    WIDGETS_MAP = {**resources.ModelResource.WIDGETS_MAP, **PLAIN_NUMBER_WIDGETS}
    decks = fields.Field(column_name="decks", readonly=True)
    # Choice values in the UI's language; numbers stay locale-independent.
    kind = fields.Field(attribute="kind", column_name="kind", widget=ChoiceWidget(Kind))
    board_override = fields.Field(
        attribute="board_override", column_name="board_override", widget=ChoiceWidget(Board)
    )

    class Meta:
        model = Place
        fields = (*PLACE_FIELDS, "decks")
        export_order = fields
        # Every row goes through the model's full_clean(), so a bad value is reported with its
        # row number and reason instead of reaching the database.
        clean_model_instances = True
        skip_unchanged = True
        report_skipped = True
        use_transactions = True

    def get_instance(self, instance_loader, row):
        """The place a row describes: by id, else by gazetteer id, else by name and state
        near the same point; so a row for a town already in the database is an update."""
        if str(row.get("id") or "").strip():
            return super().get_instance(instance_loader, row)
        return existing_place(
            name=str(row.get("name") or ""),
            latitude=_number(row.get("latitude")),
            longitude=_number(row.get("longitude")),
            geonames_id=int(_number(row.get("geonames_id")) or 0) or None,
            state=str(row.get("state") or "").strip() or None,
        )

    def before_import(self, dataset, **kwargs) -> None:
        """A file that names one place twice is refused as a whole: the second row would
        silently update the place the first one made."""
        seen: dict[tuple, int] = {}
        for number, row in enumerate(dataset.dict, start=2):  # row 1 is the header
            key = _identity(row)
            if key is None:
                continue
            if key in seen:
                raise ValueError(
                    _(
                        "Rows %(first)s and %(second)s describe the same place twice "
                        "(%(name)s): a duplicate. Keep one of them and import again."
                    )
                    % {"first": seen[key], "second": number, "name": row.get("name")}
                )
            seen[key] = number
        super().before_import(dataset, **kwargs)

    def before_import_row(self, row, **kwargs) -> None:
        # An exported "'=x" (neutralised for spreadsheets) comes back as "=x".
        for key, value in row.items():
            row[key] = restore_formula_text(value)

    def dehydrate_decks(self, place: Place) -> str:
        return ", ".join(deck.slug for deck in place.decks.all())


def _identity(row: dict) -> tuple | None:
    """What makes two rows of one file the same place: its id, its gazetteer id, or its name,
    state and point (to about 100 m)."""
    if str(row.get("id") or "").strip():
        return ("id", str(row["id"]).strip())
    if geonames_id := _number(row.get("geonames_id")):
        return ("geonames", int(geonames_id))
    lat, lon = _number(row.get("latitude")), _number(row.get("longitude"))
    name = str(row.get("name") or "").strip().casefold()
    if not name or lat is None or lon is None:
        return None
    return (name, str(row.get("state") or "").strip().casefold(), round(lat, 3), round(lon, 3))


def _number(value: object) -> float | None:
    """A number from a cell, or None; a bad value is reported later by the row's own check."""
    if value is None or isinstance(value, bool):
        return None
    try:
        number = float(str(value).strip())
    except ValueError:
        return None
    return number if math.isfinite(number) else None
