"""Import and export of places (CSV, XLSX, JSON) through django-import-export."""

from __future__ import annotations

from import_export import fields, resources

from cards.batched_import import BatchedImportMixin
from cards.exports import PLAIN_NUMBER_WIDGETS
from cards.models import Place
from cards.spreadsheet import restore_formula_text


class PlaceResource(BatchedImportMixin, resources.ModelResource):
    # Bounded, validated first, written in short transactions: see cards.batched_import.
    WIDGETS_MAP = {**resources.ModelResource.WIDGETS_MAP, **PLAIN_NUMBER_WIDGETS}
    decks = fields.Field(column_name="decks", readonly=True)

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
            "decks",
        )
        export_order = fields
        # Every row goes through the model's full_clean(), so a bad value is reported with its
        # row number and reason instead of reaching the database.
        clean_model_instances = True
        skip_unchanged = True
        report_skipped = True
        use_transactions = True

    def before_import_row(self, row, **kwargs) -> None:
        # An exported "'=x" (neutralised for spreadsheets) comes back as "=x".
        for key, value in row.items():
            row[key] = restore_formula_text(value)

    def dehydrate_decks(self, place: Place) -> str:
        return ", ".join(deck.slug for deck in place.decks.all())
