from __future__ import annotations

from django.urls import path, re_path

from play.reports import views

app_name = "reports"
ID = r"(?P<class_id>[0-9]{1,18})"

# Mounted under /play/ before the shells' catch-all device URLs (/play/<code>/).
urlpatterns = [
    path("classes/", views.class_list, name="classes"),
    re_path(rf"^classes/{ID}/$", views.class_page, name="class"),
    re_path(rf"^classes/{ID}/delete/$", views.class_delete, name="class_delete"),
    re_path(rf"^classes/{ID}/practice/$", views.class_practice, name="class_practice"),
    re_path(rf"^classes/{ID}/report\.(?P<kind>csv|xlsx)$", views.class_export, name="class_export"),
    path("report/<str:code>/", views.game_page, name="game"),
    path("homework/<str:code>/report/", views.homework_page, name="homework"),
    re_path(
        r"^report/(?P<code>[A-Za-z0-9]{1,16})/report\.(?P<kind>csv|xlsx)$",
        views.game_export,
        name="game_export",
    ),
]
