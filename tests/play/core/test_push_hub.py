"""The push hub of a server process: the newest version it heard of each game."""

from __future__ import annotations

from play.core import push


def test_the_hub_remembers_the_newest_version_of_games_nobody_here_watches_yet():
    hub = push.Hub()
    hub.deliver(7, 3)
    hub.deliver(7, 2)  # an announcement overtaken by a newer one on the way
    assert hub.latest(7) == 3
    assert hub.latest(8) == 0


def test_the_hub_forgets_the_games_it_heard_of_longest_ago_first(monkeypatch):
    monkeypatch.setattr(push, "VERSIONS_KEPT", 4)
    hub = push.Hub()
    for game in range(1, 5):
        hub.deliver(game, 1)
    hub.deliver(1, 2)  # heard again: now the newest
    hub.deliver(5, 1)
    assert [game for game in range(1, 6) if hub.latest(game)] == [1, 4, 5]
