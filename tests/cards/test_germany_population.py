"""Every card of a Germany deck has a population: "most/fewest inhabitants" compare them."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from cards.models import DeckCard, Place
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def unknown_size(db) -> Place:
    return Place.objects.create(
        name="Irgendwo", country="DE", state="Hessen", latitude=50.5, longitude=9.0
    )


def test_the_api_refuses_a_card_without_population(editor, germany_deck, unknown_size):
    client = api_client_for(editor)
    response = client.post(
        f"/api/decks/{germany_deck.slug}/cards/", {"place": unknown_size.pk}, format="json"
    )
    assert response.status_code == 400
    assert "Irgendwo" in str(response.json())
    assert not germany_deck.cards.filter(place=unknown_size).exists()


def test_the_model_refuses_it_and_names_the_place(germany_deck, unknown_size):
    card = DeckCard(deck=germany_deck, place=unknown_size)
    with pytest.raises(ValidationError, match="Irgendwo"):
        card.full_clean()


def test_a_card_s_place_keeps_its_population(germany_deck, berlin):
    berlin.population = None
    with pytest.raises(ValidationError) as refused:
        berlin.full_clean()
    assert "population" in refused.value.message_dict


def test_world_decks_take_natural_regions_without_population(world_deck, unknown_size):
    DeckCard(deck=world_deck, place=unknown_size, colour="green").full_clean()
