"""The no-leak harness: a game played through every interface (API, projector, team devices,
polls), every response kept, then scanned for what no viewer may see yet."""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.test import Client

from play.models import Game
from tests.conftest import api_client_for


class Table:
    """A game made through the API, a logged-in projector and one joined device per team."""

    def __init__(self, teacher, **create) -> None:
        self.responses: list[tuple[str, bytes]] = []
        self.api = api_client_for(teacher)
        created = self.keep("create", self.api.post("/api/games/", create, format="json")).json()
        self.game = Game.objects.get(pk=created["id"])
        self.host = Client()
        self.host.force_login(teacher)
        self.devices = []
        for team in self.game.teams.all():
            device = Client()
            joined = device.post(f"/play/{self.game.code}/join/", {"team": team.pk}, follow=True)
            self.keep("join", joined)
            self.devices.append((team, device))

    def keep(self, label: str, response):
        assert response.status_code < 500, (label, response.status_code)
        self.responses.append((label, response.content))
        return response

    def snapshot(self, label: str) -> None:
        """What every viewer gets now: pages, polls and the API."""
        game = self.game
        self.keep(f"{label}:api", self.api.get(f"/api/games/{game.pk}/"))
        self.keep(f"{label}:host", self.host.get(f"/play/host/{game.code}/"))
        poll = self.host.get(f"/play/host/{game.code}/state/?v=0", HTTP_HX_REQUEST="true")
        self.keep(f"{label}:host-poll", poll)
        # The teacher's report holds only what has been revealed, like every other screen.
        self.keep(f"{label}:report", self.api.get(f"/api/games/{game.pk}/report/"))
        self.keep(f"{label}:report-page", self.host.get(f"/play/report/{game.code}/"))
        for team, device in self.devices:
            self.keep(f"{label}:dev{team.index}", device.get(f"/play/{game.code}/"))
            poll = device.get(f"/play/{game.code}/state/?v=0", HTTP_HX_REQUEST="true")
            self.keep(f"{label}:poll{team.index}", poll)
            api = api_client_for(None).get(f"/api/games/{game.pk}/", HTTP_X_TEAM_TOKEN=team.token)
            self.keep(f"{label}:devapi{team.index}", api)

    def state(self) -> dict:
        self.game.refresh_from_db()
        return self.game.state

    def texts(self) -> Iterable[tuple[str, str]]:
        for label, body in self.responses:
            yield label, body.decode(errors="replace")

    def assert_hidden(self, secrets: Iterable[str], markers: re.Pattern | None = None) -> None:
        """No kept response carries any of ``secrets`` (or a field ``markers`` finds)."""
        secrets = [s for s in secrets if s]
        for label, text in self.texts():
            for secret in secrets:
                assert secret not in text, f"{label} leaks {secret!r}"
            if markers is not None:
                found = markers.search(text)
                assert not found, f"{label} leaks a hidden field: {found}"


def population_spellings(population: int) -> list[str]:
    """A population as a screen may write it: plain, with commas, dots or narrow spaces."""
    grouped = f"{population:,}"
    return [str(population), grouped, grouped.replace(",", "."), grouped.replace(",", "\u00a0")]
