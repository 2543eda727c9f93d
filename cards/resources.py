"""Import and export of places (CSV, XLSX, JSON) through django-import-export."""

from __future__ import annotations

import math

from import_export import fields, resources

from cards.models import Board, Kind, Place
from cards.resource_widgets import ChoiceWidget


class PlaceResource(resources.ModelResource):
    decks = fields.Field(column_name="decks", readonly=True)
    # Choice values in the UI's language; numbers stay locale-independent.
    kind = fields.Field(attribute="kind", column_name="kind", widget=ChoiceWidget(Kind))
    board_override = fields.Field(
        attribute="board_override", column_name="board_override", widget=ChoiceWidget(Board)
    )

    class Meta:
        model = Place
        fields = (
            "id",
            "name",
            "name_en",
            "kind",
            "country",
            "state",
            "description",
            "description_en",
            "population",
            "population_source",
            "population_year",
            "latitude",
            "longitude",
            "geometry",
            "stated_latitude",
            "stated_longitude",
            "board_override",
            "solutions_override",
            "geonames_id",
            "decks",
        )
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
        from cards.duplicates import existing_place

        return existing_place(
            name=str(row.get("name") or ""),
            latitude=_number(row.get("latitude")),
            longitude=_number(row.get("longitude")),
            geonames_id=int(_number(row.get("geonames_id")) or 0) or None,
            state=str(row.get("state") or "").strip() or None,
        )

    def dehydrate_decks(self, place: Place) -> str:
        return ", ".join(deck.slug for deck in place.decks.all())


def _number(value: object) -> float | None:
    """A number from a cell, or None; a bad value is reported later by the row's own check."""
    if value is None or isinstance(value, bool):
        return None
    try:
        number = float(str(value).strip())
    except ValueError:
        return None
    return number if math.isfinite(number) else None
