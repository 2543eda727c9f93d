from __future__ import annotations

from django.urls import path

from printing import rules_page, views

app_name = "printing"
urlpatterns = [
    path("", views.index, name="index"),
    # Kits that need no deck (Numbers, the dice game).
    path("kits/<slug:kit>/", views.page, name="kit_page"),
    path("kits/<slug:kit>/kit.pdf", views.pdf, name="kit_pdf"),
    path("kits/<slug:kit>/faces.zip", views.png_zip, name="kit_png_zip"),
    path("kits/<slug:kit>/preview.png", views.preview, name="kit_preview"),
    path("kits/<slug:kit>/jobs/<slug:kind>/", views.start_job, name="kit_job"),
    # Every kit's rules sheet as an accessible page (the PDF's text, with real headings).
    path("rules/<slug:game>/", rules_page.rules_page, name="rules"),
    # A deck, printed with its edition's kit (match decks included).
    path("<slug:slug>/", views.page, name="deck"),
    path("<slug:slug>/deck.pdf", views.pdf, name="pdf"),
    path("<slug:slug>/faces.zip", views.png_zip, name="png_zip"),
    path("<slug:slug>/preview.png", views.preview, name="preview"),
    path("<slug:slug>/jobs/<slug:kind>/", views.start_job, name="job"),
]
