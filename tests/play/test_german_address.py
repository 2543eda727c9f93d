"""A team's device is a group of pupils: the German screens say "ihr" ("Ihr seid dran"), never
"du" beside it on the same screen, in the core and in every edition."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.conf import settings
from django.utils import translation

PLAY = Path(settings.BASE_DIR) / "play"
CATALOGUES = sorted(PLAY.glob("**/locale/de/LC_MESSAGES/django.po"))
# "du" and its forms, and the singular imperatives the catalogues used to have.
SINGULAR = re.compile(
    r"\b(du|dein\w*|dich|dir|bist|hast|Wähle|Tippe|Lege|Stell|Würfle|Sag|Schau|warte|Feuere|"
    r"Decke|Behalte|nimm|Finde|sammle)\b",
    re.IGNORECASE,
)


def translations(path: Path) -> list[tuple[str, str]]:
    """(msgid, msgstr) of every entry; plural forms each as its own msgstr."""
    entries, key, field = [], None, None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith(("msgid ", "msgstr")):
            field = line.split(" ", 1)[0]
            text = ast.literal_eval(line.split(" ", 1)[1])
            if field == "msgid":
                key = text
            else:
                entries.append([key, text])
        elif line.startswith('"') and field:
            text = ast.literal_eval(line)
            if field == "msgid":
                key += text
            elif field != "msgid_plural":
                entries[-1][1] += text
        elif not line.strip():
            field = None
    return [(msgid, msgstr) for msgid, msgstr in entries if msgid]


def test_every_edition_has_a_german_catalogue():
    assert {p.parts[-5] for p in CATALOGUES} >= {"play", "dice", "germany", "match", "numbers"}


def test_the_german_play_screens_address_a_team_as_ihr():
    singular = [
        (path.relative_to(PLAY).as_posix(), msgid, msgstr)
        for path in CATALOGUES
        for msgid, msgstr in translations(path)
        if SINGULAR.search(msgstr)
    ]
    assert singular == []


def test_whose_turn_it_is_reads_the_same_in_every_edition():
    with translation.override("de"):
        assert translation.gettext("Your turn") == "Ihr seid dran"
        assert translation.gettext("Your turn! Choose a place card.").startswith("Ihr seid dran!")
        assert translation.gettext("Your turn! Choose a tip card, then the place.").startswith(
            "Ihr seid dran!"
        )
