"""The rules sheet of Spot the Match, the island games (``rules/match.md``), German and English."""

from __future__ import annotations

RULES: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "de": (
        "Spot the Match: Die Insel – Spielregeln",
        [
            (
                "Material",
                "73 runde Symbolkarten – je zwei Karten haben genau ein Symbol gemeinsam: 19 "
                "Inselkarten, 6 Hafenkarten und 48 Teamkarten (je 16 in Blau, Orange und Rot). "
                "Dazu je Team eine Punktescheibe (0–5 vorne, 6–10 hinten) und eine Büroklammer.",
            ),
            (
                "Die Insel",
                "Die 19 Inselkarten liegen als Sechseck in Reihen zu 3-4-5-4-3; Karten sind "
                "benachbart, wenn ihre Sechsecke eine Kante teilen. Die mittlere Karte ist das "
                "Zentrum. Die 6 Hafenkarten liegen gleichmäßig um die Küste, jede an zwei "
                "benachbarten Küstenkarten.",
            ),
            (
                "Teams und Karten",
                "2 oder 3 Teams aus 1 oder 2 Personen, möglichst gleich groß. Jedes Team nimmt "
                "seine 16 Teamkarten als verdeckten Stapel und seine Punktescheibe; ein Paar "
                "teilt seine Karten 8 und 8. Alle spielen gleichzeitig. Man deckt immer nur eine "
                "Karte auf und muss sie spielen, bevor man die nächste aufdeckt. Wer eine Karte "
                "spielt, nennt laut das Symbol, das sie mit der Zielkarte teilt, und legt sie "
                "sofort. Ungleiche Teams (eine Person gegen ein Paar) sind erlaubt: Die einzelne "
                "Person spielt nach den Regeln für fünf Personen (unten).",
            ),
            (
                "Punkte",
                "Die Büroklammer steckt am Rand der Punktescheibe auf dem Stand des Teams (bei 6 "
                "die Scheibe umdrehen). Hat nach einem Spiel (oder einer Ritter-Runde) ein Team "
                "10 Punkte oder mehr, endet die Partie: Es gewinnt das Team mit den meisten "
                "Punkten; bei Gleichstand gewinnen alle Gleichauf. Anfänger: ein Spiel "
                "wiederholen. Abenteuer: die Spiele 1 bis 5 der Reihe nach.",
            ),
            (
                "1 · Willkommen auf der Insel",
                "Die Inselkarten liegen aus. Eine beliebige Karte der Insel (egal welche oben "
                "liegt, egal welcher Farbe) mit der eigenen Karte zudecken. Sobald ein Team alle "
                "Karten gespielt hat, endet das Spiel: dieses Team bekommt 1 Punkt, das Team mit "
                "den meisten sichtbaren Karten auf der Insel 2 (Gleichstand: jedes dieser Teams "
                "2 – auch wenn das Beste 0 ist, in jedem Spiel).",
            ),
            (
                "2 · Häfen",
                "Insel und Häfen liegen aus. Die erste Karte muss aufs Zentrum; danach kommt "
                "jede Karte neben eine sichtbare eigene Karte oder auf eine von ihnen (Häfen "
                "werden nie zugedeckt). Ist keine eigene Karte mehr sichtbar, muss die nächste "
                "wieder aufs Zentrum. Ende wie Spiel 1: 1 Punkt; 2 Punkte für das Team, dessen "
                "sichtbare Karten an die meisten verschiedenen Häfen grenzen.",
            ),
            (
                "3 · Längste Straße",
                "Die Insel liegt aus. Vorher gibt jedes Team 6 seiner Karten, gleich verteilt an "
                "die anderen Teams, und mischt die erhaltenen in den eigenen Stapel. Spiel wie 1 "
                "(eine Karte fremder Farbe zählt, einmal gelegt, für ihre Farbe). Ende: 1 Punkt; "
                "2 Punkte für die größte zusammenhängende Gruppe sichtbarer Karten einer "
                "Teamfarbe.",
            ),
            (
                "4 · Barbaren",
                "Die Insel liegt aus; jedes Team deckt eine Teamkarte auf und behält sie. Ein "
                "Symbol finden, das die eigene Karte mit einer Inselkarte teilt: diese "
                "Inselkarte nehmen. Sind alle Inselkarten genommen, bekommt das Team mit den "
                "meisten 2 Punkte.",
            ),
            (
                "5 · Ritter",
                "Jedes Team legt seine oberste Karte offen in die Mitte. Ein Symbol finden, das "
                "die eigene Karte mit der Karte eines anderen Teams teilt: diese Karte "
                "einsammeln; dieses Team ist für die Runde draußen. Die Runde läuft, bis ein "
                "Team übrig ist; erst am Ende der Runde bekommt jedes Team 1 Punkt je "
                "eingesammelter Karte. Runden wiederholen, bis ein Team 10 Punkte hat. Ist der "
                "Stapel eines Teams aufgebraucht, mischt es seine 16 Teamkarten neu.",
            ),
            (
                "Fünf Personen",
                "Zwei Paare gegen eine einzelne Person. In den Spielen 1–3 hat die einzelne "
                "Person nur 8 Karten; in Spiel 3 gibt und bekommt sie je gegnerischem Team eine "
                "Karte, die Paare tauschen untereinander nur 3. Bei der Wertung zählen ihre "
                "sichtbaren Karten (1), Häfen (2), größte Gruppe (3) und eingesammelten Karten "
                "(4) doppelt. Spiel 5 bleibt gleich.",
            ),
            (
                "Ohne Tempo: reihum",
                "Wer nicht schnell sein kann oder will, spielt reihum: Die Teams sind der Reihe "
                "nach dran und nehmen sich so viel Zeit, wie sie brauchen. Nur das Team am Zug "
                "darf eine Karte beanspruchen; ein richtiges Symbol zählt wie beim Wettlauf, "
                "ein falsches gibt den Zug weiter (keine Sperre). Eine Zeitbegrenzung gibt es "
                "nur, wenn die Lehrkraft eine einstellt.",
            ),
        ],
    ),
    "en": (
        "Spot the Match: The Island – rules",
        [
            (
                "Components",
                "73 round symbol cards – any two share exactly one symbol: 19 island cards, 6 "
                "port cards and 48 team cards (16 each in blue, orange and red). Per team a "
                "score dial (0–5 on the front, 6–10 on the back) and a paper clip.",
            ),
            (
                "The island",
                "The 19 island cards form a hexagon in rows of 3-4-5-4-3; cards are adjacent "
                "when their hexes share an edge. The middle card is the centre. The 6 port cards "
                "lie evenly around the coast, each touching two neighbouring coastal cards.",
            ),
            (
                "Teams and cards",
                "2 or 3 teams of 1 or 2 players, preferably of the same size. Each team takes "
                "its 16 team cards as a face-down pile and its score dial; a pair splits its "
                "cards 8 and 8. Everybody plays at the same time. Turn up one card at a time and "
                "play it before turning up the next. To play a card, name aloud the symbol it "
                "shares with the target card and lay it at once. Uneven teams (a solo player "
                "against a pair) are allowed: the solo player plays by the five-player rules "
                "(below).",
            ),
            (
                "Scoring",
                "The paper clip sits on the rim of the score dial at the team's score (turn the "
                "dial over at 6). When a team has 10 points or more after a game (or a Knights "
                "round), the match ends: the team with most points wins; ties share the win. "
                "Beginner: "
                "repeat one game. Adventure: play games 1 to 5 in order.",
            ),
            (
                "1 · Welcome to the island",
                "The island cards are laid out. Cover any island card (whatever is on top, of "
                "any colour) with your card. The game ends as soon as a team has played all its "
                "cards: that team scores 1, the team with most visible cards on the island "
                "scores 2 (ties: each tied team scores 2 – also when the best is 0, in every "
                "game).",
            ),
            (
                "2 · Ports",
                "Island and ports are laid out. Your first card goes on the centre; after that "
                "each card goes next to one of your visible cards or on top of one of them "
                "(ports are never covered). If none of your cards is visible any more, your next "
                "card goes on the centre again. End as in game 1: 1 point; 2 points for the team "
                "whose visible cards touch the most different ports.",
            ),
            (
                "3 · Longest route",
                "The island is laid out. Before play each team gives 6 of its cards, shared "
                "evenly among the other teams, and shuffles the cards it receives into its pile. "
                "Play as in game 1 (a card of another colour, once played, counts for its "
                "colour). End: 1 point; 2 points for the largest group of adjacent visible cards "
                "of a team's colour.",
            ),
            (
                "4 · Barbarians",
                "The island is laid out; each team turns up a single team card and keeps it. "
                "Spot a symbol your card shares with an island card: take that island card. When "
                "all island cards are taken, the team with most scores 2.",
            ),
            (
                "5 · Knights",
                "Each team turns its top card up into the middle. Spot a symbol your card shares "
                "with another team's card: collect that card; its team is out for this round. "
                "The round goes on until one team is left; only at the end of the round does "
                "each team score 1 per card collected. Repeat rounds until a team has 10 points. "
                "When a team's pile runs out, it shuffles its 16 team cards into a new pile.",
            ),
            (
                "Five players",
                "Two pairs against one solo player. In games 1–3 the solo player holds only 8 "
                "cards; in game 3 the solo player gives and receives one card per opposing team, "
                "and the pairs exchange only 3 cards with each other. For scoring, the solo "
                "player's visible cards (1), ports (2), largest group (3) and collected cards "
                "(4) count double. Game 5 is unchanged.",
            ),
            (
                "No speed needed: turns in order",
                "For players who cannot or do not want to race, play in turns: the teams take "
                "turns in order and take as long as they need. Only the team whose turn it is "
                "may claim a card; a right symbol scores as in the race, a wrong one passes the "
                "turn (no lock). There is no time limit unless the teacher sets one.",
            ),
        ],
    ),
}


def sheet(language: str) -> tuple[str, list[tuple[str, str]]]:
    return RULES["de" if language == "de" else "en"]
