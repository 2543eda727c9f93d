from __future__ import annotations

from django.urls import path

from cards.api import geo as views

app_name = "geo"

urlpatterns = [
    path("locate/", views.locate_view, name="locate"),
    path("maps/germany.svg", views.germany_svg, name="germany-svg"),
    path("maps/board/<str:code>.svg", views.board_svg, name="board-svg"),
    path("maps/grid.svg", views.grid_svg, name="grid-svg"),
    path("grid/suggest/", views.grid_suggest, name="grid-suggest"),
]
