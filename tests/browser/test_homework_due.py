"""The solo screen asks for the computer's move at the moment it falls due (its stage's
``load delay``), not only at its regular poll (every 5 s): htmx reads the trigger and sends that
poll, and the computer's move comes on screen without Hurry."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from play.core import homework
from play.models import Attempt

pytestmark = pytest.mark.django_db(transaction=True)

# htmx announces its "load" trigger (the computer's moment) with htmx:trigger on the stage just
# before that poll; its regular polls go without it.
RECORD = """
document.addEventListener("htmx:trigger", function (event) {
  if (event.target.id === "stage") window.dueAsked = (window.dueAsked || 0) + 1;
});
"""


def test_the_phone_asks_for_the_computer_s_move_when_it_falls_due(browser, live_server, teacher):
    assignment = homework.create_assignment(
        user=teacher,
        edition="dice",
        deck=None,
        options={"first": 1},  # the computer starts
        closes_at=timezone.now() + dt.timedelta(days=1),
        bots=1,
        language="de",
    )
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(15_000)
    context.add_init_script(RECORD)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/homework/{assignment.code}/")
    page.fill("input[name=nickname]", "Ada")
    page.click("form.join-form button[type=submit]")
    page.wait_for_selector(".solo-table")
    first = int(page.get_attribute("#stage", "data-version"))
    assert "load delay:" in page.get_attribute("#stage", "hx-trigger")
    page.wait_for_function("() => window.dueAsked > 0")
    page.wait_for_function(
        "v => parseInt(document.getElementById('stage').dataset.version, 10) > v", arg=first
    )
    game = Attempt.objects.get().game
    assert game.moves.filter(by_bot=True).exists()
    context.close()
