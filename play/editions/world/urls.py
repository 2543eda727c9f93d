"""The World's own pages under ``/play/`` (in the ``play`` namespace): its board images."""

from __future__ import annotations

from django.urls import path

from play.editions.world import views

urlpatterns = [
    path("world/board/<str:board>.svg", views.board_image, name="world_board"),
    path("<str:code>/world/card/<str:card>.svg", views.card_image, name="world_card"),
]
