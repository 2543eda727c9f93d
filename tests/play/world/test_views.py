"""World games in the browser views: new game, the shells' projector and devices, the guess
buttons, the old action URLs, images, CSV."""

from __future__ import annotations

import csv
import gzip
import io

import pytest
from django.test import Client

from play.core.lifecycle import set_mode
from play.editions.world import moves as world
from play.models import Game, Mode

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _device(game, team) -> Client:
    device = Client()
    assert device.post(f"/play/{game.code}/join/", {"team": team.pk}).status_code == 302
    return device


def _round(game):
    game.refresh_from_db()
    return world.current(game.state)


def test_it_creates_a_world_game_from_the_form(teacher, world_big):
    client = _login(teacher)
    page = client.get("/play/new/world/")
    assert page.status_code == 200 and b'name="option_track_length" value="40"' in page.content
    form = {
        "deck": world_big.pk,
        "seat_0": "Adler",
        "seat_1": "Bären",
        "option_starting_team": 1,
        "option_track_length": 30,
        "mode": "devices",
    }
    refused = client.post("/play/new/world/", dict(form, option_longer_game="on"))
    assert refused.status_code == 200 and not Game.objects.exists()
    response = client.post("/play/new/world/", form)
    game = Game.objects.get()
    assert response.status_code == 302 and game.edition == "world"
    assert game.options["track_length"] == 30 and game.options["starting_team"] == 1
    host = client.get(response["Location"])
    assert host.status_code == 200 and b'class="track"' in host.content


def _teams(game):
    return {t.index: t for t in game.teams.all()}


def _move(client, url, move, **fields):
    return client.post(url, {"move": move, **fields}, **HX)


def test_a_round_on_the_projector_and_on_devices(teacher, world3):
    host = _login(teacher)
    set_mode(world3, Mode.DEVICES)
    teams = _teams(world3)
    devices = {i: _device(world3, t) for i, t in teams.items()}
    hmove, dmove = f"/play/host/{world3.code}/move/", f"/play/{world3.code}/move/"
    assert _move(host, hmove, "lay_out").status_code == 200
    rnd = _round(world3)
    order = rnd["order"]
    # Choosing: the first team on its device, the wrong one is refused with the message.
    card = rnd["table"][0]
    wrong = _move(devices[order[1]], dmove, "choose", card=card)
    assert wrong.status_code == 409 and b"flash error" in wrong.content
    first = devices[order[0]].get(f"/play/{world3.code}/")
    assert b'class="primary take"' in first.content
    assert _move(devices[order[0]], dmove, "choose", card=card).status_code == 200
    other = rnd["table"][1]
    _move(devices[order[1]], dmove, "choose", card=other)
    for i in order:
        assert _move(devices[i], dmove, "exchange", exchange="no").status_code == 200
    # Guessing with the buttons: board, column, row, letter, take back, lock.
    dev = devices[order[0]]
    page = _move(dev, dmove, "guess", guess="EU")
    assert b'value="EU-W"' in page.content and b"/play/world/board/EU.svg" in page.content
    assert _move(dev, dmove, "guess", guess="EU-O-N").status_code == 200
    bad = _move(dev, dmove, "guess", guess="EU--N")
    assert bad.status_code == 400 and b"flash error" in bad.content
    _move(dev, dmove, "guess", guess="EU-O")
    assert _move(dev, dmove, "lock").status_code == 200
    projector = host.get(f"/play/host/{world3.code}/").content.decode()
    assert "1 von 3 festgelegt" in projector  # German is the default language
    assert "EU-O" not in projector  # guesses stay hidden on the projector
    # The teacher plays for a team without device after kicking it.
    host.post(f"/play/host/{world3.code}/kick/", {"seat": order[1]}, **HX)
    pad = host.get(f"/play/host/{world3.code}/").content.decode()
    assert 'class="host-guess"' in pad and f'name="seat" value="{order[1]}"' in pad
    r = _move(host, hmove, "guess", seat=order[1], guess="AF")
    assert r.status_code == 200
    assert _move(host, hmove, "close_guessing").status_code == 200
    held = _round(world3)["held"][order[0]]
    assert host.get(f"/play/{world3.code}/world/card/{held}.svg").status_code == 404
    page = _move(host, hmove, "evaluate").content.decode()
    assert 'class="evaluation"' in page
    evaluated = _round(world3)["evaluations"][0]["card"]
    image = Client().get(f"/play/{world3.code}/world/card/{evaluated}.svg")
    assert image.status_code == 200 and image["Content-Type"] == "image/svg+xml"
    _move(host, hmove, "evaluate", every="true")
    assert _round(world3)["phase"] == "done"
    mine = devices[order[0]].get(f"/play/{world3.code}/").content.decode()
    assert "verdict" in mine
    end = host.post(f"/play/host/{world3.code}/end/", **HX)
    assert end.status_code == 200 and b'class="ranking"' in end.content
    text = host.get(f"/play/host/{world3.code}/results.csv").content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))  # a German game: semicolons
    assert len(rows) == 1 + 3 + 3  # header, 3 evaluations, 3 final rows (no bonus: nothing kept)
    assert rows[1][0] == "1"


def test_board_images_are_cacheable_and_checked(client):
    response = client.get("/play/world/board/AF.svg?lang=en")
    assert response.status_code == 200 and b"Africa" in response.content
    assert "max-age" in response["Cache-Control"]
    assert client.get("/play/world/board/XX.svg").status_code == 404
    packed = client.get("/play/world/board/AF.svg?lang=en", HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == response.content


def test_teacher_actions_need_the_teacher(student, world3):
    assert _login(student).post(f"/play/host/{world3.code}/move/").status_code == 403
    unknown = _login(world3.created_by).post(f"/play/host/{world3.code}/move/", {"move": "nope"})
    assert unknown.status_code == 400


def test_a_device_cannot_make_the_teachers_moves(world3):
    team = world3.teams.first()
    r = _move(_device(world3, team), f"/play/{world3.code}/move/", "lay_out")
    assert r.status_code == 400 and b"flash error" in r.content
    assert _round(world3) is None


def test_polling_returns_204_when_nothing_changed(teacher, world3):
    host = _login(teacher)
    first = host.get(f"/play/host/{world3.code}/state/?v=0", **HX)
    assert first.status_code == 200 and b"<html" not in first.content
    world3.refresh_from_db()
    same = host.get(f"/play/host/{world3.code}/state/?v={world3.version}", **HX)
    assert same.status_code == 204


def test_projector_only_the_teacher_plays_every_move(teacher, world3):
    host = _login(teacher)
    hmove = f"/play/host/{world3.code}/move/"
    _move(host, hmove, "lay_out")
    rnd = _round(world3)
    for i in rnd["order"][:2]:
        page = host.get(f"/play/host/{world3.code}/").content.decode()
        assert f'name="seat" value="{i}"' in page and 'class="primary take"' in page
        card = next(r for r in _round(world3)["table"] if r not in _round(world3)["chosen"])
        assert _move(host, hmove, "choose", seat=i, card=card).status_code == 200
    for i in rnd["order"]:
        assert _move(host, hmove, "exchange", seat=i, exchange="no").status_code == 200
    for _ in range(3):
        page = host.get(f"/play/host/{world3.code}/").content.decode()
        seat = int(page.split('class="host-guess"')[1].split('name="seat" value="')[1][:1])
        _move(host, hmove, "guess", seat=seat, guess="SA")
        _move(host, hmove, "guess", seat=seat, guess="SA-M")
        assert _move(host, hmove, "lock", seat=seat).status_code == 200
    page = host.get(f"/play/host/{world3.code}/").content.decode()
    assert 'class="host-guess"' not in page and "3 von 3" in page
    _move(host, hmove, "close_guessing")
    _move(host, hmove, "evaluate", every="true")
    rnd = _round(world3)
    assert rnd["phase"] == "done"
    assert [e["guess"] for e in rnd["evaluations"]] == ["SA-M"] * 3
