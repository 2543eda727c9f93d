from __future__ import annotations

app_name = "play"
urlpatterns: list = []
