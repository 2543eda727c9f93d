from __future__ import annotations

from django.urls import re_path

from lessons import views

app_name = "lessons"
# Mounted under /play/ beside the report's other downloads.
urlpatterns = [
    re_path(r"^report/(?P<code>[A-Za-z0-9]{1,16})/report\.pdf$", views.game_pdf, name="game_pdf"),
    re_path(r"^classes/(?P<class_id>[0-9]{1,18})/report\.pdf$", views.class_pdf, name="class_pdf"),
]
