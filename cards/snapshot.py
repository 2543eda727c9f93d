"""What a deck card says, as plain data: the copy a game keeps so that its log replays alone.

A game copies its deck's cards when it is set up; editing the card database later changes the
next game, never one in progress (and never the replay of a finished one).
"""

from __future__ import annotations

from typing import Any

from cards.models import Deck, DeckCard, Edition


def card_data(card: DeckCard, language: str = "de") -> dict[str, Any]:
    place = card.place
    data: dict[str, Any] = {
        "id": place.pk,
        "name": place.display_name(language),
        "kind": place.kind,
        "state": place.state,
        "description": place.display_description(language),
        "population": place.population,
        "latitude": place.latitude,
        "longitude": place.longitude,
        "colour": card.colour,
    }
    if card.deck.edition == Edition.GERMANY:
        from geo.grid import germany_grid

        # Cards of a Germany deck were checked to lie in Germany when they were added.
        data["ns"], data["we"] = germany_grid(place.latitude, place.longitude)
    elif card.deck.edition == Edition.GRID and card.deck.grid is not None:
        # Checked to lie inside the grid edition's outline when they were added.
        numbers = card.deck.grid.numbers(place)
        data["ns"], data["we"] = numbers if numbers is not None else (None, None)
    elif card.deck.edition == Edition.WORLD:
        location = place.world_location()
        data["board"] = location.board if location else ""
        data["solutions"] = list(location.solutions) if location else []
    return data


def grid_data(deck: Deck) -> dict[str, Any] | None:
    """The deck's grid edition as plain data (a game keeps it to draw its map on replay), or
    None for a deck without one; ``geo.maps.MapEdition.from_data`` turns it into a map's."""
    edition = deck.grid_edition()
    return None if edition is None else edition.as_data()
