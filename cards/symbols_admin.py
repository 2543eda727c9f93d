"""The editors' admin for symbol sets, symbols (with import/export) and match decks."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from import_export import fields, resources, widgets
from import_export.admin import ImportExportMixin
from import_export.formats.base_formats import CSV, JSON, XLSX

from cards.symbols import MatchCard, MatchDeck, Symbol, SymbolSet


class SymbolResource(resources.ModelResource):
    symbol_set = fields.Field(
        attribute="symbol_set",
        column_name="symbol_set",
        widget=widgets.ForeignKeyWidget(SymbolSet, field="slug"),
    )

    class Meta:
        model = Symbol
        fields = (
            "symbol_set",
            "position",
            "name",
            "name_en",
            "text",
            "colour",
            "icon",
            "view_box",
            "source",
            "licence",
        )
        export_order = fields
        import_id_fields = ("symbol_set", "position")
        clean_model_instances = True  # bad path data is reported per row
        skip_unchanged = True


def icon_preview(symbol: Symbol, size: int = 32) -> str:
    """The icon as inline SVG (or the text label), as the screen shows it."""
    if not symbol.icon:
        return format_html("<span>{}</span>", symbol.text or symbol.name)
    return format_html(
        '<svg viewBox="{}" width="{}" height="{}" role="img" aria-label="{}">'
        '<path fill="{}" d="{}"/></svg>',
        symbol.view_box,
        size,
        size,
        symbol.name,
        symbol.colour,
        symbol.icon,
    )


class SymbolInline(admin.TabularInline):
    model = Symbol
    fields = ["position", "preview", "name", "name_en", "text", "colour"]
    readonly_fields = ["preview"]
    extra = 0
    show_change_link = True

    @admin.display(description=_("icon"))
    def preview(self, symbol: Symbol) -> str:
        return icon_preview(symbol)


@admin.register(SymbolSet)
class SymbolSetAdmin(admin.ModelAdmin):
    list_display = ["name", "name_en", "slug", "symbol_count", "licence"]
    search_fields = ["name", "name_en", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [SymbolInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[SymbolSet]:
        return super().get_queryset(request).annotate(_symbols=Count("symbols"))

    @admin.display(description=_("symbols"), ordering="_symbols")
    def symbol_count(self, symbol_set: SymbolSet) -> int:
        return symbol_set._symbols


@admin.register(Symbol)
class SymbolAdmin(ImportExportMixin, admin.ModelAdmin):
    resource_classes = [SymbolResource]
    formats = [CSV, XLSX, JSON]
    list_display = ["name", "preview", "name_en", "symbol_set", "position", "licence"]
    list_filter = ["symbol_set"]
    search_fields = ["name", "name_en", "text"]
    list_select_related = ["symbol_set"]
    readonly_fields = ["preview"]

    @admin.display(description=_("icon"))
    def preview(self, symbol: Symbol) -> str:
        return icon_preview(symbol)


class MatchCardInline(admin.TabularInline):
    model = MatchCard
    fields = ["number", "role", "colour", "symbol_names"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False  # cards come from the plane: rebuild with make_match_deck

    def get_queryset(self, request: HttpRequest) -> QuerySet[MatchCard]:
        return super().get_queryset(request).prefetch_related("slots__symbol")

    @admin.display(description=_("symbols"))
    def symbol_names(self, card: MatchCard) -> str:
        return ", ".join(slot.symbol.name for slot in card.slots.all())


@admin.register(MatchDeck)
class MatchDeckAdmin(admin.ModelAdmin):
    list_display = ["deck", "symbol_set", "order", "seed"]
    readonly_fields = ["deck", "symbol_set", "order", "seed"]
    inlines = [MatchCardInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # made by `manage.py make_match_deck`, which keeps the plane's rule
