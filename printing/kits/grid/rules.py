"""The rules sheet of Spot On: Germany (``rules/germany.md``) and of a grid edition of any
country, German and English: (title, [(heading, body), …])."""

from __future__ import annotations

RULES: dict[tuple[str, str], tuple[str, list[tuple[str, str]]]] = {
    ("germany", "de"): (
        "Spot On: Deutschland – Kurzregeln",
        [
            (
                "Material",
                "Ortskarten (vorne der Name, hinten Bundesland, Beschreibung, Einwohner, "
                "die Nord-Süd-Zahl im schwarzen und die West-Ost-Zahl im weißen Fleck), Karte mit "
                "Gitter, je Spieler 6 Tippkarten einer Farbe (N, S, W/M, O, die meisten, die "
                "wenigsten Einwohner), Papier und Stift.",
            ),
            (
                "Aufbau",
                "2–4 Spieler. Spieleranzahl + 1 Ortskarten offen auslegen, Vorderseite "
                "nach oben. Ein Startspieler beginnt; in jeder weiteren Runde beginnt der linke "
                "Nachbar des vorigen Startspielers.",
            ),
            (
                "Tipps legen",
                "Reihum legt jeder eine Tippkarte unter einen ausgelegten Ort, bis "
                "jeder genau 3 Tipps gelegt hat. Neue Tipps kommen unter den untersten Tipp "
                "dieses Ortes. N/S/W/O: dieser Ort liegt am weitesten in der Richtung. "
                "M: dieser Ort liegt in keiner der vier Richtungen am weitesten außen. "
                "W/M ist eine Karte: entweder W oder M. "
                "Bei 2 Spielern dürfen beide nicht denselben Tipp legen; W und M gelten dabei "
                "als verschiedene Tipps.",
            ),
            (
                "Auswerten",
                "Ortskarten umdrehen. Falsche Tipps entfernen, richtige rücken nach "
                "oben. Reihe 1 bringt 3 Punkte, Reihe 2 zwei, Reihe 3 einen, darunter keinen. "
                "Bei Gleichstand ist ein Tipp auf jeden der gleichauf liegenden Orte richtig. "
                "Die Orte der Runde scheiden danach aus dem Spiel aus; sie kommen nicht wieder.",
            ),
            (
                "Variante: verdeckte Tipps",
                "Bei 3 oder 4 Spielern können die Tipps verdeckt gelegt werden; sie werden erst "
                "umgedreht, wenn alle ihre 3 Tipps gelegt haben.",
            ),
            (
                "Ende",
                "Nach 6 Runden (2–3 Spieler) oder 8 Runden (4 Spieler). Die meisten "
                "Punkte gewinnen; bei Gleichstand gewinnen alle Gleichauf.",
            ),
        ],
    ),
    ("germany", "en"): (
        "Spot On: Germany – rules summary",
        [
            (
                "Components",
                "Place cards (front: name; back: state, description, inhabitants, "
                "the north–south number in the black blob and the west–east number in the white "
                "blob), the gridded map, 6 tip cards per player (N, S, W/M, E, most, fewest "
                "inhabitants), paper and pencil.",
            ),
            (
                "Set-up",
                "2–4 players. Lay out players + 1 place cards, front up. Choose a starting "
                "player; each further round, the player to the left of the last starting player "
                "begins.",
            ),
            (
                "Playing tips",
                "In turn, each player places one tip card under a laid-out place "
                "until everyone has placed exactly 3. A new tip goes below the lowest tip of that "
                "place. N/S/W/E: this place lies furthest in that direction. M: this place is not "
                "the furthest in any of the four directions. W/M is one card: either W or M. "
                "With 2 players, both may not place the same tip; W and M count as different "
                "tips here.",
            ),
            (
                "Scoring",
                "Turn the place cards over. Remove wrong tips; correct tips move up. "
                "Row 1 scores 3 points, row 2 two, row 3 one, below that none. On a tie, a tip on "
                "any of the tied places is correct. The round's places then leave the game; they "
                "never come back.",
            ),
            (
                "Variant: face-down tips",
                "With 3 or 4 players the tips may be placed face down; they are turned over only "
                "when everyone has placed their 3 tips.",
            ),
            (
                "End",
                "After 6 rounds (2–3 players) or 8 rounds (4 players). Most points wins; "
                "ties share the win.",
            ),
        ],
    ),
}


def grid_rules(language: str, name: str) -> tuple[str, list[tuple[str, str]]]:
    """Germany's rules for a grid edition of any country: its name in the title and the
    card back's region instead of the German state."""
    language = "de" if language == "de" else "en"
    title, sections = RULES[("germany", language)]
    germany, state, region = (
        ("Deutschland", "hinten Bundesland", "hinten Region")
        if language == "de"
        else ("Germany", "back: state", "back: region")
    )
    return (
        title.replace(germany, name),
        [(heading, body.replace(state, region)) for heading, body in sections],
    )


def sheet(language: str, edition_name: str = "") -> tuple[str, list[tuple[str, str]]]:
    """(title, sections) of Germany's rules, or of a grid edition's (``edition_name``)."""
    if edition_name:
        return grid_rules(language, edition_name)
    return RULES[("germany", "de" if language == "de" else "en")]
