"""The print kit of Numbers (the cooperative calculation game): a 54-card deck with large
indices for classes without playing cards, a target/total note sheet and the rules sheet.

The deck is its own small data here (printing does not import play): A–K in four suits and two
jokers. Card faces are drawn straight onto the imposed sheets of ``printing.imposition``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing import pagedraw
from printing.colours import colour
from printing.fonts import register_fonts
from printing.imposition import impose
from printing.pdf import Document
from printing.shaping import draw_string
from printing.sheets import MIN_MARGIN, SheetError, SheetSpec

WHATS = ("kit", "deck", "sheet", "rules")
SUITS = (("S", "♠", "#111111"), ("H", "♥", "#c8102e"), ("D", "♦", "#c8102e"), ("C", "♣", "#111111"))
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
BACK_COLOUR = "#12355b"


@dataclass(frozen=True)
class PlayingCard:
    rank: str  # "A", "2" … "10", "J", "Q", "K", or "" for a joker
    value: int  # 1–13; 0 for a joker
    symbol: str  # ♠ ♥ ♦ ♣, or "" for a joker
    ink: str

    @property
    def joker(self) -> bool:
        return self.value == 0


def deck() -> list[PlayingCard]:
    """The 54 cards: A–K of spades, hearts, diamonds and clubs, then two jokers."""
    cards = [
        PlayingCard(RANKS.get(value, str(value)), value, symbol, ink)
        for _suit, symbol, ink in SUITS
        for value in range(1, 14)
    ]
    return cards + [PlayingCard("", 0, "", "#6a1b9a")] * 2


def _fonts() -> tuple[str, str]:
    return register_fonts()


def _centred(c: Canvas, x: float, y: float, text: str, size: float, font: str) -> None:
    draw_string(c, x * mm, y * mm, text, font, size, "middle")


def _index(c: Canvas, card: PlayingCard, x: float, top: float, size: float) -> None:
    """A large corner index: the rank over the suit (x, top in mm from the card's bottom-left)."""
    _regular, bold = _fonts()
    rank = "★" if card.joker else card.rank
    narrow = 0.78 if len(rank) > 1 else 1.0  # "10" keeps the height of the others, nearly
    _centred(c, x, top - size * 0.75, rank, size * 2.83 * narrow, bold)
    if card.symbol:
        _centred(c, x, top - size * 1.65, card.symbol, size * 2.4, bold)


def draw_front(c: Canvas, card: PlayingCard, w: float, h: float, bleed: tuple) -> None:
    """One card face at the origin (mm), ``w``×``h`` trimmed, white into the bleed."""
    left, top, right, bottom = bleed
    c.setFillColor(colour("#ffffff"))
    c.rect(-left * mm, -bottom * mm, (w + left + right) * mm, (h + top + bottom) * mm, 0, 1)
    c.setStrokeColor(colour("#999999"))
    c.setLineWidth(0.4)
    c.roundRect(2.5 * mm, 2.5 * mm, (w - 5) * mm, (h - 5) * mm, 3 * mm, 1, 0)
    c.setFillColor(colour(card.ink))
    regular, bold = _fonts()
    index = w * 0.16  # mm: the rank's cap height is about this, so it reads across a table
    _index(c, card, 4 + index * 0.55, h - 4, index)
    c.saveState()
    c.translate(w * mm, h * mm)
    c.rotate(180)
    _index(c, card, 4 + index * 0.55, h - 4, index)
    c.restoreState()
    if card.joker:
        _centred(c, w / 2, h / 2 + 4, "JOKER", w * 0.42, bold)
        _centred(c, w / 2, h / 2 - 9, "1 – 13", w * 0.36, regular)
        return
    _centred(c, w / 2, h / 2 - w * 0.14, card.symbol, w * 1.25, bold)
    if card.rank in ("A", "J", "Q", "K"):
        _centred(c, w / 2, h * 0.22, f"= {card.value}", w * 0.38, bold)


def draw_back(c: Canvas, w: float, h: float, bleed: tuple) -> None:
    left, top, right, bottom = bleed
    c.setFillColor(colour(BACK_COLOUR))
    c.rect(-left * mm, -bottom * mm, (w + left + right) * mm, (h + top + bottom) * mm, 0, 1)
    regular, bold = _fonts()
    c.setFillColor(colour("#2b5a8a"))
    signs = "+−×÷"
    step = w / 5
    for row in range(int(h / step) + 1):
        for col in range(5):
            sign = signs[(row + col) % 4]
            _centred(c, step * (col + 0.5), step * (row + 0.3), sign, step * 1.6, bold)
    c.setFillColor(colour("#ffffff"))
    c.roundRect((w * 0.12) * mm, (h / 2 - 9) * mm, (w * 0.76) * mm, 18 * mm, 2 * mm, 0, 1)
    c.setFillColor(colour(BACK_COLOUR))
    _centred(c, w / 2, h / 2 + 1, "Spot On", w * 0.3, bold)
    _centred(c, w / 2, h / 2 - 6, "Numbers", w * 0.24, regular)


def add_deck(doc: Document, spec: SheetSpec) -> None:
    """The 54 cards imposed on sheets (fronts, and backs for duplex or fold layouts)."""
    cards = deck()
    w, h = spec.card
    c = doc.canvas
    for page in impose([True] * len(cards), spec):
        c.setPageSize((page.width * mm, page.height * mm))
        doc._boxes(page.height, page.trim_box, page.bleed_box)
        for slot in page.slots:
            t, b = slot.trim, slot.bleed
            bleed = (t.x - b.x, t.y - b.y, b.right - t.right, b.bottom - t.bottom)
            c.saveState()
            x, y = t.x * mm, (page.height - t.bottom) * mm
            if slot.rotate == 180:
                c.transform(-1, 0, 0, -1, x + w * mm, y + h * mm)
                bleed = (bleed[2], bleed[3], bleed[0], bleed[1])
            else:
                c.transform(1, 0, 0, 1, x, y)
            if slot.side == "front":
                draw_front(c, cards[slot.card], w, h, bleed)
            else:
                draw_back(c, w, h, bleed)
            c.restoreState()
        if page.marks:
            c.doForm(doc._marks_form(page))
        c.showPage()
        doc.pages += 1


SHEET_TEXT = {
    "de": {
        "title": "Spot On: Zahlen – Zielzettel",
        "hits": "Getroffene Ziele",
        "target": "Ziel",
        "chain": "Rechenkette (jede Karte: Rechnung und neuer Stand)",
        "level": "Stufe:  Leicht  ·  Normal  ·  Schwer  ·  Experte",
    },
    "en": {
        "title": "Spot On: Numbers – target sheet",
        "hits": "Targets hit",
        "target": "Target",
        "chain": "Chain (each card: the calculation and the new total)",
        "level": "Level:  Easy  ·  Normal  ·  Hard  ·  Expert",
    },
}


def add_note_sheet(doc: Document, language: str, paper: str) -> None:
    """A sheet for the target and the running total, one row per target."""
    text = SHEET_TEXT["de" if language == "de" else "en"]
    w, h = pagedraw.portrait(paper)

    def draw(c: Canvas, pw: float, ph: float) -> None:
        m = MIN_MARGIN + 8
        pagedraw.text(c, m, ph - m, text["title"], 16, bold=True)
        pagedraw.text(c, m, ph - m - 8, text["level"], 10)
        pagedraw.text(c, m, ph - m - 16, text["hits"], 11, bold=True)
        c.setStrokeColor(colour("#000000"))
        c.setLineWidth(0.6)
        for box in range(6):
            c.rect((m + 42 + box * 12) * mm, (ph - m - 19) * mm, 9 * mm, 9 * mm, 1, 0)
        top, rows, first = ph - m - 26, 8, 28
        row_h = (top - m) / rows
        pagedraw.text(c, m + 2, top - 5, text["target"], 10, bold=True)
        pagedraw.text(c, m + first + 2, top - 5, text["chain"], 10, bold=True)
        for row in range(rows):
            y = top - 7 - row * row_h
            c.rect(m * mm, (y - row_h + 7) * mm, (pw - 2 * m) * mm, (row_h - 7) * mm, 1, 0)
            c.line((m + first) * mm, (y - row_h + 7) * mm, (m + first) * mm, y * mm)
            c.setDash(1, 2)
            for line in range(1, 4):
                ly = y - line * (row_h - 7) / 4
                c.line((m + first + 2) * mm, ly * mm, (pw - m - 2) * mm, ly * mm)
            c.setDash()

    doc.add_page(w, h, draw)


RULES = {
    "de": (
        "Spot On: Zahlen – Kurzregeln",
        [
            ("Worum es geht", "Alle spielen zusammen: Dreistellige Zielzahlen werden mit einem "
             "laufenden Stand genau erreicht, eine Karte nach der anderen, mit + − × ÷ – ohne über "
             "die eigenen Karten zu sprechen. 2–4 Spieler. Ass 1, 2–10 ihr Wert, Bube 11, Dame 12, "
             "König 13; ein Joker ist jeder Wert von 1 bis 13."),
            ("Stufen", "Leicht: 52 Karten, 4 Ziele, Zeichen erlaubt. Normal: + 1 Joker (3–4 "
             "Spieler: 2), 5 Ziele, Zeichen erlaubt. Schwer: kein Joker (3–4 Spieler: 1), 5 Ziele, "
             "keine Zeichen. Experte: 2 Joker, 6 Ziele, keine Zeichen."),
            ("Aufbau", "Mischen; zu zweit je 5 Karten, zu dritt oder viert je 4. Der Rest ist der "
             "Stapel. Die jüngste Person beginnt, dann im Uhrzeigersinn."),
            ("Ziel aufdecken", "Drei Karten vom Stapel, eine je Ziffer. Hunderter: Ass–9 gelten "
             "1–9; 10, Bild oder Joker kommt unter den Stapel, die nächste wird aufgedeckt. Zehner "
             "und Einer: Ass–9 gelten 1–9, 10 oder Bild gilt 0, ein Joker kommt unter den Stapel. "
             "Der Stand beginnt bei 0."),
            ("Ein Zug", "Eine Karte anlegen und mit + − × ÷ verrechnen (nur ganze Zahlen, nie "
             "unter 0, teilen nur ohne Rest; die erste Karte eines Ziels wird zu 0 addiert) – oder "
             "passen: eine Karte offen abwerfen. Dann auf die volle Hand nachziehen. Wer keine "
             "Karten mehr hat, wird übersprungen."),
            ("Treffer", "Ist der Stand gleich dem Ziel, ist es getroffen. Die Person links davon "
             "deckt ein neues Ziel auf und beginnt bei 0."),
            ("Schweigen und Zeichen", "Niemand verrät etwas über die eigenen Karten. Einmal je "
             "Ziel darf jede Person zu Beginn ihres Zuges eine Karte offen vor sich legen; sie "
             "bleibt Teil der Hand. Stufen ohne Zeichen verbieten das."),
            ("Gewinnen und verlieren", "Gewonnen, sobald die Zahl der Ziele der Stufe getroffen "
             "ist. Verloren, wenn der Stapel beim Aufdecken eines Ziels ausgeht oder alle Hände "
             "leer sind und das Ziel nicht getroffen ist."),
            ("Varianten", "Offene Hände (zum Lernen); Endlos (bis der Stapel leer ist, die "
             "getroffenen Ziele zählen); kleine Zahlen (zweistellige Ziele, nur + und −)."),
        ],
    ),
    "en": (
        "Spot On: Numbers – rules summary",
        [
            ("The idea", "Everyone plays together: reach three-digit targets exactly with a "
             "running total, one card at a time, with + − × ÷ – without talking about your cards. "
             "2–4 players. Ace 1, 2–10 their number, Jack 11, Queen 12, King 13; a joker is any "
             "value from 1 to 13."),
            ("Levels", "Easy: 52 cards, 4 targets, signals allowed. Normal: + 1 joker (3–4 "
             "players: 2), 5 targets, signals allowed. Hard: no joker (3–4 players: 1), 5 targets, "
             "no signals. Expert: 2 jokers, 6 targets, no signals."),
            ("Set-up", "Shuffle; deal 5 cards each with 2 players, 4 each with 3 or 4. The rest is "
             "the stock. The youngest player starts; play goes clockwise."),
            ("Turning up a target", "Three cards from the stock, one per digit. Hundreds: Ace–9 "
             "give 1–9; a 10, face card or joker goes under the stock and the next card is turned. "
             "Tens and units: Ace–9 give 1–9, a 10 or face card gives 0, a joker goes under the "
             "stock. The total starts at 0."),
            ("A turn", "Play a card and calculate with + − × ÷ (whole numbers only, never below "
             "0, divide only without remainder; the first card for a target is added to 0) – or "
             "pass: discard a card face up. Then draw back to a full hand. A player with no cards "
             "left is skipped."),
            ("Hitting a target", "When the total equals the target, it is hit. The next player "
             "clockwise turns up a new target and begins it from 0."),
            ("Silence and the signal", "Nobody tells anything about their own cards. Once per "
             "target, at the start of their turn, each player may lay one card face up in front "
             "of them; it stays part of the hand. Levels without signals forbid it."),
            ("Winning and losing", "Win as soon as the level's number of targets is hit. Lose "
             "when the stock runs out while a target is turned up, or when every hand is empty "
             "and the target is not hit."),
            ("Variants", "Open hands (for learning); endless (until the stock is empty, score the "
             "targets hit); small numbers (two-digit targets, only + and −)."),
        ],
    ),
}  # fmt: skip


def add_rules_sheet(doc: Document, language: str, paper: str) -> None:
    title, sections = RULES[language]
    w, h = pagedraw.portrait(paper)

    def draw(c: Canvas, pw: float, ph: float) -> None:
        m = MIN_MARGIN + 10
        pagedraw.text(c, m, ph - m, title, 16, bold=True)
        top = ph - m - 6
        for heading, body in sections:
            top = pagedraw.paragraph(c, m, top, pw - 2 * m, heading, 11, bold=True)
            top = pagedraw.paragraph(c, m, top, pw - 2 * m, body, 9.5)

    doc.add_page(w, h, draw)


def render_numbers_kit(
    what: str = "kit",
    language: str = "de",
    paper: str = "a4",
    card_size: str = "poker",
    layout: str = "duplex-long",
    bleed: float = 3.0,
    crop_marks: bool = True,
) -> bytes:
    """The PDF: ``kit`` (deck, note sheet, rules in German and English), or one part."""
    if what not in WHATS:
        raise SheetError(f"unknown part {what!r}; choose one of {', '.join(WHATS)}")
    if language not in RULES:
        raise SheetError(f"unknown language {language!r}; choose de or en")
    spec = SheetSpec(paper, card_size, layout, bleed, crop_marks=crop_marks)
    doc = Document("Spot On · Numbers")
    parts: list[Callable[[], None]] = []
    if what in ("kit", "deck"):
        parts.append(lambda: add_deck(doc, spec))
    if what in ("kit", "sheet"):
        parts.append(lambda: add_note_sheet(doc, language, paper))
    if what == "kit":
        first, second = (language, "en" if language == "de" else "de")
        parts.append(lambda: add_rules_sheet(doc, first, paper))
        parts.append(lambda: add_rules_sheet(doc, second, paper))
    if what == "rules":
        parts.append(lambda: add_rules_sheet(doc, language, paper))
    for part in parts:
        part()
    return doc.finish()
