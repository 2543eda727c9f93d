"""The homework's rules of the road: the deadline, the limits, nicknames, no leak on the solo
screen, and the class report counting the homework."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from play.core import homework, registry, store
from play.core.engine import Viewer
from play.core.errors import RuleViolation
from play.core.expiry import expire_games
from play.models import Assignment, Attempt, Game
from play.reports import build
from tests.conftest import api_client_for
from tests.play.homework.conftest import make_assignment, play_to_the_end, start
from tests.play.leaks import population_spellings


@pytest.fixture(autouse=True)
def _moves_unlimited(settings):
    settings.PLAY_MOVES_PER_MINUTE = 100_000


def _past_deadline() -> None:
    Assignment.objects.update(
        opens_at=timezone.now() - dt.timedelta(hours=2),
        closes_at=timezone.now() - dt.timedelta(seconds=1),
    )


# --- the deadline ---


def test_after_the_deadline_no_attempt_starts_and_the_answer_says_why(teacher):
    made = make_assignment(teacher, "dice")
    _past_deadline()
    _client, answer = start(made["code"])
    assert answer.status_code == 410
    assert answer.json()["code"] == "closed" and "Abgabetermin" in answer.json()["detail"]


def test_an_attempt_running_at_the_deadline_is_scored_as_it_stands(teacher, big_deck):
    made = make_assignment(teacher, "germany", big_deck)
    client, answer = start(made["code"])
    attempt = answer.json()
    game = Game.objects.get(pk=attempt["id"])
    moves_before = game.moves.count()
    _past_deadline()
    move = client.post(
        f"/api/games/{attempt['id']}/moves/",
        {"move": "tip", "args": {}},
        format="json",
        HTTP_X_TEAM_TOKEN=attempt["token"],
    )
    assert move.status_code == 410
    game.refresh_from_db()
    assert game.is_finished and game.state["gameover"]["by"] == "teacher"
    # What was played before the deadline stays; only the core's end was added.
    assert game.moves.count() == moves_before + 1
    [pupil] = (
        api_client_for(teacher).get(f"/api/assignments/{made['id']}/results/").json()["pupils"]
    )
    assert pupil["attempts"][0]["over"] and pupil["attempts"][0]["at_deadline"]


def test_the_results_score_attempts_left_running_at_the_deadline(teacher):
    made = make_assignment(teacher, "dice")
    start(made["code"])
    _past_deadline()
    results = api_client_for(teacher).get(f"/api/assignments/{made['id']}/results/").json()
    assert results["open"] is False
    assert results["pupils"][0]["attempts"][0]["over"]


def test_a_homework_attempt_waits_for_its_pupil_until_the_deadline(teacher, settings):
    made = make_assignment(teacher, "dice")
    start(made["code"])
    Game.objects.update(active_at=timezone.now() - dt.timedelta(days=3))
    expire_games()
    assert not Game.objects.get().is_finished


def test_an_extended_assignment_takes_new_attempts_again(teacher):
    made = make_assignment(teacher, "dice")
    _past_deadline()
    api = api_client_for(teacher)
    later = (timezone.now() + dt.timedelta(days=2)).isoformat()
    assert api.patch(f"/api/assignments/{made['id']}/", {"closes_at": later}, format="json").json()[
        "open"
    ]
    assert start(made["code"])[1].status_code == 201
    closed = api.patch(f"/api/assignments/{made['id']}/", {"close": True}, format="json").json()
    assert not closed["open"]
    assert api.delete(f"/api/assignments/{made['id']}/").status_code == 204
    assert not Game.objects.exists()


# --- the limits ---


def test_a_device_has_the_assignment_s_attempts_and_no_more(teacher):
    made = make_assignment(teacher, "dice", attempts=2)
    client = api_client_for(None)
    for _ in range(2):
        _client, answer = start(made["code"], client=client)
        assert answer.status_code == 201
        Game.objects.filter(pk=answer.json()["id"]).update(status="finished")
    _client, answer = start(made["code"], client=client)
    assert answer.status_code == 409 and answer.json()["code"] == "no_attempts_left"


def test_one_device_starting_too_fast_is_refused_alone(teacher, settings):
    settings.PLAY_HOMEWORK_STARTS_PER_DEVICE = 2
    made = make_assignment(teacher, "dice", attempts=5)
    client = api_client_for(None)
    codes = []
    for _ in range(3):
        _client, answer = start(made["code"], client=client)
        codes.append(answer.status_code)
        Game.objects.update(status="finished")
    assert codes == [201, 201, 429]
    # Its neighbour behind the same address starts as usual.
    assert start(made["code"])[1].status_code == 201


def test_a_whole_school_behind_one_address_is_not_blocked(teacher, settings):
    settings.PLAY_HOMEWORK_STARTS_PER_DEVICE = 1
    made = make_assignment(teacher, "dice")
    answers = [start(made["code"], f"Kind {n}")[1].status_code for n in range(35)]
    assert answers == [201] * 35  # a class of 35 on one NAT address within a minute


def test_an_address_far_beyond_a_school_is_refused(teacher, settings):
    settings.PLAY_HOMEWORK_STARTS_PER_ADDRESS = 3
    made = make_assignment(teacher, "dice")
    answers = [start(made["code"], f"Kind {n}")[1].status_code for n in range(4)]
    assert answers == [201, 201, 201, 429]


def test_an_assignment_takes_at_most_its_limit_of_attempts(teacher, settings):
    settings.PLAY_HOMEWORK_ATTEMPTS = 2
    made = make_assignment(teacher, "dice")
    answers = [start(made["code"], f"Kind {n}")[1] for n in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 409]
    assert answers[2].json()["code"] == "homework_full"


def test_unknown_codes_count_like_wrong_join_codes(db, settings):
    settings.PLAY_CODE_MISSES_ALLOWED = 2
    client = api_client_for(None)
    answers = [start("ZZZZZZ", client=client)[1].status_code for _ in range(3)]
    assert answers == [404, 404, 429]


# --- nicknames ---


@pytest.mark.parametrize(
    ("nickname", "code"),
    [
        ("", "nickname_missing"),
        ("A", "nickname_length"),
        ("Abcdefghijklmnopqrstu", "nickname_length"),
        ("12", "nickname_letters"),
        ("Ada\u200b", "nickname_hidden"),
        ("\u202eAda", "nickname_hidden"),
        ("Ada<script>", "nickname_character"),
        ("Sh.i.t", "nickname_blocked"),
        ("Arschloch", "nickname_blocked"),
    ],
)
def test_it_refuses_a_nickname_it_should(nickname, code):
    with pytest.raises(RuleViolation) as refused:
        homework.clean_nickname(nickname)
    assert refused.value.code == code


@pytest.mark.parametrize("nickname", ["Ada", "Jörg-Ü", "Zoë 2", "Ali_7", "O'Neil", "Ødegaard"])
def test_it_takes_an_ordinary_nickname(nickname):
    assert homework.clean_nickname(f"  {nickname} ") == nickname


def test_the_teacher_s_blocklist_is_added():
    assert homework.blocked_words("Quatsch\nBlöd, x") == ["blod", "quatsch"]
    with pytest.raises(RuleViolation):
        homework.clean_nickname("Der Blöde", homework.blocked_words("blöd"))


# --- no leak ---


def _germany_secrets(game: Game) -> list[str]:
    state = Game.objects.get(pk=game.pk).state
    found = []
    for ref in state["rounds"][-1]["places"]:
        card = state["cards"][ref]
        found += [card["state"], card["description"], *population_spellings(card["population"])]
    return found


def test_the_solo_screen_shows_no_back_before_the_reveal(teacher, big_deck):
    made = make_assignment(teacher, "germany", big_deck, bots=3)
    phone = Client()
    pages = [phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"}, follow=True)]
    attempt = Attempt.objects.get()
    game = attempt.game
    for _ in range(3):  # the computer teams' tips, the round not yet revealed
        pages.append(phone.post(f"/play/homework/{made['code']}/hurry/", HTTP_HX_REQUEST="true"))
        pages.append(phone.get(f"/play/homework/{made['code']}/state/?v=0", HTTP_HX_REQUEST="true"))
        pages.append(phone.get(f"/play/homework/{made['code']}/"))
    game.refresh_from_db()
    assert not game.state["rounds"][-1]["revealed"]
    markers = re.compile(r'"(ns|we|back|population|description)"|class="blob|data-(ns|we)')
    secrets = _germany_secrets(game)
    for page in pages:
        text = page.content.decode()
        assert page.status_code == 200
        assert not [s for s in secrets if s in text]
        assert not markers.search(text)


def test_the_solo_screen_shows_no_computer_hand(teacher):
    made = make_assignment(teacher, "numbers", bots=2)
    phone = Client()
    page = phone.post(f"/play/homework/{made['code']}/", {"nickname": "Ada"}, follow=True)
    html = page.content.decode()
    game = Attempt.objects.get().game
    state = Game.objects.get(pk=game.pk).state
    edition = registry.get("numbers")
    mine = {card["id"] for card in edition.view(state, Viewer.of_seat(0))["hand"]}
    theirs = {
        card["id"]
        for seat in (1, 2)
        for card in edition.view(state, Viewer.of_seat(seat))["hand"]
        if card["id"] not in mine
    }
    shown = set(re.findall(r'name="card" value="([^"]+)"', html))
    assert shown == {str(card) for card in mine}
    assert theirs and not shown & {str(card) for card in theirs}


# --- the class report ---


def test_the_class_report_counts_the_homework_and_only_the_pupil_s_answers(
    teacher, seven_b, big_deck
):
    made = make_assignment(teacher, "germany", big_deck, **{"class": seven_b.pk})
    client, answer = start(made["code"])
    play_to_the_end(client, answer.json()["id"], answer.json()["token"])
    report = build.class_report(seven_b)
    [row] = report["game_list"]
    assert row["homework"] and row["teams"] == ["Ada", "Computer 1"]
    game = Game.objects.get(pk=answer.json()["id"])
    tips = [t for t in build.game_report(game)["tips"] if t["team"] == "Ada"]
    assert row["asked"] == len(tips) > 0
    assert sum(p["asked"] for p in report["places"]) == len(tips)
    missed = sum(not t["correct"] for t in tips)
    assert sum(p["homework_missed"] for p in report["places"]) == missed
    host = Client()
    host.force_login(teacher)
    page = host.get(f"/play/classes/{seven_b.pk}/").content.decode()
    assert "Hausaufgabe" in page and made["code"] in page


def test_before_it_opens_the_link_says_when(teacher):
    opens = timezone.now() + dt.timedelta(hours=1)
    made = make_assignment(teacher, "dice", opens_at=opens.isoformat())
    _client, answer = start(made["code"])
    assert answer.status_code == 409 and answer.json()["code"] == "not_open_yet"
    page = Client().get(f"/play/homework/{made['code']}/").content.decode()
    assert "Diese Hausaufgabe beginnt am" in page and 'name="nickname"' not in page


# --- the computer's pace ---


def test_alone_the_computer_teams_wait_longer_than_in_class(teacher, big_deck, settings):
    settings.PLAY_HOMEWORK_COMPUTER_PACE_MS = 2500
    for solo, pace in ((False, 1.0), (True, 2.5)):
        game = store.create_game(
            user=teacher, edition="germany", deck=big_deck, seat_names=["Ada", "B", "C", "D"],
            bots=[1, 2, 3], options={"starting_team": 1}, solo=solo,
        )  # fmt: skip
        if solo:
            game = store.hurry(game)  # the table's step the computer takes alone: lay out
        else:
            game = store.make_move(game, None, "lay_out", {}, teacher=True)
        # Hurry makes the next move alone, not the ones that fall due in its window.
        assert list(game.moves.values_list("name", flat=True)) == ["lay_out"]
        laid_out = game.moves.get().at.timestamp()
        assert game.bot_due_at == pytest.approx(laid_out + pace), f"solo={solo}"
