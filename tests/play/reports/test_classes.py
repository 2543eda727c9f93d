"""Classes: a teacher's own (admins see all), games played for one, deleting one with its games
after a confirmation, and how long finished games are kept."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from play.core import store
from play.core.expiry import expire_games
from play.models import Class, Game, Status
from tests.conftest import api_client_for, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def colleague(db) -> User:
    return make_user("clara", "Teachers")


@pytest.fixture
def seven_b(teacher) -> Class:
    return Class.objects.create(teacher=teacher, name="7b Erdkunde", school_year="2026/27")


def test_it_creates_lists_renames_and_deletes_a_class_through_the_api(teacher):
    api = api_client_for(teacher)
    made = api.post("/api/classes/", {"name": " 7b Erdkunde "}, format="json")
    assert made.status_code == 201
    pk = made.json()["id"]
    assert made.json()["name"] == "7b Erdkunde" and made.json()["school_year"] == ""
    assert [c["id"] for c in api.get("/api/classes/").json()["classes"]] == [pk]
    renamed = api.patch(f"/api/classes/{pk}/", {"school_year": "2026/27"}, format="json")
    assert renamed.status_code == 200 and renamed.json()["school_year"] == "2026/27"
    assert api.get(f"/api/classes/{pk}/").json()["name"] == "7b Erdkunde"
    assert api.delete(f"/api/classes/{pk}/").status_code == 204
    assert not Class.objects.exists()


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"name": "x" * 61}, {"name": "7b\u200b"}])
def test_it_refuses_a_class_without_a_proper_name(teacher, body):
    response = api_client_for(teacher).post("/api/classes/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "class_name"


def test_another_teachers_class_is_not_found_and_anonymous_callers_are_refused(
    seven_b, colleague, admin_user
):
    other = api_client_for(colleague)
    assert other.get("/api/classes/").json()["classes"] == []
    for method in ("get", "patch", "delete"):
        assert getattr(other, method)(f"/api/classes/{seven_b.pk}/").status_code == 404
    assert other.get(f"/api/classes/{seven_b.pk}/report/").status_code == 404
    anonymous = api_client_for(None)
    assert anonymous.get("/api/classes/").status_code == 403
    assert anonymous.get(f"/api/classes/{seven_b.pk}/").status_code == 403
    # An admin sees every class.
    assert api_client_for(admin_user).get(f"/api/classes/{seven_b.pk}/").status_code == 200
    assert Class.objects.filter(pk=seven_b.pk).exists()


def test_a_game_is_started_for_a_class_through_the_api(teacher, seven_b, colleague, big_deck):
    body = {"edition": "germany", "deck": "de-big", "teams": ["Rot", "Blau"], "class": seven_b.pk}
    response = api_client_for(teacher).post("/api/games/", body, format="json")
    assert response.status_code == 201
    assert response.json()["class"] == seven_b.pk
    assert Game.objects.get(pk=response.json()["id"]).school_class == seven_b
    # Another teacher cannot put a game into this class; a game without one still works.
    refused = api_client_for(colleague).post("/api/games/", body, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "unknown_class"
    del body["class"]
    plain = api_client_for(teacher).post("/api/games/", body, format="json")
    assert plain.status_code == 201 and plain.json()["class"] is None


def test_the_new_game_form_offers_the_teachers_own_classes(teacher, seven_b, colleague, big_deck):
    Class.objects.create(teacher=colleague, name="9c Fremd")
    client = Client()
    client.force_login(teacher)
    page = client.get(f"/play/new/germany/?class={seven_b.pk}").content.decode()
    assert "7b Erdkunde" in page and "9c Fremd" not in page
    assert f'<option value="{seven_b.pk}" selected>' in page
    form = {"deck": big_deck.pk, "seat_0": "Rot", "seat_1": "Blau", "mode": "projector"}
    form.update(option_starting_team=0, option_draw="random", option_rounds=0)
    response = client.post("/play/new/germany/", {**form, "school_class": seven_b.pk})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Game.objects.get().school_class == seven_b


def test_deleting_a_class_asks_first_then_deletes_its_games(teacher, seven_b, big_deck):
    kept = store.create_game(user=teacher, edition="germany", deck=big_deck, seat_names=["A", "B"])
    for _ in range(2):
        store.create_game(
            user=teacher,
            edition="germany",
            deck=big_deck,
            seat_names=["A", "B"],
            school_class=seven_b,
        )
    client = Client()
    client.force_login(teacher)
    page = client.get(f"/play/classes/{seven_b.pk}/delete/")
    assert page.status_code == 200
    assert "Ihre 2 Spiele und deren Auswertungen werden mit ihr endgültig gelöscht" in (
        page.content.decode()
    )
    assert Game.objects.count() == 3  # asking deletes nothing
    response = client.post(f"/play/classes/{seven_b.pk}/delete/")
    assert response.status_code == 302
    assert not Class.objects.exists()
    assert list(Game.objects.all()) == [kept]


def test_another_teacher_cannot_delete_a_class(seven_b, colleague):
    client = Client()
    client.force_login(colleague)
    assert client.post(f"/play/classes/{seven_b.pk}/delete/").status_code == 404
    assert Class.objects.filter(pk=seven_b.pk).exists()


def test_finished_games_are_kept_a_year_by_default(settings, teacher, big_deck):
    from config import settings as project_settings

    assert project_settings.PLAY_KEEP_DAYS == 365
    settings.PLAY_KEEP_DAYS = 365
    now = timezone.now()
    ages = {"recent": 300, "old": 400}
    for name, days in ages.items():
        game = store.create_game(
            user=teacher, edition="germany", deck=big_deck, seat_names=[name, "B"]
        )
        Game.objects.filter(pk=game.pk).update(
            status=Status.FINISHED, finished_at=now - timedelta(days=days)
        )
    expire_games()
    assert [g.teams.first().name for g in Game.objects.all()] == ["recent"]
