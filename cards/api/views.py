"""REST API for places, decks and the gazetteer look-up."""

from __future__ import annotations

from django.db.models import Prefetch, ProtectedError, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from cards.api.permissions import ModelPermissionsWithView
from cards.api.serializers import DeckCardSerializer, DeckSerializer, PlaceSerializer
from cards.models import Deck, DeckCard, Place
from cards.sanitize import invalid_unicode_message, lone_surrogate_in


def _protected_response(error: ProtectedError, what: str) -> Response:
    decks = sorted({str(getattr(obj, "deck", obj)) for obj in error.protected_objects})
    return Response(
        {
            "detail": _(
                "%(what)s is still used (%(where)s) and was not deleted. Remove it there first."
            )
            % {"what": what, "where": ", ".join(decks)}
        },
        status=status.HTTP_409_CONFLICT,
    )


@extend_schema(
    parameters=[
        OpenApiParameter("search", str, description="Part of the German or English name"),
        OpenApiParameter("deck", str, description="Only places in the deck with this slug"),
    ]
)
class PlaceViewSet(viewsets.ModelViewSet):
    serializer_class = PlaceSerializer
    permission_classes = [ModelPermissionsWithView]
    queryset = Place.objects.all()

    def get_queryset(self) -> QuerySet[Place]:
        places = Place.objects.prefetch_related("decks")
        search = self.request.query_params.get("search", "").strip()
        if search:
            places = places.filter(Q(name__icontains=search) | Q(name_en__icontains=search))
        deck = self.request.query_params.get("deck", "").strip()
        if deck:
            places = places.filter(decks__slug=deck)
        return places.order_by("name", "id")

    def destroy(self, request: Request, *args, **kwargs) -> Response:
        place = self.get_object()
        try:
            place.delete()
        except ProtectedError as error:
            return _protected_response(error, place.name)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckViewSet(viewsets.ModelViewSet):
    serializer_class = DeckSerializer
    permission_classes = [ModelPermissionsWithView]
    # The cards come with their places in one joined query. A second prefetch step
    # ("cards__place") filters the places by id, which Django 5.2 writes on SQLite as one
    # "id = %s OR …" per place: past about a thousand places (the starter decks have 1,232
    # cards) SQLite refuses the query ("Expression tree is too large"). The deck list is paged
    # (PAGE_SIZE decks a page) as every list is; a page keeps its decks whole.
    queryset = Deck.objects.prefetch_related(
        Prefetch("cards", queryset=DeckCard.objects.select_related("place"))
    )
    lookup_field = "slug"

    def destroy(self, request: Request, *args, **kwargs) -> Response:
        deck = self.get_object()
        try:
            deck.delete()
        except ProtectedError as error:  # games keep their deck (Game.deck is PROTECT)
            used = len(error.protected_objects)
            message = ngettext(
                "The deck “%(deck)s” is used by %(n)d game and was not deleted.",
                "The deck “%(deck)s” is used by %(n)d games and was not deleted.",
                used,
            ) % {"deck": deck.name, "n": used}
            return Response({"detail": message}, status=status.HTTP_409_CONFLICT)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=DeckCardSerializer, responses={201: DeckCardSerializer})
    @action(detail=True, methods=["post"], url_path="cards")
    def add_card(self, request: Request, slug: str | None = None) -> Response:
        deck = self.get_object()
        serializer = DeckCardSerializer(data=request.data, context={"deck": deck})
        serializer.is_valid(raise_exception=True)
        serializer.save(deck=deck)
        return Response(serializer.data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None})
    # At most 18 digits: a larger number is no id and would overflow the database integer.
    @action(detail=True, methods=["delete"], url_path=r"cards/(?P<place_id>\d{1,18})")
    def remove_card(
        self, request: Request, slug: str | None = None, place_id: str = ""
    ) -> Response:
        deck = self.get_object()
        card = get_object_or_404(DeckCard, deck=deck, place_id=int(place_id))
        try:
            card.delete()
        except ProtectedError as error:
            return _protected_response(error, str(card))
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    parameters=[OpenApiParameter("q", str, required=True, description="Start of a place name")],
    responses={200: OpenApiTypes.OBJECT},
)
@api_view(["GET"])
@permission_classes([ModelPermissionsWithView])
def gazetteer_lookup(request: Request) -> Response:
    """Offline gazetteer matches (and, when enabled, online geocoding) for the place form."""
    from cards.gazetteer.places import search

    query = request.query_params.get("q", "").strip()
    if len(query) < 2:
        return Response(
            {"detail": _("Type at least two letters.")}, status=status.HTTP_400_BAD_REQUEST
        )
    results = [
        {
            "geonames_id": hit.geonames_id,
            "name": hit.name,
            # GeoNames' English name where it has one; the German name is the English one too.
            "name_en": hit.name_en or hit.name,
            "country": hit.country,
            "state": hit.state,
            "population": hit.population,
            "latitude": hit.latitude,
            "longitude": hit.longitude,
            "source": "gazetteer",
        }
        for hit in search(query, limit=12)
    ]
    # Hits already in the card database, so the form can say so before anything is saved.
    known = dict(
        Place.objects.filter(geonames_id__in=[r["geonames_id"] for r in results]).values_list(
            "geonames_id", "pk"
        )
    )
    for result in results:
        result["existing_id"] = known.get(result["geonames_id"])
    return Response({"results": results, "online": _online_results(query)})


def _online_results(query: str) -> dict:
    from django.conf import settings

    if not settings.GEOCODING_ONLINE:
        return {"enabled": False, "results": []}
    from geo.geocoding import GeocodingError, geocode

    try:
        return {"enabled": True, "results": geocode(query)}
    except GeocodingError as error:
        return {"enabled": True, "results": [], "error": str(error)}


# The look-up lists places, so it needs the same permission as listing them.
gazetteer_lookup.cls.queryset = Place.objects.none()


PREVIEW_FIELDS = (
    "latitude",
    "longitude",
    "country",
    "geometry",
    "stated_latitude",
    "stated_longitude",
    "board_override",
    "solutions_override",
)


@extend_schema(request=OpenApiTypes.OBJECT, responses={200: OpenApiTypes.OBJECT})
@api_view(["POST"])
@permission_classes([ModelPermissionsWithView])
def place_preview(request: Request) -> Response:
    """Grid numbers and world solutions of a place being edited, from the form's values.

    The same computation as the saved place's read-only fields (country, overrides, geometry
    and stated point included), so the live preview and those fields always agree.
    """
    from cards.backs.preview import preview

    if not hasattr(request.data, "get"):
        return Response({"detail": "Send a JSON object."}, status=status.HTTP_400_BAD_REQUEST)
    values = {name: request.data.get(name, "") for name in PREVIEW_FIELDS}
    field = lone_surrogate_in(values)
    if field is not None:  # the form's errors' shape: field name → message
        return Response(
            {"detail": {field: invalid_unicode_message()}}, status=status.HTTP_400_BAD_REQUEST
        )
    answer, errors = preview(values)
    if errors:
        return Response({"detail": errors}, status=status.HTTP_400_BAD_REQUEST)
    return Response(answer)


place_preview.cls.queryset = Place.objects.none()
