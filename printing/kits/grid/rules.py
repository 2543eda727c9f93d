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
                "weitesten zurückliegt, wählt zuerst eine Karte; Figuren im Startbereich kommen "
                "vor allen anderen und untereinander (so auch in Runde 1) im Uhrzeigersinn, "
                "beginnend beim jüngsten Spieler. In derselben Reihenfolge entscheidet dann jeder, "
                "ob er tauscht: Wer ein Tauschplättchen abgibt (höchstens zweimal im Spiel), legt "
                "seine Karte beiseite und nimmt die oberste Karte des Stapels. Dann legen alle "
                "gleichzeitig 1–4 Steine in Reihenfolge: Tafel, dann Spalte, dann Zeile, dann "
                "Feld.",
            ),
            (
                "Auswerten",
                "Karte umdrehen. Sind alle Steine richtig, zieht die Figur ein Feld "
                "pro Stein, besetzte Felder werden übersprungen; der erste Schritt aus dem "
                "Startbereich führt auf das Pfeilfeld. Ist ein Stein falsch, bleibt sie stehen. "
                "Gelbe Karten behält man mit mindestens 4, orange mit mindestens 3, grüne mit "
                "mindestens 2 richtigen Steinen (nur, wenn kein Stein falsch ist). Bei mehreren "
                "Lösungen zählt jede.",
            ),
            (
                "Ende",
                "Erreicht eine Figur die dunkelblauen Zielfelder, wird die Runde zu Ende "
                "gespielt. Längeres Spiel (ab 3 Spielern): erst, wenn eine Figur das Zielfeld "
                "mit der Nummer der Spielerzahl erreicht oder überschreitet. Farbbonus in der "
                "Reihenfolge Gelb, Orange, Grün: Wer die meisten Karten einer Farbe hat, zieht "
                "5 Felder; bei Gleichstand zieht jeder Gleichauf 2, wer weiter zurückliegt "
                "zuerst. Wer dann vorne liegt, gewinnt.",
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
                "behind chooses a card first; pawns in the start area come before all others "
                "and, among themselves (so also in round 1), clockwise from the youngest player. "
                "In the same order each player then decides whether to exchange: handing in an "
                "exchange token (at most twice per game), they put their card aside and take the "
                "top card of the stack. Then everyone places 1–4 stones at once, in order: board, "
                "then column, then row, then rectangle.",
            ),
            (
                "Scoring",
                "Turn the card over. If all stones are correct, the pawn moves one space "
                "per stone, skipping occupied spaces; the first step out of the start area goes "
                "to the arrow space. If any stone is wrong, it stays. Keep a yellow card with at "
                "least 4, orange with at least 3, green with at least 2 correct stones (only when "
                "no stone is wrong). With several solutions, any of them counts.",
            ),
            (
                "End",
                "When a pawn reaches the dark-blue final spaces, finish the round. Longer game "
                "(3 or more players): only when a pawn reaches or passes the final space numbered "
                "with the number of players. Colour bonus, yellow, then orange, then green: most "
                "cards of a colour moves 5 spaces; on a tie each tied player moves 2, furthest "
                "behind first. The pawn furthest ahead wins.",
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
