"""A small named cast of cards, as plain data (no database)."""

from __future__ import annotations

from printing.core.data import CardData, edition_mark

LUDWIGSHAFEN = CardData(
    "germany",
    1,
    "Ludwigshafen am Rhein",
    state="Rheinland-Pfalz",
    description="Industriestadt am Rhein gegenüber von Mannheim; Sitz der BASF, des größten "
    "Chemieunternehmens der Welt, mit Hafen, Hochhäusern und einer langen Geschichte als "
    "Arbeiterstadt zwischen Pfälzerwald und Odenwald, die hier absichtlich viel zu lang ist.",
    population=111407,
    ns=117,
    we=28,
    edition_mark=edition_mark("germany", "de", "Test", 1),
)
HEPPENHEIM = CardData(
    "germany",
    2,
    "Heppenheim (Bergstraße)",
    state="Hessen",
    description="Kreisstadt.",
    population=26023,
    ns=114,
    we=31,
    edition_mark=edition_mark("germany", "de", "Test", 2),
)
SAO_PAULO = CardData(
    "world",
    3,
    "São Paulo",
    colour="orange",
    board="SA",
    board_name="Südamerika",
    board_colour="#2e8b3a",
    solutions=("SA-O-S-A", "SA-O-M-C"),
    solution_texts=("Südamerika, Osten, Süden, Feld A", "Südamerika, Osten, Mitte, Feld C"),
    edition_mark=edition_mark("world", "de", "Test", 3),
)
ENGLISH_TOWN = CardData(
    "germany",
    4,
    "Ibbenbüren",
    language="en",
    state="North Rhine-Westphalia",
    description="Former coal-mining town.",
    population=111407,
    ns=40,
    we=19,
)
