"""The homework's pages: the pupil's link (nickname, the solo screen, rejoin, hurry, the end and
its report) and the teacher's (a new assignment, its code, link and QR code, the results, close,
extend, delete, rename and remove a nickname)."""

from __future__ import annotations

import datetime as dt
import re
import time

import pytest
from django.test import Client
from django.utils import timezone

from play.models import Assignment, Attempt, Game
from tests.conftest import api_client_for
from tests.play.homework.conftest import make_assignment, play_to_the_end


@pytest.fixture(autouse=True)
def _moves_unlimited(settings):
    settings.PLAY_MOVES_PER_MINUTE = 100_000


@pytest.fixture
def host(teacher) -> Client:
    client = Client()
    client.force_login(teacher)
    return client


def test_a_pupil_starts_with_a_nickname_and_sees_the_whole_table(teacher, big_deck):
    made = make_assignment(teacher, "germany", big_deck)
    phone = Client()
    form = phone.get(f"/play/homework/{made['code']}/")
    assert form.status_code == 200
    assert 'name="nickname"' in form.content.decode()
    page = phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"}, follow=True)
    html = page.content.decode()
    assert page.status_code == 200
    # The projector's table and the pupil's own controls, one under the other, no teacher bar.
    assert 'class="solo-table"' in html and 'class="solo-mine"' in html
    assert html.index("solo-table") < html.index("solo-mine")
    assert "teacher-bar" not in html
    game = Attempt.objects.get().game
    assert game.solo and [t.name for t in game.teams.all()] == ["Ada", "Computer 1"]


def test_the_same_device_comes_back_to_its_attempt(teacher, big_deck):
    made = make_assignment(teacher, "germany", big_deck)
    phone = Client()
    phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    again = phone.get(f"/play/homework/{made['code']}/")
    assert 'class="solo-table"' in again.content.decode()
    # Another device starts afresh with the form, and its own attempt.
    other = Client()
    assert 'name="nickname"' in other.get(f"/play/homework/{made['code']}/").content.decode()
    other.post(f"/play/homework/{made['code']}/", {"nickname": "Ben"})
    assert Attempt.objects.count() == 2


def test_no_other_device_claims_the_pupil_s_seat_by_the_game_s_code(teacher, big_deck):
    made = make_assignment(teacher, "germany", big_deck)
    Client().post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    game = Attempt.objects.get().game
    pupil = game.teams.get(index=0)
    answer = Client().post(f"/play/{game.code}/join/", {"team": pupil.pk})
    assert answer.status_code == 409


def test_a_bad_nickname_is_refused_on_the_page_in_german(teacher, big_deck):
    made = make_assignment(teacher, "germany", big_deck)
    phone = Client()
    answer = phone.post(f"/play/homework/{made['code']}/", {"nickname": "A\u202eda"})
    assert answer.status_code == 400
    assert "Richtungszeichen" in answer.content.decode()
    assert not Attempt.objects.exists()


def test_hurry_makes_the_computer_s_next_move_now(teacher):
    made = make_assignment(teacher, "dice", options={"first": 1})  # the computer starts
    phone = Client()
    phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    game = Attempt.objects.get().game
    assert game.bot_due_at is not None and not game.moves.exists()
    before = game.version
    page = phone.post(f"/play/homework/{made['code']}/hurry/", HTTP_HX_REQUEST="true")
    assert page.status_code == 200
    game.refresh_from_db()
    assert game.version > before and game.moves.filter(by_bot=True).exists()


def test_the_screen_asks_for_the_computer_s_move_when_it_falls_due(teacher, monkeypatch):
    made = make_assignment(teacher, "dice", options={"first": 1})  # the computer starts
    phone = Client()
    phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    game = Attempt.objects.get().game
    due = game.bot_due_at
    clock = [due - 0.5]  # the server's clock, half a second before the computer's move
    monkeypatch.setattr(time, "time", lambda: clock[0])
    page = phone.get(f"/play/homework/{made['code']}/").content.decode()
    trigger = re.search(r'hx-trigger="every 5000ms, load delay:(\d+)ms"', page)
    # Not at the next regular poll (every 5 s): at the moment the move falls due.
    assert trigger is not None and 500 <= int(trigger[1]) <= 501
    assert f'data-due-at="{due:.3f}"' in page
    state = f"/play/homework/{made['code']}/state/?v={game.version}"
    assert phone.get(state, HTTP_HX_REQUEST="true").status_code == 204  # not due yet
    clock[0] = due + 0.001
    answer = phone.get(state, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    game.refresh_from_db()
    assert game.moves.filter(by_bot=True).exists()
    assert f'data-version="{game.version}"' in answer.content.decode()


def test_a_classroom_screen_s_poll_has_no_computer_s_moment(teacher, big_deck):
    """Only the solo screen waits for the computer: the projector and devices keep their pace."""
    made = make_assignment(teacher, "germany", big_deck)
    phone = Client()
    phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    game = Attempt.objects.get().game
    host = Client()
    host.force_login(teacher)
    answer = host.get(f"/play/host/{game.code}/")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "load delay" not in page and "data-due-at" not in page


def test_the_end_shows_how_the_pupil_did_and_their_report(teacher, big_deck, client):
    made = make_assignment(teacher, "germany", big_deck)
    phone = Client()
    phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    attempt = Attempt.objects.get()
    play_to_the_end(api_client_for(None), attempt.game_id, attempt.game.teams.get(index=0).token)
    page = phone.get(f"/play/homework/{made['code']}/").content.decode()
    assert "game-over" in page and f"/play/homework/{made['code']}/report/" in page
    assert "?new=1" in page  # a second attempt is allowed
    report = phone.get(f"/play/homework/{made['code']}/report/")
    assert report.status_code == 200 and 'class="report-map"' in report.content.decode()
    # Nobody else's device sees it.
    assert Client().get(f"/play/homework/{made['code']}/report/").status_code == 302


def test_after_the_deadline_the_link_says_so(teacher, big_deck):
    made = make_assignment(teacher, "germany", big_deck)
    Assignment.objects.update(closes_at=timezone.now() - dt.timedelta(minutes=1))
    page = Client().get(f"/play/homework/{made['code']}/")
    assert page.status_code == 410
    assert "Diese Hausaufgabe ist geschlossen" in page.content.decode()


def test_a_teacher_sets_homework_with_the_form_and_sees_its_code_and_qr(host, seven_b, big_deck):
    closes = (timezone.localtime() + dt.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    page = host.get(f"/play/assignments/new/germany/?class={seven_b.pk}")
    assert "Europe/Berlin" in page.content.decode()
    answer = host.post(
        "/play/assignments/new/germany/",
        {
            "deck": big_deck.pk,
            "school_class": seven_b.pk,
            "closes_at": closes,
            "attempts": 2,
            "bots": 2,
            "strength": "normal",
            "blocklist": "Quatsch",
            "option_rounds": 0,
            "option_draw": "random",
        },
    )
    assignment = Assignment.objects.get()
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert assignment.school_class == seven_b and assignment.bots == 2
    assert timezone.localtime(assignment.closes_at).strftime("%Y-%m-%dT%H:%M") == closes
    detail = host.get(answer["Location"]).content.decode()
    assert assignment.code in detail and "<svg" in detail
    assert f"/play/homework/{assignment.code}/" in detail
    # The teacher's word is blocked in nicknames.
    refused = Client().post(f"/play/homework/{assignment.code}/", {"nickname": "quatschkopf"})
    assert refused.status_code == 400


def test_the_teacher_sees_results_renames_removes_closes_extends_and_deletes(host, teacher):
    made = make_assignment(teacher, "dice")
    base = f"/play/assignments/{made['id']}/"
    Client().post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    Client().post(f"/play/homework/{made['code']}/", {"nickname": "Ben"})
    page = host.get(base).content.decode()
    assert "Ada" in page and "Ben" in page
    host.post(f"{base}nickname/", {"nickname": "Ada", "rename_to": "Anna", "action": "rename"})
    assert set(Attempt.objects.values_list("nickname", flat=True)) == {"Anna", "Ben"}
    assert Game.objects.filter(teams__name="Anna").exists()
    host.post(f"{base}nickname/", {"nickname": "Ben", "action": "remove"})
    assert list(Attempt.objects.values_list("nickname", flat=True)) == ["Anna"]
    host.post(f"{base}close/")
    assignment = Assignment.objects.get()
    assert not assignment.is_open()
    assert Attempt.objects.get().game.is_finished  # scored as it stood
    later = (timezone.localtime() + dt.timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    host.post(f"{base}extend/", {"closes_at": later})
    assert Assignment.objects.get().is_open()
    bad = host.post(f"{base}extend/", {"closes_at": "gestern"})
    assert bad.status_code == 400 and "Datum" in bad.content.decode()
    host.post(f"{base}delete/")
    assert not Assignment.objects.exists() and not Game.objects.exists()


def test_another_teacher_cannot_open_the_assignment(teacher, django_user_model):
    made = make_assignment(teacher, "dice")
    other = django_user_model.objects.create_user("olga")
    other.groups.add(*teacher.groups.all())
    client = Client()
    client.force_login(other)
    assert client.get(f"/play/assignments/{made['id']}/").status_code == 404
    assert client.post(f"/play/assignments/{made['id']}/delete/").status_code == 404
    assert Assignment.objects.exists()


def test_the_play_index_links_homework_and_lists_no_attempts(host, teacher):
    made = make_assignment(teacher, "dice")
    Client().post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    index = host.get("/play/").content.decode()
    assert "/play/assignments/" in index
    assert Attempt.objects.get().game.code not in index


def test_the_class_page_sets_homework_in_every_game(host, seven_b):
    page = host.get(f"/play/classes/{seven_b.pk}/").content.decode()
    line = page[page.index("Neue Hausaufgabe für diese Klasse:") :].split("</span>")[0]
    for slug in ("germany", "world", "numbers", "dice", "match"):
        assert f"/play/assignments/new/{slug}/?class={seven_b.pk}" in line


def test_a_poll_reads_no_set_up_state(teacher, big_deck):
    """The set-up state holds the whole deck again (a Germany game's some 190 KB): a poll that
    draws the stage has no use for it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    made = make_assignment(teacher, "germany", big_deck)
    phone = Client()
    phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"})
    with CaptureQueriesContext(connection) as queries:
        answer = phone.get(f"/play/homework/{made['code']}/state/?v=0", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert not [q for q in queries.captured_queries if '"initial"' in q["sql"]]
