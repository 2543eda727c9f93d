"""The editors' admin for grid editions: suggested values, a preview map, filling a deck.

Picking a country (or a German state) suggests the extent and ranges from the outline; the
preview map redraws as the values change. A save is refused for values that cannot number
places, and held back while the extent would cut off part of the outline, listing the towns
it would clamp, until the editor ticks "save anyway". Germany's row keeps the rule book's
extent and ranges. "Fill a deck" puts the edition's biggest towns into a new or existing deck.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from cards.admin.history import HistoryAdmin
from cards.grids import jobs as grid_jobs
from cards.grids.decks import GridDeckError, edition_places
from cards.grids.models import GERMANY_SLUG, GridEdition

EXTENT = ("west", "east", "north", "south", "ns_max", "we_max")
CHECK_MIN_POPULATION = 1000  # the towns whose clamping a warning lists


class GridEditionForm(forms.ModelForm):
    accept_warnings = forms.BooleanField(
        label=_("Save anyway"),
        required=False,
        help_text=_("Save although the extent cuts off part of the outline (see the warnings)."),
    )

    class Meta:
        model = GridEdition
        fields = ["name", "name_en", "slug", "country", "region", "outline_part", *EXTENT]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in EXTENT:
            if name in self.fields:
                self.fields[name].required = False
                self.fields[name].help_text = _("Empty: the value suggested from the outline.")

    def clean(self) -> dict:
        from geo.grid_editions import EditionError, check, edition_shape, make_spec, suggest_for

        data = super().clean()
        if self.errors or not any(name in self.fields for name in EXTENT):
            return data  # Germany's row: the rule book's extent, not the editor's
        country = (data.get("country") or self.instance.country or "").upper()
        region = data.get("region", self.instance.region) or ""
        part = data.get("outline_part") or self.instance.outline_part
        try:
            shape = edition_shape(country, region, part)
            if all(data.get(name) in (None, "") for name in EXTENT if name in self.fields):
                suggested = suggest_for(country, region, part)
                for name in EXTENT:
                    if name in self.fields:
                        data[name] = getattr(suggested, name)
            values = [data.get(name, getattr(self.instance, name)) for name in EXTENT]
            if any(v in (None, "") for v in values):
                raise EditionError(_("Give every value of the extent and both ranges, or none."))
            spec = make_spec(*values)
            probe = GridEdition(country=country, region=region, outline_part=part)
            towns = [
                (t.name, t.latitude, t.longitude)
                for t in edition_places(probe, CHECK_MIN_POPULATION)
            ]
            result = check(spec, shape, towns)
        except EditionError as error:
            raise ValidationError(str(error)) from None
        if result.warnings and not data.get("accept_warnings"):
            raise ValidationError(
                [*result.warnings, _("Tick “Save anyway” to save these values all the same.")]
            )
        return data


class FillForm(forms.Form):
    deck = forms.SlugField(label=_("Deck (slug)"), help_text=_("A new or an existing deck."))
    deck_name = forms.CharField(label=_("Name of a new deck"), required=False, max_length=120)
    min_population = forms.IntegerField(label=_("Minimum population"), min_value=0, initial=5000)
    count = forms.IntegerField(
        label=_("How many cards"),
        min_value=1,
        max_value=2000,
        required=False,
        help_text=_("The biggest towns first; empty: every town of the minimum population."),
    )


@admin.register(GridEdition)
class GridEditionAdmin(HistoryAdmin):
    form = GridEditionForm
    list_display = ["name", "slug", "country", "region", "ns_max", "we_max", "deck_count"]
    search_fields = ["name", "name_en", "slug", "country"]
    prepopulated_fields = {"slug": ["name_en"]}
    readonly_fields = ["preview", "fill_link"]
    fieldsets = [
        (None, {"fields": ["name", "name_en", "slug"]}),
        (_("Outline"), {"fields": ["country", "region", "outline_part"]}),
        (_("Grid"), {"fields": [*EXTENT, "accept_warnings", "preview", "fill_link"]}),
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[GridEdition]:
        return super().get_queryset(request).annotate(deck_total=Count("decks"))

    def get_readonly_fields(self, request: HttpRequest, obj=None) -> list[str]:
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.slug == GERMANY_SLUG:  # the rule book's constants
            fields += ["slug", "country", "region", "outline_part", *EXTENT]
        return fields

    def get_prepopulated_fields(self, request: HttpRequest, obj=None) -> dict:
        return {} if obj is not None and obj.slug == GERMANY_SLUG else self.prepopulated_fields

    @admin.display(description=_("decks"), ordering="deck_total")
    def deck_count(self, edition: GridEdition) -> int:
        return edition.deck_total

    class Media:
        js = ["cards/grid_edition_form.js"]

    @admin.display(description=_("preview"))
    def preview(self, edition: GridEdition) -> str:
        """The map with the grid; the form's script redraws it as the values change."""
        src = ""
        if edition.pk is not None:
            query = {"country": edition.country, "region": edition.region, "name": edition.name}
            query.update({"part": edition.outline_part})
            query.update({name: getattr(edition, name) for name in EXTENT})
            src = f"{reverse('geo:grid-svg')}?{urlencode(query)}"
        alt = _("Pick a country: its map with the grid appears here.")
        image = (
            format_html('<img class="grid-preview" alt="{}" width="520" src="{}">', alt, src)
            if src
            else format_html('<img class="grid-preview" alt="{}" width="520">', alt)
        )
        return format_html(
            '<div class="grid-preview-box" data-suggest-url="{}" data-map-url="{}" '
            'data-adding="{}" data-suggest-label="{}">{}</div>',
            reverse("geo:grid-suggest"),
            reverse("geo:grid-svg"),
            "true" if edition.pk is None else "false",
            _("Use the suggested values"),
            image,
        )

    @admin.display(description=_("deck"))
    def fill_link(self, edition: GridEdition) -> str:
        if edition.pk is None:
            return _("Save the edition first; then fill a deck from the gazetteer.")
        url = reverse("admin:cards_gridedition_fill", args=[edition.pk])
        return format_html(
            '<a class="button" href="{}">{}</a>', url, _("Fill a deck from the gazetteer")
        )

    def get_urls(self):
        fill = self.admin_site.admin_view(self.fill_view)
        return [
            path("<int:pk>/fill/", fill, name="cards_gridedition_fill"),
            *super().get_urls(),
        ]

    def fill_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        if not (
            request.user.has_perm("cards.add_deckcard") and request.user.has_perm("cards.add_place")
        ):
            raise PermissionDenied
        edition = get_object_or_404(GridEdition, pk=pk)
        form = FillForm(
            request.POST or None, initial={"deck": slugify(edition.name_en or edition.name)}
        )
        if request.method == "POST" and form.is_valid():
            try:
                grid_jobs.check(edition, form.cleaned_data["deck"])
            except GridDeckError as error:
                form.add_error(None, str(error))
            else:
                job = grid_jobs.start(request.user, edition, form.cleaned_data)
                return HttpResponseRedirect(reverse("jobs:detail", args=[job.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Fill a deck from the gazetteer: %(name)s") % {"name": edition.name},
            "form": form,
            "edition": edition,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/cards/gridedition/fill.html", context)
