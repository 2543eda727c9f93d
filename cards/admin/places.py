"""The editors' admin for places and decks."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils import formats
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _
from import_export.admin import ImportExportMixin
from import_export.formats.base_formats import JSON

from cards.admin.decks import DeckAdmin, DeckCardAdmin, position_for_new_card
from cards.admin.forms import PlaceAdminForm
from cards.admin.grids import GridEditionAdmin  # noqa: F401 - registers the grid editions
from cards.admin.history import HistoryAdmin
from cards.admin.symbols import SymbolSetAdmin  # noqa: F401 - registers the symbol admin
from cards.gazetteer.countries import country_choices
from cards.imports.batched import BatchedImportAdminMixin
from cards.imports.exports import SafeCSV, SafeXLSX
from cards.imports.resources import PlaceResource
from cards.imports.widgets import VerboseExportForm
from cards.models import GRID_DECK_EDITIONS, Colour, Deck, DeckCard, Place

POPULATION_BANDS = {
    "lt5k": (_("under 5,000"), Q(population__lt=5_000)),
    "5k-20k": (_("5,000–20,000"), Q(population__gte=5_000, population__lt=20_000)),
    "20k-100k": (_("20,000–100,000"), Q(population__gte=20_000, population__lt=100_000)),
    "100k-1m": (_("100,000–1 million"), Q(population__gte=100_000, population__lt=1_000_000)),
    "1m+": (_("1 million and more"), Q(population__gte=1_000_000)),
    "none": (_("no population"), Q(population__isnull=True)),
}


class PopulationBandFilter(admin.SimpleListFilter):
    title = _("population")
    parameter_name = "population_band"

    def lookups(self, request, model_admin):
        return [(key, label) for key, (label, _q) in POPULATION_BANDS.items()]

    def queryset(self, request, queryset):
        band = POPULATION_BANDS.get(self.value() or "")
        return queryset.filter(band[1]) if band else queryset


class MissingDescriptionFilter(admin.SimpleListFilter):
    title = _("description")
    parameter_name = "description"

    def lookups(self, request, model_admin):
        return [("missing", _("missing description")), ("present", _("has a description"))]

    def queryset(self, request, queryset):
        missing = Q(description="") & Q(description_en="")
        if self.value() == "missing":
            return queryset.filter(missing)
        if self.value() == "present":
            return queryset.exclude(missing)
        return queryset


class DeckFilter(admin.SimpleListFilter):
    title = _("deck")
    parameter_name = "deck"

    def lookups(self, request, model_admin):
        return [(deck.slug, deck.name) for deck in Deck.objects.all()]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(decks__slug=self.value())
        return queryset


def guess_format(filename: str, formats: list) -> int | None:
    """Index of the format whose extension the file has ('places.XLSX' → XLSX), or None."""
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    for index, fmt in enumerate(formats):
        if fmt().get_extension() == extension:
            return index
    return None


class CountryFilter(admin.SimpleListFilter):
    """Countries by name (in the UI's language), not by ISO code."""

    title = _("country")
    parameter_name = "country"

    def lookups(self, request, model_admin):
        codes = set(Place.objects.values_list("country", flat=True).distinct())
        return country_choices(codes, get_language() or "en")

    def queryset(self, request, queryset):
        return queryset.filter(country=self.value()) if self.value() else queryset


class PlaceActionForm(admin.helpers.ActionForm):
    deck = forms.ModelChoiceField(
        Deck.objects.all(), required=False, label=_("Deck"), to_field_name="slug"
    )
    colour = forms.ChoiceField(
        label=_("colour"),
        choices=[("", _("colour (world decks)")), *Colour.choices],
        required=False,
    )


@admin.register(Place)
class PlaceAdmin(BatchedImportAdminMixin, ImportExportMixin, HistoryAdmin):
    form = PlaceAdminForm
    resource_classes = [PlaceResource]
    # Spreadsheet formats neutralise formulas; imports are bounded (cards.imports.batched).
    formats = [SafeCSV, SafeXLSX, JSON]
    import_template_name = "admin/cards/place/import.html"
    export_form_class = VerboseExportForm
    list_display = [
        "name",
        "kind",
        "state",
        "country",
        "population_display",
        "grid_ns",
        "grid_we",
        "world_solutions",
    ]
    list_filter = [
        "state",
        "kind",
        DeckFilter,
        PopulationBandFilter,
        MissingDescriptionFilter,
        CountryFilter,
    ]
    search_fields = ["name", "name_en", "state"]
    list_per_page = 50
    action_form = PlaceActionForm
    # The print studio adds "Print selected places" (printing/admin.py).
    actions = ["add_to_deck", "remove_from_deck"]
    readonly_fields = ["geonames_id", "grid_ns", "grid_we", "world_solutions", "created_at"]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "name",
                    "name_en",
                    "kind",
                    "country",
                    "state",
                    "gazetteer_id",
                    "not_a_duplicate",
                ]
            },
        ),
        (_("Card back"), {"fields": ["description", "description_en", "image"]}),
        (
            _("Population"),
            {"fields": ["population", "population_source", "population_year"]},
        ),
        (
            _("Position"),
            {
                "fields": [
                    "latitude",
                    "longitude",
                    ("grid_ns", "grid_we"),
                    "world_solutions",
                ]
            },
        ),
        (
            _("Natural regions and the world edition"),
            {
                "classes": ["collapse"],
                "fields": [
                    "geometry",
                    ("stated_latitude", "stated_longitude"),
                    "board_override",
                    "solutions_override",
                ],
            },
        ),
        (_("Source"), {"classes": ["collapse"], "fields": ["geonames_id", "created_at"]}),
    ]

    class Media:
        js = ["cards/place_form.js"]
        css = {"all": ["cards/place_form.css"]}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Place]:
        return super().get_queryset(request).prefetch_related("decks")

    def import_action(self, request: HttpRequest, **kwargs):
        """Take the format from the file's name when the editor chose none."""
        upload = request.FILES.get("import_file")
        if request.method == "POST" and upload and not request.POST.get("format"):
            guessed = guess_format(upload.name, self.formats)
            if guessed is not None:
                request.POST = request.POST.copy()
                request.POST["format"] = str(guessed)
        return super().import_action(request, **kwargs)

    @admin.display(description=_("population"), ordering="population")
    def population_display(self, place: Place) -> str:
        # Grouped as the editor's language groups it: 3,426,354 in English, 3.426.354 in German.
        if place.population is None:
            return ""
        return formats.number_format(place.population, force_grouping=True)

    def _grid(self, place: Place):
        if place.pk is None or place.country != "DE":
            return None
        return place.germany_grid()

    @admin.display(description=_("N–S"))
    def grid_ns(self, place: Place) -> str:
        grid = self._grid(place)
        return "–" if grid is None else str(grid.ns)

    @admin.display(description=_("W–E"))
    def grid_we(self, place: Place) -> str:
        grid = self._grid(place)
        return "–" if grid is None else str(grid.we)

    @admin.display(description=_("world solutions"))
    def world_solutions(self, place: Place) -> str:
        # The same computation as the form's live preview (api/places/preview/).
        if place.pk is None:
            return "–"
        location = place.world_location()
        return "–" if location is None else ", ".join(location.solutions)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        warning = obj.state_warning()
        if warning:
            messages.warning(request, warning)

    def _chosen(self, request: HttpRequest) -> tuple[Deck | None, str]:
        form = self.action_form(request.POST)
        form.fields["action"].choices = self.get_action_choices(request)
        if not form.is_valid() or form.cleaned_data.get("deck") is None:
            messages.error(request, _("Choose a deck next to the action first."))
            return None, ""
        return form.cleaned_data["deck"], form.cleaned_data.get("colour", "")

    @admin.action(description=_("Add selected places to the chosen deck"))
    def add_to_deck(self, request: HttpRequest, queryset: QuerySet[Place]) -> None:
        deck, colour = self._chosen(request)
        if deck is None:
            return
        if deck.edition in GRID_DECK_EDITIONS:
            colour = ""
        added, refused = 0, []
        already = set(deck.cards.values_list("place_id", flat=True))
        position = position_for_new_card(deck)
        for place in queryset.exclude(pk__in=already):
            card = DeckCard(deck=deck, place=place, colour=colour, position=position)
            position += 1 if position else 0
            try:
                card.full_clean()
            except ValidationError as error:
                refused.append(f"{place.name}: {' '.join(error.messages)}")
                continue
            card.save()
            added += 1
        messages.success(
            request,
            ngettext("%(n)d place added to %(deck)s.", "%(n)d places added to %(deck)s.", added)
            % {"n": added, "deck": deck.name},
        )
        for reason in refused:
            messages.error(request, reason)

    @admin.action(description=_("Remove selected places from the chosen deck"))
    def remove_from_deck(self, request: HttpRequest, queryset: QuerySet[Place]) -> None:
        deck, _colour = self._chosen(request)
        if deck is None:
            return
        removed = 0
        for card in DeckCard.objects.filter(deck=deck, place__in=queryset):
            card.delete()  # one by one, so that history records each removal
            removed += 1
        messages.success(
            request,
            ngettext(
                "%(n)d place removed from %(deck)s.", "%(n)d places removed from %(deck)s.", removed
            )
            % {"n": removed, "deck": deck.name},
        )


__all__ = ["DeckAdmin", "DeckCardAdmin", "PlaceAdmin"]

admin.site.site_header = _("Spot On Studio")
admin.site.site_title = _("Spot On Studio")
admin.site.index_title = _("Card database")
