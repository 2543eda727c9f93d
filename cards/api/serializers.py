"""REST representations of places and decks; computed geography is read-only."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.settings import api_settings

from cards.duplicates import same_name_nearby
from cards.grids.models import GridEdition
from cards.models import PLACE_FIELDS, Deck, DeckCard, Place
from cards.sanitize import invalid_unicode_message, lone_surrogate_in


class ValidUnicode:
    """Refuses a body holding a lone surrogate (400, naming the field) before any field reads it:
    a field's error that quoted such input back (an unknown choice, a slug that names nothing)
    could not be rendered and answered 500."""

    def to_internal_value(self, data):
        where = lone_surrogate_in(data)
        if where is not None:
            key = where or api_settings.NON_FIELD_ERRORS_KEY
            raise serializers.ValidationError({key: [invalid_unicode_message()]})
        return super().to_internal_value(data)


class UnchangedKeepsHistory:
    """An update that changes nothing writes no history entry (as a save without a change in
    the admin, ``cards.admin.history.HistoryAdmin``)."""

    def update(self, instance, validated_data):
        unchanged = all(
            getattr(instance, name) == value
            for name, value in validated_data.items()
            if not isinstance(getattr(type(instance), name, None), property)
        )
        if not unchanged:
            return super().update(instance, validated_data)
        instance.skip_history_when_saving = True
        try:
            return super().update(instance, validated_data)
        finally:
            del instance.skip_history_when_saving


class GermanyGridSerializer(serializers.Serializer):
    ns = serializers.IntegerField()
    we = serializers.IntegerField()


class GridLocationSerializer(serializers.Serializer):
    edition = serializers.CharField()
    ns = serializers.IntegerField()
    we = serializers.IntegerField()


class WorldLocationSerializer(serializers.Serializer):
    board = serializers.CharField()
    solutions = serializers.ListField(child=serializers.CharField())


class PlaceSerializer(ValidUnicode, UnchangedKeepsHistory, serializers.ModelSerializer):
    germany = serializers.SerializerMethodField()
    grids = serializers.SerializerMethodField()
    world = serializers.SerializerMethodField()
    decks = serializers.SlugRelatedField(slug_field="slug", many=True, read_only=True)
    warnings = serializers.SerializerMethodField()
    allow_duplicate = serializers.BooleanField(
        write_only=True,
        required=False,
        default=False,
        help_text="Save although a place of the same name lies within 2 km.",
    )

    class Meta:
        model = Place
        fields = [
            *PLACE_FIELDS,
            "image",
            "germany",
            "grids",
            "world",
            "decks",
            "warnings",
            "allow_duplicate",
        ]
        read_only_fields = ["geonames_id"]

    @extend_schema_field(GermanyGridSerializer(allow_null=True))
    def get_germany(self, place: Place) -> dict | None:
        grid = place.germany_grid()
        return None if grid is None else {"ns": grid.ns, "we": grid.we}

    @extend_schema_field(GridLocationSerializer(many=True))
    def get_grids(self, place: Place) -> list[dict]:
        # One query for the editions per response, not per place.
        editions = self.context.setdefault("grid_editions", list(GridEdition.objects.all()))
        return place.grids(editions)

    @extend_schema_field(WorldLocationSerializer(allow_null=True))
    def get_world(self, place: Place) -> dict | None:
        location = place.world_location()
        if location is None:
            return None
        return {"board": location.board, "solutions": list(location.solutions)}

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_warnings(self, place: Place) -> list[str]:
        warning = place.state_warning()
        return [warning] if warning else []

    def validate(self, attrs: dict) -> dict:
        allow_duplicate = attrs.pop("allow_duplicate", False)
        # Run the model's own clean() so the admin and the API refuse the same things.
        instance = Place(**{**self._current_values(), **attrs})
        instance.pk = self.instance.pk if self.instance else None
        try:
            instance.clean()
        except DjangoValidationError as error:
            raise serializers.ValidationError(error.message_dict) from None
        twin = None
        # An existing place is checked again only when its name or position changes.
        moved = self.instance is None or any(
            field in attrs and attrs[field] != getattr(self.instance, field)
            for field in ("name", "latitude", "longitude")
        )
        if moved and not allow_duplicate:
            twin = same_name_nearby(
                instance.name, instance.latitude, instance.longitude, instance.pk
            )
        if twin is not None:
            raise serializers.ValidationError(
                {
                    "name": _(
                        "A place of this name lies within 2 km: %(name)s (id %(id)d). Send "
                        "allow_duplicate to save a different place of the same name."
                    )
                    % {"name": twin.name, "id": twin.pk},
                    "existing": twin.pk,
                }
            )
        return attrs

    def _current_values(self) -> dict:
        if self.instance is None:
            return {}
        return {
            field.attname: getattr(self.instance, field.attname)
            for field in Place._meta.concrete_fields
        }


class DeckCardSerializer(ValidUnicode, serializers.ModelSerializer):
    place = serializers.PrimaryKeyRelatedField(queryset=Place.objects.all())
    name = serializers.CharField(source="place.name", read_only=True)

    class Meta:
        model = DeckCard
        fields = ["place", "name", "colour", "quantity"]

    def validate(self, attrs: dict) -> dict:
        deck: Deck = self.context["deck"]
        card = DeckCard(deck=deck, **attrs)
        if deck.cards.filter(place=attrs["place"]).exists():
            raise serializers.ValidationError({"place": _("This place is already in the deck.")})
        try:
            card.clean()
            card.clean_fields(exclude=["deck", "place"])
        except DjangoValidationError as error:
            raise serializers.ValidationError(
                getattr(error, "message_dict", {"place": error.messages})
            ) from None
        return attrs


class DeckSerializer(ValidUnicode, UnchangedKeepsHistory, serializers.ModelSerializer):
    cards = DeckCardSerializer(many=True, read_only=True)
    grid = serializers.SlugRelatedField(
        slug_field="slug",
        queryset=GridEdition.objects.all(),
        required=False,
        allow_null=True,
        help_text="Grid-edition decks: the slug of the grid edition their cards show.",
    )

    class Meta:
        model = Deck
        fields = ["id", "slug", "name", "edition", "grid", "language", "description", "cards"]

    def validate(self, attrs: dict) -> dict:
        edition = attrs.get("edition", getattr(self.instance, "edition", None))
        grid = attrs.get("grid", getattr(self.instance, "grid", None))
        if self.instance and grid != self.instance.grid and self.instance.cards.exists():
            raise serializers.ValidationError(
                {"grid": _("A deck with cards cannot change its grid edition.")}
            )
        try:
            Deck(edition=edition, grid=grid).clean()
        except DjangoValidationError as error:
            raise serializers.ValidationError(error.message_dict) from None
        return attrs

    def validate_edition(self, edition: str) -> str:
        if self.instance and edition != self.instance.edition and self.instance.cards.exists():
            raise serializers.ValidationError(_("A deck with cards cannot change its edition."))
        return edition
