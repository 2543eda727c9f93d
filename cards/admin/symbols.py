"""The editors' admin for symbol sets, symbols (with import/export) and match decks."""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from import_export import fields, resources, widgets
from import_export.admin import ImportExportMixin
from import_export.formats.base_formats import CSV, JSON, XLSX

from cards.models import Deck
from cards.symbols.decks import DeckError
from cards.symbols.making import make_match_deck
from cards.symbols.models import MatchCard, MatchCardSymbol, MatchDeck, Symbol, SymbolSet
from cards.symbols.preview import MatchDeckForm, card_svg, preview


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
        return False  # cards come from the plane: rebuild the deck instead

    def get_queryset(self, request: HttpRequest) -> QuerySet[MatchCard]:
        # Slots with their symbols in one joined query: a forward prefetch ("slots__symbol")
        # becomes one "id = %s OR …" per symbol on SQLite, refused past about a thousand.
        slots = MatchCardSymbol.objects.select_related("symbol")
        return super().get_queryset(request).prefetch_related(Prefetch("slots", queryset=slots))

    @admin.display(description=_("symbols"))
    def symbol_names(self, card: MatchCard) -> str:
        return ", ".join(slot.symbol.name for slot in card.slots.all())


@admin.register(MatchDeck)
class MatchDeckAdmin(admin.ModelAdmin):
    """Match decks are made from a projective plane, never edited card by card: "add" and
    "rebuild" open a form (symbol set or a deck's place names, order, card count) with a
    preview of the cards, and make the deck as ``manage.py make_match_deck`` does."""

    list_display = ["deck", "symbol_set", "order", "seed"]
    readonly_fields = ["deck", "symbol_set", "order", "seed"]
    inlines = [MatchCardInline]
    change_form_template = "admin/cards/matchdeck/change_form.html"

    def get_urls(self):
        make = path(
            "make/", self.admin_site.admin_view(self.make_view), name="cards_matchdeck_make"
        )
        return [make, *super().get_urls()]

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context=None):
        return redirect("admin:cards_matchdeck_make")

    def make_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_add_permission(request):
            raise PermissionDenied
        initial = {k: request.GET[k] for k in ("slug", "name", "symbols", "order", "cards")
                   if k in request.GET}  # fmt: skip
        places = initial.get("symbols", "").removeprefix("places-")
        if initial.get("symbols", "").startswith("places-") and Deck.objects.filter(slug=places):
            initial["symbols"] = f"places:{places}"  # renewed from the deck's places again
        form = MatchDeckForm(request.POST or None, initial=initial)
        total, cards = 0, []
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                if "_make" in request.POST:
                    match = make_match_deck(
                        data["slug"], order=data["order"], symbols=data["symbols"],
                        cards=data["cards"], name=data["name"], language=data["language"],
                    )  # fmt: skip
                    done = _("Match deck “%(deck)s” made: %(n)d cards.")
                    self.message_user(
                        request, done % {"deck": match.deck.name, "n": match.cards.count()}
                    )
                    return redirect("admin:cards_matchdeck_change", match.pk)
                total, cards = preview(data)
            except DeckError as exc:
                form.add_error(None, str(exc))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Make or rebuild a match deck"),
            "form": form,
            "total": total,
            "cards": [(card, card_svg(card)) for card in cards],
        }
        return TemplateResponse(request, "admin/cards/matchdeck/make.html", context)
