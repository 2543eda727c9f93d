from __future__ import annotations

from django.urls import path

from play.editions.numbers import api

urlpatterns = [
    path("numbers/solve/", api.solve_view, name="numbers-solve"),
]
