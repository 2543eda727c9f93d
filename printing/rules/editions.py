"""One-page rules summaries printed with each edition's kit: (title, [(heading, body), …])."""

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
                "nach oben. Ein Startspieler beginnt.",
            ),
            (
                "Tipps legen",
                "Reihum legt jeder eine Tippkarte unter einen ausgelegten Ort, bis "
                "jeder genau 3 Tipps gelegt hat. Neue Tipps kommen unter den untersten Tipp "
                "dieses Ortes. N/S/W/O: dieser Ort liegt am weitesten in der Richtung. "
                "M: dieser Ort liegt in keiner der vier Richtungen am weitesten außen. "
                "W/M ist eine Karte: entweder W oder M. "
                "Bei 2 Spielern dürfen beide nicht denselben Tipp legen.",
            ),
            (
                "Auswerten",
                "Ortskarten umdrehen. Falsche Tipps entfernen, richtige rücken nach "
                "oben. Reihe 1 bringt 3 Punkte, Reihe 2 zwei, Reihe 3 einen, darunter keinen. "
                "Bei Gleichstand ist ein Tipp auf jeden der gleichauf liegenden Orte richtig.",
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
                "2–4 players. Lay out players + 1 place cards, front up. Choose a starting player.",
            ),
            (
                "Playing tips",
                "In turn, each player places one tip card under a laid-out place "
                "until everyone has placed exactly 3. A new tip goes below the lowest tip of that "
                "place. N/S/W/E: this place lies furthest in that direction. M: this place is not "
                "the furthest in any of the four directions. W/M is one card: either W or M. "
                "With 2 players, both may not place the same tip.",
            ),
            (
                "Scoring",
                "Turn the place cards over. Remove wrong tips; correct tips move up. "
                "Row 1 scores 3 points, row 2 two, row 3 one, below that none. On a tie, a tip on "
                "any of the tied places is correct.",
            ),
            (
                "End",
                "After 6 rounds (2–3 players) or 8 rounds (4 players). Most points wins; "
                "ties share the win.",
            ),
        ],
    ),
    ("world", "de"): (
        "Spot On: Die Welt – Kurzregeln",
        [
            (
                "Material",
                "Sechs Kontinent-Tafeln mit Spalten W/M/O, Zeilen N/M/S und Feldern "
                "A–D, Ortskarten in Gelb, Orange und Grün, je Spieler eine Tippkarte, "
                "4 Tippsteine, eine Spielfigur und 2 Tauschplättchen, die Wertungstafel.",
            ),
            (
                "Eine Runde",
                "So viele Ortskarten auslegen, wie Spieler mitspielen. Wer am "
                "weitesten zurückliegt, wählt zuerst. Wer will, tauscht mit einem Tauschplättchen "
                "(höchstens zweimal im Spiel). Dann legen alle gleichzeitig 1–4 Steine in "
                "Reihenfolge: Tafel, dann Spalte, dann Zeile, dann Feld.",
            ),
            (
                "Auswerten",
                "Karte umdrehen. Sind alle Steine richtig, zieht die Figur ein Feld "
                "pro Stein, besetzte Felder werden übersprungen. Ist ein Stein falsch, bleibt sie "
                "stehen. Gelbe Karten behält man mit 4, orange mit 3, grüne mit 2 richtigen "
                "Steinen. Bei mehreren Lösungen zählt jede.",
            ),
            (
                "Ende",
                "Erreicht eine Figur die dunkelblauen Zielfelder, wird die Runde beendet. "
                "Farbbonus: Wer die meisten Karten einer Farbe hat, zieht 5 Felder (bei "
                "Gleichstand je 2). Wer dann vorne liegt, gewinnt.",
            ),
        ],
    ),
    ("world", "en"): (
        "Spot On: The World – rules summary",
        [
            (
                "Components",
                "Six continent boards with columns W/M/O, rows N/M/S and rectangles "
                "A–D, place cards in yellow, orange and green, per player a guess card, 4 guess "
                "stones, a pawn and 2 exchange tokens, the scoring track.",
            ),
            (
                "A round",
                "Lay out as many place cards as there are players. Whoever is furthest "
                "behind chooses first. Anyone may exchange their card with a token (at most twice "
                "per game). Then everyone places 1–4 stones at once, in order: board, then column, "
                "then row, then rectangle.",
            ),
            (
                "Scoring",
                "Turn the card over. If all stones are correct, the pawn moves one space "
                "per stone, skipping occupied spaces. If any stone is wrong, it stays. Keep a "
                "yellow card with 4, orange with 3, green with 2 correct stones. With several "
                "solutions, any of them counts.",
            ),
            (
                "End",
                "When a pawn reaches the dark-blue final spaces, finish the round. Colour "
                "bonus: most cards of a colour moves 5 spaces (2 each on a tie). The pawn furthest "
                "ahead wins.",
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
