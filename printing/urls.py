from __future__ import annotations

from django.urls import path

from printing import match_views, views, views_dice, views_numbers

app_name = "printing"
urlpatterns = [
    path("", views.index, name="index"),
    path("numbers-kit.pdf", views_numbers.numbers_kit_pdf, name="numbers_kit"),
    path("games/dice.pdf", views_dice.dice_kit, name="dice_kit"),
    path("<slug:slug>/", views.deck_page, name="deck"),
    path("<slug:slug>/deck.pdf", views.deck_pdf, name="pdf"),
    path("<slug:slug>/faces.zip", views.deck_png_zip, name="png_zip"),
    path("<slug:slug>/preview.png", views.deck_preview, name="preview"),
    # Match decks: round cards with their own options.
    path("<slug:slug>/round/", match_views.round_page, name="match"),
    path("<slug:slug>/round.pdf", match_views.round_pdf, name="match_pdf"),
    path("<slug:slug>/round.zip", match_views.round_png_zip, name="match_png_zip"),
    path("<slug:slug>/round.png", match_views.round_preview, name="match_preview"),
]
