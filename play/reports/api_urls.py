from __future__ import annotations

from django.urls import re_path

from play.reports import api

ID = r"(?P<%s>[0-9]{1,18})"  # ids the database can hold: longer ones are simply not found

urlpatterns = [
    re_path(r"^classes/$", api.classes, name="class-list"),
    re_path(rf"^classes/{ID % 'class_id'}/$", api.class_detail, name="class-detail"),
    re_path(rf"^classes/{ID % 'class_id'}/report/$", api.class_report, name="class-report"),
    re_path(
        rf"^classes/{ID % 'class_id'}/practice-deck/$", api.practice_deck, name="class-practice"
    ),
    re_path(rf"^games/{ID % 'game_id'}/report/$", api.game_report, name="game-report"),
]
