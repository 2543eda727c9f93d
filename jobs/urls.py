from __future__ import annotations

from django.urls import path

from jobs import views

app_name = "jobs"
urlpatterns = [
    path("", views.index, name="index"),
    path("<uuid:job_id>/", views.detail, name="detail"),
    path("<uuid:job_id>/cancel/", views.cancel, name="cancel"),
    path("<uuid:job_id>/download/", views.download, name="download"),
]
