from __future__ import annotations

from django.urls import path

from play.shells import assignments, device, host, solo
from play.shells.api_urls import edition_urls

app_name = "play"
urlpatterns = [
    path("", host.index, name="index"),
    path("bulk/", host.bulk, name="bulk"),
    path("new/", host.choose_game, name="new"),
    path("new/<slug:slug>/", host.new_game, name="new_game"),
    path("join/", device.join, name="join"),
    path("assignments/", assignments.index, name="assignments"),
    path("assignments/new/<slug:slug>/", assignments.new, name="new_assignment"),
    path("assignments/<str:assignment_id>/", assignments.detail, name="assignment"),
    path("assignments/<str:assignment_id>/close/", assignments.close, name="assignment_close"),
    path("assignments/<str:assignment_id>/extend/", assignments.extend, name="assignment_extend"),
    path("assignments/<str:assignment_id>/delete/", assignments.delete, name="assignment_delete"),
    path(
        "assignments/<str:assignment_id>/nickname/",
        assignments.nickname,
        name="assignment_nickname",
    ),
    path("homework/<str:code>/", solo.start, name="homework"),
    path("homework/<str:code>/state/", solo.state, name="homework_state"),
    path("homework/<str:code>/move/", solo.move, name="homework_move"),
    path("homework/<str:code>/hurry/", solo.hurry, name="homework_hurry"),
    path("host/<str:code>/", host.host, name="host"),
    path("host/<str:code>/state/", host.host_state, name="host_state"),
    path("host/<str:code>/move/", host.move, name="host_move"),
    path("host/<str:code>/undo/", host.undo, name="undo"),
    path("host/<str:code>/archive/", host.archive, name="archive"),
    path("host/<str:code>/delete/", host.delete, name="delete"),
    path("host/<str:code>/mode/", host.change_mode, name="mode"),
    path("host/<str:code>/table-on-phones/", host.table_on_phones, name="table_on_phones"),
    path("host/<str:code>/kick/", host.kick, name="kick"),
    path("host/<str:code>/end/", host.end, name="end"),
    path("host/<str:code>/results.csv", host.results_csv, name="results_csv"),
    # An edition's own pages (The World's board images) come before the catch-all device URLs.
    *edition_urls("urls"),
    path("<str:code>/", device.team, name="team"),
    path("<str:code>/join/", device.claim, name="claim"),
    path("<str:code>/state/", device.team_state, name="team_state"),
    path("<str:code>/move/", device.move, name="team_move"),
]
