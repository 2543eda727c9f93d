from __future__ import annotations

app_name = "printing"
urlpatterns: list = []
