from __future__ import annotations

from django.urls import path

from printing import views, views_numbers

app_name = "printing"
urlpatterns = [
    path("", views.index, name="index"),
    path("numbers-kit.pdf", views_numbers.numbers_kit_pdf, name="numbers_kit"),
    path("<slug:slug>/", views.deck_page, name="deck"),
    path("<slug:slug>/deck.pdf", views.deck_pdf, name="pdf"),
    path("<slug:slug>/faces.zip", views.deck_png_zip, name="png_zip"),
    path("<slug:slug>/preview.png", views.deck_preview, name="preview"),
]
