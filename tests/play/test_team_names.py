"""Team and seat names a class can tell apart: no invisible characters (zero-width spaces,
direction marks, bidi controls), and no two names that look the same."""

from __future__ import annotations

import pytest

from cards.sanitize import hidden_character, name_key
from play.core import store
from play.core.engine import RuleViolation
from play.models import Game
from tests.conftest import api_client_for

# Each would let "Rot" and "Rot" be two teams, or make a name read in another order.
INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    "\u061c",  # Arabic letter mark
    "\u2060",  # word joiner
    "\ufeff",  # zero-width no-break space (BOM)
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u00ad",  # soft hyphen
    "\x07",
]


@pytest.mark.parametrize("mark", INVISIBLE)
def test_hidden_characters_are_found_anywhere_in_a_name(mark):
    for name in (f"Rot{mark}", f"{mark}Rot", f"R{mark}ot"):
        assert hidden_character(name) == mark


def test_visible_names_pass_joiners_included():
    for name in ("Rot", "Bären", "القاهرة", "👨\u200d👩\u200d👧", "می\u200cخواهم", "東京"):
        assert hidden_character(name) is None, name
    assert hidden_character("Rot\u200d") == "\u200d"  # a joiner joining nothing
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    assert hidden_character(f"{scotland} Schotten") is None
    assert hidden_character("Rot\U000e0067") == "\U000e0067"  # a tag outside a flag


def test_look_alike_names_share_a_key():
    assert name_key("Rot") == name_key("ROT") == name_key("Ｒｏｔ") == name_key("rot")
    assert name_key("Team  A") == name_key("Team A")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Rot") != name_key("Rost")


@pytest.mark.django_db
@pytest.mark.parametrize("mark", ["\u200b", "\u200f", "\u061c"])
def test_the_api_refuses_a_team_name_with_an_invisible_mark(teacher, mark):
    response = api_client_for(teacher).post(
        "/api/games/",
        {"edition": "numbers", "seats": ["Rot", f"Rot{mark}"]},
        format="json",
        headers={"Accept-Language": "en"},
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "team_name"
    assert f"U+{ord(mark):04X}" in body["detail"]
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_the_api_refuses_names_that_look_the_same(teacher):
    response = api_client_for(teacher).post(
        "/api/games/", {"edition": "numbers", "seats": ["Rot", "ＲＯＴ"]}, format="json"
    )
    assert response.status_code == 400 and response.json()["code"] == "team_name"
    assert "look the same" in response.json()["detail"]


FORM = {"seat_0": "Rot", "mode": "devices", "option_level": "normal"}


@pytest.mark.django_db
def test_the_new_game_form_refuses_an_invisible_mark_with_a_message(client, teacher):
    client.force_login(teacher)
    page = client.post("/play/new/numbers/", {**FORM, "seat_1": "Rot\u200b"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Teamnamen dürfen keine unsichtbaren oder Steuerzeichen enthalten (U+200B)." in html
    twin = client.post("/play/new/numbers/", {**FORM, "seat_1": "ROT"})
    assert "gleich aussehenden Namen" in twin.content.decode()
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_a_name_with_a_joiner_inside_an_emoji_is_kept(teacher):
    family = "👨\u200d👩\u200d👧"
    game = store.create_game(user=teacher, edition="numbers", seat_names=[family, "B"])
    assert game.teams.get(index=0).name == family
    with pytest.raises(RuleViolation):
        store.create_game(user=teacher, edition="numbers", seat_names=["B", "b\u200b"])
