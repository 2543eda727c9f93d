"""Idempotent import of gazetteer places into the card database.

A place is matched by its gazetteer id. Each imported field is written only while it still
holds the value the previous import wrote (kept in `Place.imported_values`): an editor's
change survives every later import. Population years: GeoNames does not say when its
figures were counted, so `population_year` is left empty unless the source provides one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connections, router, transaction
from django.db.models import Field, Model
from django.utils import timezone
from simple_history.utils import (
    bulk_create_with_history,
    bulk_update_with_history,
    get_change_reason_from_object,
)

from cards.duplicates import SAME_PLACE_KM
from cards.gazetteer.facts import distance_km
from cards.gazetteer.names import fold
from cards.gazetteer.places import GazetteerPlace
from cards.models import Deck, DeckCard, Edition, Kind, Place

IMPORTED_FIELDS = (
    "name",
    "name_en",
    "kind",
    "country",
    "state",
    "population",
    "population_source",
    "population_year",
    "latitude",
    "longitude",
)
# Written only when the caller gives card-back texts (the starter deck does).
TEXT_FIELDS = ("description", "description_en")
BATCH_SIZE = 500


@dataclass(frozen=True)
class ImportResult:
    created: int
    updated: int
    unchanged: int
    kept_edits: int  # places where at least one field edited by hand was left alone


def _values(place: GazetteerPlace, source: str, year: int | None) -> dict[str, Any]:
    return {
        "name": place.name,
        "name_en": place.name_en,
        "kind": Kind.CITY,
        "country": place.country,
        "state": place.state,
        "population": place.population,
        "population_source": source,
        "population_year": year,
        "latitude": place.latitude,
        "longitude": place.longitude,
    }


def _merge(existing: Place, new: dict[str, Any]) -> tuple[bool, bool]:
    """Apply `new` to `existing` where no editor changed the field; (changed, kept_an_edit)."""
    previous = existing.imported_values or {}
    changed = False
    kept = False
    for field, value in new.items():
        current = getattr(existing, field)
        edited = current != previous[field] if field in previous else current not in ("", None)
        # A field no import wrote before (a card-back text) but that holds a value was filled
        # by an editor: it stays too.
        if edited and (field in previous or field in TEXT_FIELDS):
            kept = kept or current != value
            continue
        if current != value:
            setattr(existing, field, value)
            changed = True
    if previous != new:
        existing.imported_values = new
        changed = True
    return changed, kept


def import_places(
    places: Iterable[GazetteerPlace],
    deck: Deck | None = None,
    source: str = "GeoNames",
    population_year: int | None = None,
    backs: dict[int, Any] | None = None,
    progress: Any = None,
) -> ImportResult:
    """Create or update `places` (by gazetteer id) and, with `deck`, put them into it.

    `backs` (from `cards.backs.germany.describe`) adds card-back texts; an editor's text always
    wins.
    `progress` (``set_total``, ``advance``: a job's or a command's bar) hears of each place
    compared and each batch written.
    """
    incoming: dict[int, dict[str, Any]] = {}
    for place in places:
        incoming[place.geonames_id] = _values(place, source, population_year)
        back = (backs or {}).get(place.geonames_id)
        if back is not None:
            incoming[place.geonames_id].update(description=back.de, description_en=back.en)

    with transaction.atomic():
        existing = _existing(set(incoming))
        to_create: list[Place] = []
        to_update: list[Place] = []
        kept_edits = 0
        now = timezone.now()
        by_name = _hand_made_places() if len(existing) < len(incoming) else {}
        if progress is not None:
            progress.set_total(2 * len(incoming))
        for geonames_id, values in incoming.items():
            if progress is not None:
                progress.advance()
            place = existing.get(geonames_id)
            if place is None:
                place = _same_place(by_name, values)
                if place is not None:
                    _adopt(place, geonames_id, values)
                    place.updated_at = now
                    to_update.append(place)
                    continue
            if place is None:
                to_create.append(Place(geonames_id=geonames_id, imported_values=values, **values))
                continue
            changed, kept = _merge(place, values)
            kept_edits += kept
            if changed:
                place.updated_at = now
                to_update.append(place)

        for start in range(0, len(to_create), BATCH_SIZE):
            batch = to_create[start : start + BATCH_SIZE]
            _history_created(Place.objects.bulk_create(batch, batch_size=BATCH_SIZE))
            if progress is not None:
                progress.advance(len(batch))
        for start in range(0, len(to_update), BATCH_SIZE):
            batch = to_update[start : start + BATCH_SIZE]
            bulk_update_with_history(
                batch,
                Place,
                [*IMPORTED_FIELDS, *TEXT_FIELDS, "geonames_id", "imported_values", "updated_at"],
                batch_size=BATCH_SIZE,
            )
            if progress is not None:
                progress.advance(len(batch))
        if progress is not None:
            progress.advance(len(incoming) - len(to_create) - len(to_update))
        if deck is not None:
            _add_to_deck(deck, set(incoming))

    return ImportResult(
        created=len(to_create),
        updated=len(to_update),
        unchanged=len(incoming) - len(to_create) - len(to_update),
        kept_edits=kept_edits,
    )


def _existing(geonames_ids: set[int]) -> dict[int, Place]:
    fields = ("id", "geonames_id", "imported_values", *IMPORTED_FIELDS, *TEXT_FIELDS)
    queryset = Place.objects.only(*fields)
    if len(geonames_ids) <= BATCH_SIZE:
        queryset = queryset.filter(geonames_id__in=geonames_ids)
    else:
        # One scan beats thousands of query parameters when importing a whole country.
        queryset = queryset.filter(geonames_id__isnull=False)
    return {p.geonames_id: p for p in queryset.iterator() if p.geonames_id in geonames_ids}


def _hand_made_places() -> dict[tuple[str, str], list[Place]]:
    """Places an editor made without the gazetteer, by folded name and state."""
    found: dict[tuple[str, str], list[Place]] = {}
    fields = ("id", "geonames_id", "imported_values", *IMPORTED_FIELDS, *TEXT_FIELDS)
    for place in Place.objects.filter(geonames_id__isnull=True).only(*fields).iterator():
        found.setdefault((fold(place.name), place.state), []).append(place)
    return found


def _same_place(by_name: dict[tuple[str, str], list[Place]], values: dict) -> Place | None:
    """The hand-made place with this name in this state near the same point, if any."""
    for place in by_name.get((fold(values["name"]), values["state"]), []):
        far = distance_km(place.latitude, place.longitude, values["latitude"], values["longitude"])
        if place.geonames_id is None and far <= SAME_PLACE_KM:
            return place
    return None


def _adopt(place: Place, geonames_id: int, values: dict[str, Any]) -> None:
    """Link a hand-made place to its gazetteer entry: fill only its empty fields, and record
    the gazetteer's values so that every field the editor filled counts as an edit."""
    place.geonames_id = geonames_id
    for field, value in values.items():
        if getattr(place, field) in ("", None):
            setattr(place, field, value)
    place.imported_values = values


def _add_to_deck(deck: Deck, geonames_ids: set[int]) -> int:
    in_deck = set(DeckCard.objects.filter(deck=deck).values_list("place_id", flat=True))
    place_ids = [
        pk
        for pk, gid in Place.objects.filter(geonames_id__isnull=False).values_list(
            "id", "geonames_id"
        )
        if gid in geonames_ids and pk not in in_deck
    ]
    # World decks need a colour on every card; "green" (hardest) until an editor sorts them.
    colour = "green" if deck.edition == Edition.WORLD else ""
    cards = [DeckCard(deck=deck, place_id=pk, colour=colour) for pk in place_ids]
    if cards:
        bulk_create_with_history(cards, DeckCard, batch_size=BATCH_SIZE)
    return len(cards)


def _history_created(objs: list[Place]) -> None:
    """The "+" history rows of new places, as ``bulk_create_with_history`` writes them.

    Building a model instance per historical row and passing it through the ORM's insert
    took two thirds of a whole-country import; these rows go in with one executemany. If the
    historical model has columns this does not know, simple-history writes them itself.
    """
    if not objs or not getattr(settings, "SIMPLE_HISTORY_ENABLED", True):
        return
    history = Place.history.model
    tracked = [f.attname for f in history.tracked_fields]
    extra = ["history_date", "history_change_reason", "history_type", "history_user_id"]
    fields = {f.attname: f for f in history._meta.concrete_fields if not f.primary_key}
    if sorted(fields) != sorted(tracked + extra) or objs[0].pk is None:
        Place.history.bulk_history_create(objs, batch_size=BATCH_SIZE)
        return
    # The user comes from the request (if any), not from the place: the same for every row.
    user_id = getattr(history.get_default_history_user(objs[0]), "pk", None)
    now = timezone.now()
    rows = [
        [getattr(obj, name) for name in tracked]
        + [now, get_change_reason_from_object(obj) or None, "+", user_id]
        for obj in objs
    ]
    _insert(history, [fields[name] for name in tracked + extra], rows)


def _insert(model: type[Model], fields: list[Field], rows: list[list[Any]]) -> None:
    """Insert ``rows`` (Python values, one per field) with the fields' own conversions."""
    connection = connections[router.db_for_write(model)]
    preps = [f.get_db_prep_save for f in fields]
    params = [[prep(v, connection) for prep, v in zip(preps, row, strict=True)] for row in rows]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)
