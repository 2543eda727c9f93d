from __future__ import annotations

from django.urls import path

from play import views_host, views_team, views_world

app_name = "play"
urlpatterns = [
    path("", views_host.index, name="index"),
    path("new/", views_host.new_game, name="new"),
    path("new/world/", views_world.new_game, name="new_world"),
    path("new/<slug:slug>/", views_host.new_engine_game, name="new_engine"),
    path("world/board/<str:board>.svg", views_world.board_image, name="world_board"),
    path("join/", views_team.join, name="join"),
    path("host/<str:code>/", views_host.host, name="host"),
    path("host/<str:code>/state/", views_host.host_state, name="host_state"),
    path("host/<str:code>/round/", views_host.start_round, name="start_round"),
    path("host/<str:code>/tip/", views_host.play_for_team, name="host_tip"),
    path("host/<str:code>/reveal/", views_host.reveal, name="reveal"),
    path("host/<str:code>/move/", views_host.move, name="host_move"),
    path("host/<str:code>/undo/", views_host.undo, name="undo"),
    path("host/<str:code>/archive/", views_host.archive, name="archive"),
    path("host/<str:code>/delete/", views_host.delete, name="delete"),
    path("host/<str:code>/mode/", views_host.change_mode, name="mode"),
    path("host/<str:code>/kick/", views_host.kick, name="kick"),
    path("host/<str:code>/end/", views_host.end, name="end"),
    path("host/<str:code>/world/<str:action>/", views_world.host_action, name="world_host"),
    path("host/<str:code>/results.csv", views_host.results_csv, name="results_csv"),
    path("<str:code>/world/card/<int:card>.svg", views_world.card_image, name="world_card"),
    path("<str:code>/world/<str:action>/", views_world.team_action, name="world_team"),
    path("<str:code>/", views_team.team, name="team"),
    path("<str:code>/join/", views_team.claim, name="claim"),
    path("<str:code>/state/", views_team.team_state, name="team_state"),
    path("<str:code>/tip/", views_team.place_tip, name="team_tip"),
    path("<str:code>/move/", views_team.move, name="team_move"),
]
