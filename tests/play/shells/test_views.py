"""The browser views: new game, projector, team devices, htmx fragments, controls, CSV."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from play.core import store
from play.core.access import cookie_name
from play.core.lifecycle import set_mode
from play.models import Game, Mode
from tests.play.shells.helpers import germany_round_table, tip_until_the_round_is_full

pytestmark = pytest.mark.django_db


def _login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _device(game, team) -> Client:
    device = Client()
    response = device.post(f"/play/{game.code}/join/", {"team": team.pk})
    assert response.status_code == 302
    return device


def test_it_creates_a_game_from_the_form(teacher, big_deck):
    client = _login(teacher)
    choices = client.get("/play/new/").content.decode()
    for slug in ("germany", "world", "numbers", "dice", "match"):  # every game, with its sentence
        assert f'href="/play/new/{slug}/"' in choices
    assert "Welcher der ausgelegten Orte" in choices or "Which of the laid-out places" in choices
    assert client.get("/play/new/germany/").status_code == 200
    response = client.post(
        "/play/new/germany/",
        {
            "deck": big_deck.pk,
            "seat_0": "Füchse",
            "seat_1": "Eulen",
            "seat_2": "",
            "seat_3": "",
            "option_starting_team": 1,
            "mode": "devices",
            "option_draw": "random",
            "option_rounds": 0,
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/play/host/{game.code}/"
    assert [t.name for t in game.teams.all()] == ["Füchse", "Eulen"]
    assert game.mode == Mode.DEVICES and game.options["starting_team"] == 1
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert game.code.encode() in page.content and b"<svg" in page.content  # join code + QR


def test_the_form_refuses_face_down_with_two_teams(teacher, big_deck):
    response = _login(teacher).post(
        "/play/new/germany/",
        {
            "deck": big_deck.pk,
            "seat_0": "A",
            "seat_1": "B",
            "option_starting_team": 0,
            "mode": "projector",
            "option_draw": "random",
            "option_face_down": "on",
            "option_rounds": 0,
        },
    )
    assert response.status_code == 200 and not Game.objects.exists()
    assert "3 oder 4 Teams" in response.content.decode()


def test_only_teachers_host(student, game2, client):
    assert _login(student).get("/play/new/germany/").status_code == 403
    assert _login(student).get(f"/play/host/{game2.code}/").status_code == 403
    assert client.get("/play/").status_code == 302  # to the login page


def test_the_index_lists_the_teachers_games(teacher, game2):
    response = _login(teacher).get("/play/")
    assert game2.code.encode() in response.content


def test_a_team_joins_by_code_and_rejoins_by_cookie(game2):
    device = Client()
    response = device.post("/play/join/", {"code": game2.code.lower()})
    assert response["Location"] == f"/play/{game2.code}/"
    assert b"Rot" in device.get(f"/play/{game2.code}/").content
    team = game2.teams.get(index=0)
    device.post(f"/play/{game2.code}/join/", {"team": team.pk})
    assert device.cookies[cookie_name(game2)].value == team.token
    page = device.get(f"/play/{game2.code}/")  # a reload comes back to the same team
    assert b'class="shell device' in page.content and b"Rot" in page.content
    # A second phone cannot take the same team.
    other = Client().post(f"/play/{game2.code}/join/", {"team": team.pk})
    assert other.status_code == 409


def test_a_wrong_code_gets_a_clear_message(db):
    response = Client().post("/play/join/", {"code": "ZZZZZZ"})
    assert response.status_code == 200 and "kein Spiel" in response.content.decode()


def test_kicking_a_device_sends_it_back_to_the_picker(teacher, game2):
    team = game2.teams.get(index=0)
    device = _device(game2, team)
    host = _login(teacher)
    host.post(f"/play/host/{game2.code}/kick/", {"team": team.pk})
    team.refresh_from_db()
    assert not team.device_joined
    poll = device.get(f"/play/{game2.code}/state/?v=0", HTTP_HX_REQUEST="true")
    assert poll["HX-Redirect"] == f"/play/{game2.code}/"
    assert b'class="pick-team"' in device.get(f"/play/{game2.code}/").content
    assert _device(game2, team)  # and the team can join again


def test_polling_answers_unchanged_with_204_and_one_query(
    teacher, game2, django_assert_num_queries
):
    host = _login(teacher)
    version = Game.objects.get(pk=game2.pk).version
    # The projector's poll without its fast-poll cookie: its session (in the database, the
    # source of truth), user and roles, the game's version.
    with django_assert_num_queries(4):
        response = host.get(f"/play/host/{game2.code}/state/?v={version}", HTTP_HX_REQUEST="true")
    assert response.status_code == 204
    _lay_out(game2)
    changed = host.get(f"/play/host/{game2.code}/state/?v={version}", HTTP_HX_REQUEST="true")
    assert changed.status_code == 200
    assert b'id="stage"' in changed.content and b"<html" not in changed.content
    assert f"v={version + 1}".encode() in changed.content


def test_after_logging_out_the_projector_poll_is_refused(teacher, game2):
    # A log-out ends the session for every copy of its cookie.
    host = _login(teacher)
    cookie = host.cookies["sessionid"].value
    assert (
        host.get(f"/play/host/{game2.code}/state/?v=0", HTTP_HX_REQUEST="true").status_code == 200
    )
    assert host.post(reverse("logout")).status_code == 302
    stale = Client()
    stale.cookies["sessionid"] = cookie  # a copy of the old cookie, kept by another tab
    answer = stale.get(f"/play/host/{game2.code}/state/?v=0", HTTP_HX_REQUEST="true")
    assert answer.status_code == 404


def test_the_host_page_serves_its_fragment_to_htmx(teacher, game2):
    host = _login(teacher)
    page = host.get(f"/play/host/{game2.code}/")
    fragment = host.get(f"/play/host/{game2.code}/", HTTP_HX_REQUEST="true")
    assert b"<html" in page.content and b"<html" not in fragment.content
    assert b'id="stage"' in fragment.content


def test_a_device_plays_on_its_turn_only(teacher, game2):
    set_mode(game2, Mode.DEVICES)
    _lay_out(game2)
    a, b = game2.teams.all()
    dev_a, dev_b = _device(game2, a), _device(game2, b)
    place = germany_round_table(game2).places[0]
    early = dev_b.post(
        f"/play/{game2.code}/move/",
        {"move": "tip", "tip": "N", "place": place},
        HTTP_HX_REQUEST="true",
    )
    assert early.status_code == 409
    ok = dev_a.post(
        f"/play/{game2.code}/move/",
        {"move": "tip", "tip": "N", "place": place},
        HTTP_HX_REQUEST="true",
    )
    assert ok.status_code == 200 and b"<html" not in ok.content
    assert len(germany_round_table(game2).tips) == 1
    bad = dev_b.post(
        f"/play/{game2.code}/move/",
        {"move": "tip", "tip": "N", "place": place},
        HTTP_HX_REQUEST="true",
    )
    assert bad.status_code == 400  # the two-player rule
    junk = dev_b.post(f"/play/{game2.code}/move/", {"move": "tip", "tip": "S", "place": "x"})
    assert junk.status_code == 400


def test_the_projector_plays_for_the_team_whose_turn_it_is(teacher, game2):
    _lay_out(game2)
    host = _login(teacher)
    page = host.get(f"/play/host/{game2.code}/")
    assert b'id="host-tip"' in page.content
    a = game2.teams.get(index=0)
    place = germany_round_table(game2).places[0]
    response = host.post(
        f"/play/host/{game2.code}/move/",
        {"move": "tip", "seat": a.index, "place": place, "tip": "S"},
    )
    assert response.status_code == 302 and germany_round_table(game2).tips[0].tip == "S"
    junk = host.post(
        f"/play/host/{game2.code}/move/", {"move": "tip", "seat": "nope", "place": place}
    )
    assert junk.status_code == 400


def test_ending_the_game_keeps_it_viewable_with_csv(teacher, game2):
    host = _login(teacher)
    for _ in range(2):
        _lay_out(game2)
        tip_until_the_round_is_full(game2)
        store.make_move(game2, None, "reveal", {}, teacher=True)
    host.post(f"/play/host/{game2.code}/end/")
    page = host.get(f"/play/host/{game2.code}/")
    assert page.status_code == 200 and "Endstand" in page.content.decode()
    response = host.get(f"/play/host/{game2.code}/results.csv")
    assert response["Content-Type"].startswith("text/csv")
    # A German game: semicolons and a BOM, as German spreadsheets expect.
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert rows[0][1:] == ["Rot", "Blau"] and [r[0] for r in rows[1:]] == ["1", "2", "Summe"]
    totals = [int(x) for x in rows[-1][1:]]
    assert totals == [int(rows[1][i]) + int(rows[2][i]) for i in (1, 2)]
    again = host.post(f"/play/host/{game2.code}/move/", {"move": "lay_out"})
    assert again.status_code == 409


def _lay_out(game):
    return store.make_move(game, None, "lay_out", {}, teacher=True)


def test_pages_speak_german_and_english(teacher, game2):
    _lay_out(game2)
    host = _login(teacher)
    german = host.get(f"/play/host/{game2.code}/").content.decode()
    Game.objects.filter(pk=game2.pk).update(language="en")  # the language the game was made in
    english = host.get(f"/play/host/{game2.code}/").content.decode()
    assert "Am Zug:" in german and "am nördlichsten" in german
    assert "Your turn:" in english and "furthest north" in english


def test_the_revealed_map_numbers_the_places_as_the_cards_do_in_the_game_s_language(teacher, game2):
    host = _login(teacher)
    _lay_out(game2)
    tip_until_the_round_is_full(game2)
    store.make_move(game2, None, "reveal", {}, teacher=True)
    Game.objects.filter(pk=game2.pk).update(language="en")  # the game's language, not the browser's
    page = host.get(f"/play/host/{game2.code}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    game2.refresh_from_db()
    places = game2.state["rounds"][-1]["places"]
    map_svg = page[page.index('<svg class="round-map"') :]
    map_svg = map_svg[: map_svg.index("</svg>")]
    for number in range(1, len(places) + 1):
        assert f">{number}</text>" in map_svg  # a numbered dot
        assert f'<span class="de-pin" title="on the map">{number}</span>' in page
    assert "Germany" in map_svg and "Deutschland" not in map_svg
