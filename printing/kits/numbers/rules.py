"""The rules sheet of Spot On: Numbers (``rules/numbers.md``), German and English."""

from __future__ import annotations

RULES: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "de": (
        "Spot On: Zahlen – Kurzregeln",
        [
            (
                "Worum es geht",
                "Alle spielen zusammen: Dreistellige Zielzahlen werden mit einem laufenden Stand "
                "genau erreicht, eine Karte nach der anderen, mit + − × ÷ – ohne über die "
                "eigenen Karten zu sprechen. 2–4 Spieler. Ass 1, 2–10 ihr Wert, Bube 11, Dame "
                "12, König 13; ein Joker ist jeder Wert von 1 bis 13 (wer ihn spielt, sagt "
                "welchen).",
            ),
            (
                "Stufen",
                "Leicht: 52 Karten, 4 Ziele, Zeichen erlaubt. Normal: + 1 Joker (3–4 Spieler: "
                "2), 5 Ziele, Zeichen erlaubt. Schwer: kein Joker (3–4 Spieler: 1), 5 Ziele, "
                "keine Zeichen. Experte: 2 Joker, 6 Ziele, keine Zeichen. Für das erste Spiel: "
                "Normal.",
            ),
            (
                "Aufbau",
                "Mischen; zu zweit je 5 Karten, zu dritt oder viert je 4. Der Rest ist der "
                "verdeckte Stapel, daneben ein offener Ablagestapel. Der Zielbogen zeigt allen "
                "Ziel und Stand. Die jüngste Person beginnt, dann im Uhrzeigersinn.",
            ),
            (
                "Ziel aufdecken",
                "Wer am Zug ist, deckt drei Karten vom Stapel auf, eine je Ziffer. Hunderter: "
                "Ass–9 gelten 1–9; 10, Bild oder Joker kommt unter den Stapel, die nächste wird "
                "aufgedeckt. Zehner und Einer: Ass–9 gelten 1–9, 10 oder Bild gilt 0, ein Joker "
                "kommt unter den Stapel. Der Stand beginnt bei 0, dieselbe Person beginnt.",
            ),
            (
                "Ein Zug",
                "Eine Karte anlegen, mit + − × ÷ verrechnen und das Ergebnis laut sagen (nur "
                "ganze Zahlen, nie unter 0: teilen nur ohne Rest, abziehen nur bis 0; die erste "
                "Karte eines Ziels wird zu 0 addiert; nach oben keine Grenze) – oder passen: "
                "eine Karte offen abwerfen, der Stand bleibt. Dann auf die volle Hand nachziehen "
                "(vom leeren Stapel nichts). Wer keine Karten mehr hat, wird übersprungen.",
            ),
            (
                "Treffer",
                "Ist der Stand gleich dem Ziel, ist es getroffen: Kette und Zielkarten kommen "
                "auf den Ablagestapel, die Hände bleiben. Wer getroffen hat, zieht am Ende "
                "dieses Zuges nach; erst dann deckt die Person links davon ein neues Ziel auf "
                "und beginnt bei 0.",
            ),
            (
                "Schweigen und Zeichen",
                "Niemand verrät etwas über die eigenen Karten (kein „ich habe eine 4“, kein „hör "
                "bei 87 auf“). Erlaubt sind: die eigene Rechnung laut sagen, Rechnungen prüfen, "
                "über Regeln, Zug, Ziel und Stapelgröße reden. Einmal je Ziel darf jede Person "
                "zu Beginn ihres Zuges, vor dem Anlegen oder Passen, eine Karte offen vor sich "
                "legen. Sie bleibt Teil der Hand; fürs Zeigen wird nicht nachgezogen. Bei einem "
                "Treffer kommen gezeigte Karten zurück in die Hand und dürfen für das nächste "
                "Ziel wieder gezeigt werden. Stufen ohne Zeichen verbieten das Zeigen.",
            ),
            (
                "Gewinnen und verlieren",
                "Gewonnen, sobald die Zahl der Ziele der Stufe getroffen ist. Verloren, wenn der "
                "Stapel beim Aufdecken eines Ziels ausgeht – auch wenn man einmal durch den "
                "ganzen Stapel geht, ohne eine Karte für die Ziffer zu finden – oder wenn alle "
                "Hände leer sind und das Ziel nicht getroffen ist. Addieren geht immer: niemand "
                "steckt fest.",
            ),
            (
                "Varianten",
                "Offene Hände (zum Lernen, weiter ohne Reden); Endlos (keine Zielzahl, bis der "
                "Stapel leer ist; es zählen die getroffenen Ziele); kleine Zahlen (zweistellige "
                "Ziele: Zehner wie sonst die Hunderter, also Ass–9, eine andere Karte kommt "
                "unter den Stapel; Einer wie sonst; nur + und −).",
            ),
        ],
    ),
    "en": (
        "Spot On: Numbers – rules summary",
        [
            (
                "The idea",
                "Everyone plays together: reach three-digit targets exactly with a running "
                "total, one card at a time, with + − × ÷ – without talking about your cards. 2–4 "
                "players. Ace 1, 2–10 their number, Jack 11, Queen 12, King 13; a joker is any "
                "value from 1 to 13 (whoever plays it names the value).",
            ),
            (
                "Levels",
                "Easy: 52 cards, 4 targets, signals allowed. Normal: + 1 joker (3–4 players: 2), "
                "5 targets, signals allowed. Hard: no joker (3–4 players: 1), 5 targets, no "
                "signals. Expert: 2 jokers, 6 targets, no signals. For a first game: Normal.",
            ),
            (
                "Set-up",
                "Shuffle; deal 5 cards each with 2 players, 4 each with 3 or 4. The rest is the "
                "face-down stock, with a face-up discard pile beside it. The sheet shows target "
                "and total to everyone. The youngest player starts; play goes clockwise.",
            ),
            (
                "Turning up a target",
                "The player whose turn it is turns up three cards from the stock, one per digit. "
                "Hundreds: Ace–9 give 1–9; a 10, face card or joker goes under the stock and the "
                "next card is turned. Tens and units: Ace–9 give 1–9, a 10 or face card gives 0, "
                "a joker goes under the stock. The total starts at 0 and the same player begins.",
            ),
            (
                "A turn",
                "Play a card, calculate with + − × ÷ and say the result aloud (whole numbers "
                "only, never below 0: divide only without remainder, subtract only down to 0; "
                "the first card for a target is added to 0; no upper limit) – or pass: discard a "
                "card face up, the total stays. Then draw back to a full hand (nothing from an "
                "empty stock). A player with no cards left is skipped.",
            ),
            (
                "Hitting a target",
                "When the total equals the target, it is hit: chain and target cards go to the "
                "discard pile, hands stay. The player who hit it draws at the end of that turn; "
                "only then does the next player clockwise turn up a new target and begin it from "
                "0.",
            ),
            (
                "Silence and the signal",
                "Nobody tells anything about their own cards (no “I have a 4”, no “stop at 87”). "
                "Allowed: saying your calculation aloud, checking arithmetic, talking about "
                "rules, turn, target and stock size. Once per target, at the start of their turn "
                "and before playing or passing, each player may show one card by laying it face "
                "up in front of them. It stays part of the hand; showing draws nothing. When the "
                "target is hit, shown cards go back into the hand and may be shown again for the "
                "next target. Levels without signals forbid showing.",
            ),
            (
                "Winning and losing",
                "Win as soon as the level's number of targets is hit. Lose when the stock runs "
                "out while a target is turned up – also after going once through the whole stock "
                "without finding a card for the digit – or when every hand is empty and the "
                "target is not hit. Any card can always be added: nobody is ever stuck.",
            ),
            (
                "Variants",
                "Open hands (for learning, still no talking); endless (no target count, play "
                "until the stock is empty, score the targets hit); small numbers (two-digit "
                "targets: the tens as the hundreds otherwise, so Ace–9, any other card goes "
                "under the stock; the units as usual; only + and −).",
            ),
        ],
    ),
}


def sheet(language: str) -> tuple[str, list[tuple[str, str]]]:
    return RULES["de" if language == "de" else "en"]
