"""The editors' admin for decks and their cards.

A deck's change page holds only the deck's own fields, so it opens and saves at any size; its
cards live on their own paginated, searchable list (one page of rows per request), where an
editor adds a place by autocomplete, removes, reorders and colours cards.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Max, QuerySet
from django.forms import modelformset_factory
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from cards.admin.history import HistoryAdmin
from cards.models import GRID_DECK_EDITIONS, Colour, Deck, DeckCard, Place

DECK_PARAM = "deck__id__exact"


def deck_cards_url(deck: Deck) -> str:
    return reverse("admin:cards_deckcard_changelist") + "?" + urlencode({DECK_PARAM: deck.pk})


@admin.register(Deck)
class DeckAdmin(HistoryAdmin):
    list_display = ["name", "slug", "edition", "language", "card_count"]
    list_filter = ["edition", "language"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["cards_link"]
    fields = ["name", "slug", "edition", "grid", "language", "description", "cards_link"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deck]:
        return super().get_queryset(request).annotate(card_total=Count("cards"))

    @admin.display(description=_("cards"), ordering="card_total")
    def card_count(self, deck: Deck) -> str:
        return format_html('<a href="{}">{}</a>', deck_cards_url(deck), deck.card_total)

    @admin.display(description=_("cards"))
    def cards_link(self, deck: Deck) -> str:
        if deck.pk is None:
            return _("Save the deck first; then add its cards.")
        return format_html(
            '<a class="deck-cards-link" href="{}">{}</a>',
            deck_cards_url(deck),
            _("Edit the %(n)d cards of this deck") % {"n": deck.cards.count()},
        )


class AddCardForm(forms.Form):
    place = forms.ModelChoiceField(
        Place.objects.all(),
        label=_("Place"),
        widget=AutocompleteSelect(DeckCard._meta.get_field("place"), admin.site),
    )
    colour = forms.ChoiceField(
        label=_("Colour"), choices=[("", "—"), *Colour.choices], required=False
    )


def position_for_new_card(deck: Deck) -> int:
    """0 (in name order) while nobody reordered the deck; after its last card once someone did."""
    last = deck.cards.aggregate(last=Max("position"))["last"] or 0
    return last + 1 if last else 0


@admin.register(DeckCard)
class DeckCardAdmin(admin.ModelAdmin):
    list_display = ["place", "place_state", "colour", "quantity", "position"]
    list_editable = ["colour", "quantity", "position"]
    list_filter = ["deck"]
    list_select_related = ["place", "deck"]
    search_fields = ["place__name", "place__name_en", "place__state"]
    autocomplete_fields = ["place"]
    list_per_page = 50
    fields = ["deck", "place", "colour", "quantity", "position"]

    class Media:
        css = {"all": ["cards/place_form.css"]}

    @admin.display(description=_("state / Bundesland"), ordering="place__state")
    def place_state(self, card: DeckCard) -> str:
        return card.place.state

    def _deck(self, request: HttpRequest) -> Deck | None:
        deck_id = request.GET.get(DECK_PARAM, "")
        if not (deck_id.isascii() and deck_id.isdigit()):
            filters = dict(parse_qsl(request.GET.get("_changelist_filters", "")))
            deck_id = filters.get(DECK_PARAM, "")
        if not (deck_id.isascii() and deck_id.isdigit()) or len(deck_id) > 18:
            return None
        return Deck.objects.filter(pk=int(deck_id)).first()

    def get_list_display(self, request: HttpRequest) -> list[str]:
        deck = self._deck(request)
        if deck is not None and deck.edition in GRID_DECK_EDITIONS:
            return [f for f in self.list_display if f != "colour"]
        return list(self.list_display)

    def get_changelist_formset(self, request: HttpRequest, **kwargs):
        # Without this, a grid deck's list would post an empty colour for every row.
        fields = [f for f in self.list_editable if f in self.get_list_display(request)]
        return modelformset_factory(
            self.model,
            self.get_changelist_form(request),
            extra=0,
            fields=fields,
            formfield_callback=lambda f, **kw: self.formfield_for_dbfield(f, request=request, **kw),
            **kwargs,
        )

    def get_changeform_initial_data(self, request: HttpRequest) -> dict:
        initial = super().get_changeform_initial_data(request)
        deck = self._deck(request)
        if deck is not None:
            initial.setdefault("deck", deck.pk)
            initial.setdefault("position", position_for_new_card(deck))
        return initial

    def changelist_view(self, request: HttpRequest, extra_context: dict | None = None):
        deck = self._deck(request)
        extra_context = dict(extra_context or {})
        if deck is not None and self.has_add_permission(request):
            form = AddCardForm()
            if deck.edition in GRID_DECK_EDITIONS:
                del form.fields["colour"]
            extra_context.update(
                add_form=form,
                media=self.media + form.media,
                add_url=reverse("admin:cards_deckcard_add_place", args=[deck.pk]),
            )
        if deck is not None:
            extra_context.update(
                deck=deck,
                deck_url=reverse("admin:cards_deck_change", args=[deck.pk]),
                title=_("Cards of %(deck)s") % {"deck": deck.name},
            )
        return super().changelist_view(request, extra_context)

    def get_urls(self):
        view = self.admin_site.admin_view(require_POST(self.add_place_view))
        return [
            path("deck/<int:deck_id>/add/", view, name="cards_deckcard_add_place"),
            *super().get_urls(),
        ]

    def add_place_view(self, request: HttpRequest, deck_id: int) -> HttpResponse:
        if not self.has_add_permission(request):
            raise PermissionDenied
        deck = get_object_or_404(Deck, pk=deck_id)
        back = HttpResponseRedirect(deck_cards_url(deck))
        form = AddCardForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Choose a place to add."))
            return back
        place = form.cleaned_data["place"]
        colour = form.cleaned_data.get("colour", "")
        if deck.edition in GRID_DECK_EDITIONS:
            colour = ""
        card = DeckCard(deck=deck, place=place, colour=colour, position=position_for_new_card(deck))
        try:
            card.full_clean()
        except ValidationError as error:
            messages.error(request, f"{place.name}: {' '.join(error.messages)}")
            return back
        card.save()
        self.log_addition(request, card, [{"added": {}}])
        messages.success(
            request, _("%(place)s added to %(deck)s.") % {"place": place.name, "deck": deck.name}
        )
        return back
