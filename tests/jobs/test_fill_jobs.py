"""Filling a grid edition's deck from the gazetteer runs on a real task worker (``task_worker``):
the editor's page follows the job, whose result links the filled deck."""

from __future__ import annotations

import pytest

from cards.grids.decks import edition_for_country
from cards.models import Deck
from jobs.models import Job, Status
from tests.jobs.waiting import wait_for_job

pytestmark = pytest.mark.servers


@pytest.mark.django_db(transaction=True)
def test_a_deck_is_filled_from_the_gazetteer_on_the_worker(client, editor, task_worker):
    austria = edition_for_country("AT")
    client.force_login(editor)
    response = client.post(
        f"/admin/cards/gridedition/{austria.pk}/fill/",
        {"deck": "oesterreich", "deck_name": "Österreich", "min_population": 20000, "count": 8},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 302 and "/jobs/" in response["Location"]
    job = wait_for_job(Job.objects.get().pk)
    assert job.status == Status.DONE, job.message
    deck = Deck.objects.get(slug="oesterreich")
    assert deck.grid_id == austria.pk and deck.cards.count() == 8
    assert job.details["link"].endswith(f"deck__id__exact={deck.pk}")
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "8 cards" in page and 'class="button job-result"' in page
