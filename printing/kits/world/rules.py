"""The rules sheet of Spot On: The World (``rules/world.md``), German and English:
(title, [(heading, body), …])."""

from __future__ import annotations

RULES: dict[tuple[str, str], tuple[str, list[tuple[str, str]]]] = {
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


def sheet(language: str) -> tuple[str, list[tuple[str, str]]]:
    return RULES[("world", "de" if language == "de" else "en")]
