"""The rules sheet of Spot On (Knizia 1995), German and English, for each card mix.

The same decisions as the play edition's rules module (numbered there); keep the two in step.
``{set}`` in a text is the size of a set of one value in the chosen mix (three, or four with
"fours"), ``{material}`` the mix's cards.
"""

from __future__ import annotations

from cards.games.dice import DICE_MIXES, DICE_STALL_TURNS, dice_set_size

MATERIAL = {
    ("de", "standard"): "36 Spielkarten aus zwei Kartenspielen: von jedem Wert 2 bis 9 drei "
    "schwarze Karten (♠ ♣ aus Spiel 1, ♠ aus Spiel 2; 24 Karten) und die 12 roten Bildkarten "
    "(Bube, Dame, König in Herz und Karo aus beiden Spielen).",
    ("de", "fours"): "36 Spielkarten aus zwei Kartenspielen (Variante „Vierer“): von jedem Wert "
    "4 bis 9 alle vier schwarzen Karten (♠ ♣ aus beiden Spielen; 24 Karten) und die 12 roten "
    "Bildkarten (Bube, Dame, König in Herz und Karo aus beiden Spielen).",
    ("en", "standard"): "36 playing cards from two standard decks: three black cards of each "
    "value 2 to 9 (♠ ♣ from deck 1, ♠ from deck 2; 24 cards) and the 12 red court cards (jack, "
    "queen, king of hearts and diamonds from both decks).",
    ("en", "fours"): "36 playing cards from two standard decks (variant “fours”): all four "
    "black cards of each value 4 to 9 (♠ ♣ from both decks; 24 cards) and the 12 red court "
    "cards (jack, queen, king of hearts and diamonds from both decks).",
}
SET_WORDS = {"de": {3: "drei", 4: "vier"}, "en": {3: "three", 4: "four"}}
# What the mix takes instead of the summary's "black 3 to 9" (33 cards, too few for 6 × 6).
VALUES = {
    ("de", "standard"): "wir nehmen 2 bis 9",
    ("de", "fours"): "die Variante „Vierer“ nimmt alle vier schwarzen Karten der Werte 4 bis 9",
    ("en", "standard"): "we use 2 to 9",
    ("en", "fours"): "the “fours” variant takes all four black cards of the values 4 to 9",
}


def sheet(language: str, mix: str = "standard") -> tuple[str, list[tuple[str, str]]]:
    """(title, sections) of the rules for ``mix`` in ``language``."""
    if mix not in DICE_MIXES:
        raise ValueError(f"mix must be one of {', '.join(DICE_MIXES)}, not {mix!r}")
    language = "de" if language == "de" else "en"
    title, sections = RULES[language]
    words = {
        "set": SET_WORDS[language][dice_set_size(mix)],
        "material": MATERIAL[language, mix],
        "each": DICE_STALL_TURNS // 2,
        "values": VALUES[language, mix],
    }
    return title, [(h, b.format(**words)) for h, b in sections]


RULES: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "de": (
        "Spot On (Reiner Knizia, 1995) – Spielregel",
        [
            (
                "Material",
                "{material} Ein Würfel. Je Spieler eine Spielfigur und 12 Marker seiner Farbe "
                "mit einem Punkt auf einer Seite.",
            ),
            (
                "Aufbau",
                "Die 36 Karten mischen und offen in einem Raster aus 6 × 6 Karten auslegen. Die "
                "Spieler wechseln sich ab.",
            ),
            (
                "Ein Zug",
                "1. Die Figur an ein Ende einer Reihe oder Spalte stellen (24 Plätze). Sie "
                "bleibt dort bis zum Ende des Zuges. Eine Reihe ohne Karten oder eine, in der "
                "jede Karte schon einen eigenen Marker trägt, darf nicht gewählt werden. 2. "
                "Würfeln und so viele Karten abzählen, beginnend mit der Karte neben der Figur. "
                "Lücken werden übersprungen; über das Ende hinaus geht es am Anfang derselben "
                "Reihe weiter. 3. Einen Marker mit dem Punkt nach oben auf die erreichte Karte "
                "legen, auch auf einen gegnerischen Marker. 4. Danach nochmals würfeln (von der "
                "Figur aus neu zählen) oder aufhören. Der erste Wurf gehört zu jedem Zug.",
            ),
            (
                "Aufhören",
                "Alle Marker dieses Zuges umdrehen (Punkt nach unten). Gegnerische Marker "
                "darunter gehen an ihren Besitzer zurück. Jede Bildkarte mit einem Marker dieses "
                "Zuges nimmt man sich. Liegt nun auf allen Karten eines Wertes ein eigener "
                "Marker, nimmt man sich alle {set} Karten. Marker auf genommenen Karten gehen an "
                "ihre Besitzer zurück.",
            ),
            (
                "Pech",
                "Zeigt der Würfel auf eine Karte mit einem eigenen Marker – aus einem früheren "
                "Zug oder aus diesem –, kommen alle Marker dieses Zuges zurück und sonst ändert "
                "sich nichts. Der andere Spieler ist dran.",
            ),
            (
                "Keine Marker mehr",
                "Wer seinen letzten Marker legt, hört sofort auf. Wer einen Zug ohne Marker im "
                "Vorrat beginnt, nimmt zuerst alle eigenen Marker vom Raster zurück.",
            ),
            (
                "Ende und Wertung",
                "Das Spiel endet, sobald die letzte Bildkarte genommen ist. Jeder Satz aus {set} "
                "schwarzen Karten eines Wertes zählt diesen Wert (lauter Siebenen zählen 7). "
                "Bildkarten zählen je 1 Punkt, sieben oder mehr zusammen aber 12. Wer die "
                "meisten Punkte hat, gewinnt; bei Gleichstand gewinnen beide.",
            ),
            (
                "Stillstand",
                "Nimmt {each} Züge je Spieler hintereinander niemand eine Karte, endet das "
                "Spiel nach diesem Zug und wird gewertet, wie es steht (Marker auf dem Raster "
                "zählen nicht).",
            ),
            (
                "Unsere Entscheidungen",
                "Die veröffentlichte Kurzregel nennt die Werte 3 bis 9 (nur 33 Karten); "
                "{values}. Jeder Zug beginnt mit einem Wurf (so steht es in der "
                "Kurzregel). Offen lässt sie, ob eine Reihe gewählt werden darf, in der jede "
                "Karte schon einen eigenen Marker trägt, und was geschieht, wenn ein Zug ohne "
                "Marker im Vorrat beginnt – die Regeln oben legen es fest. Der Stillstand "
                "ist unsere Regel: Ohne sie können sich zwei Spieler auf den letzten Karten "
                "eines Wertes die Marker endlos gegenseitig schlagen.",
            ),
        ],
    ),
    "en": (
        "Spot On (Reiner Knizia, 1995) – rules",
        [
            (
                "Components",
                "{material} One die. Per player a pawn and 12 counters in the player's colour "
                "with a spot on one side.",
            ),
            (
                "Set-up",
                "Shuffle the 36 cards and lay them face up in a grid of 6 × 6 cards. The players "
                "take turns.",
            ),
            (
                "A turn",
                "1. Put your pawn at one end of a row or column (24 places). It stays there "
                "until the turn ends. You may not choose a line without cards, nor one in which "
                "every card already holds one of your counters. 2. Roll the die and count that "
                "many cards, starting with the card next to the pawn. Skip gaps; past the far "
                "end, go on from the start of the same line. 3. Put a counter spot up on the "
                "card reached, on top of an opponent's counter if there is one. 4. Then roll "
                "again (counting afresh from the pawn) or stop. The first roll is part of every "
                "turn.",
            ),
            (
                "Stopping",
                "Turn this turn's counters spot down. Opponent counters under them go back to "
                "their owner. Take every court card holding a counter from this turn. If you now "
                "have counters on all the cards of a value, take those {set} cards. Counters on "
                "taken cards go back to their owners.",
            ),
            (
                "Bust",
                "If the die reaches a card that holds one of your own counters – from an earlier "
                "turn or from this one – all counters placed this turn come back and nothing "
                "else changes. The other player's turn begins.",
            ),
            (
                "Out of counters",
                "Placing your last counter ends your turn as a stop. If you begin a turn with no "
                "counter in your supply, first take all of your counters back from the grid.",
            ),
            (
                "End and scoring",
                "The game ends as soon as the last court card is taken. Each set of {set} black "
                "cards of a value scores that value (the 7s score 7). Court cards score 1 each, "
                "but seven or more score 12 in all. Most points wins; a tie is shared.",
            ),
            (
                "Stalemate",
                "If {each} turns of each player go by in a row without anyone taking a card, "
                "the game ends after that turn and is scored as it stands (counters on the "
                "grid score nothing).",
            ),
            (
                "Our decisions",
                "The published summary names the values 3 to 9 (only 33 cards); {values}. "
                "Every turn begins with a roll (as the summary says). It leaves open whether a "
                "line in which every card holds one of your counters may be chosen, and what "
                "happens when a turn begins with no counter in supply: the rules above settle "
                "these. The stalemate is our rule: without it two players can capture each "
                "other's counters on the last cards of a value for ever.",
            ),
        ],
    ),
}
