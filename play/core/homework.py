"""Homework: assignments a pupil plays alone against computer seats, and their attempts.

An assignment is a game's settings with a code, a deadline and a number of attempts per pupil.
A pupil types a nickname (nothing else is kept about them) and gets a game of their own in which
every other seat is a computer player and the computer also takes the teacher's steps
(``Game.solo``). The device is known by its cookie id (``access.device_id``): the same phone
comes back to its attempt, and its attempts are counted against the assignment's limit.

The deadline: an attempt still running at ``closes_at`` is scored as it stands. Its next move,
look or the teacher's results end it there (the core's end, as a teacher's "End game"); nothing
played before the deadline is lost, and nothing after it counts.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy

from cards.models import Deck
from cards.sanitize import hidden_character, name_key
from config.counters import count
from play.core import lifecycle, registry, store
from play.core.engine import clean_options
from play.core.errors import RoundClosed, RuleViolation, TooFast
from play.core.presentation import error_text
from play.models import Assignment, Attempt, Class, Game, Strength

NICKNAME_MIN = 2
NICKNAME_MAX = 20
MAX_ATTEMPTS = 10
MAX_DAYS = 92  # a school term: an assignment open longer is a mistake in the date
BLOCKLIST_MAX = 2000

# Words no nickname may contain (compared without case, accents folded, letters only): a small
# list of insults in German and English. A teacher adds their own per assignment.
BLOCKED = (
    "arsch",
    "fick",
    "fotze",
    "hure",
    "wichser",
    "schlampe",
    "spast",
    "hitler",
    "nazi",
    "fuck",
    "shit",
    "bitch",
    "cunt",
    "dick",
    "penis",
    "porn",
)

# Letters (any script), digits, and a few joiners between words.
_ALLOWED_PUNCTUATION = frozenset(" -_.'")


class Gone(RoundClosed):
    """The assignment is closed (410): its link says so."""

    http_status = 410


def _violation(error_code: str, message: str, **params: Any) -> RuleViolation:
    error = RuleViolation(error_code, message)
    error.params = params
    return error


def _letters(text: str) -> str:
    """Only the letters of ``text``, lower case, accents dropped: "F.u-c k" → "fuck"."""
    folded = unicodedata.normalize("NFKD", name_key(text))
    return "".join(ch for ch in folded if ch.isalpha() and unicodedata.category(ch) != "Mn")


def blocked_words(text: str) -> list[str]:
    """A teacher's extra blocked words: one per line or separated by commas, letters only."""
    words = (_letters(word) for word in re.split(r"[,\n]", text or ""))
    return sorted({word for word in words if len(word) >= 2})


def clean_nickname(value: Any, extra_blocked: Iterable[str] = ()) -> str:
    """A pupil's nickname, trimmed, or a ``RuleViolation`` saying what is wrong with it."""
    if not isinstance(value, str) or not value.strip():
        raise _violation("nickname_missing", "Type a nickname.")
    name = " ".join(value.split())
    if (hidden := hidden_character(value.strip())) is not None:
        code = f"U+{ord(hidden):04X}"
        raise _violation(
            "nickname_hidden",
            f"A nickname cannot contain invisible or direction characters ({code}).",
            code=code,
        )
    if not NICKNAME_MIN <= len(name) <= NICKNAME_MAX:
        raise _violation(
            "nickname_length",
            f"A nickname has {NICKNAME_MIN} to {NICKNAME_MAX} characters.",
            low=NICKNAME_MIN,
            high=NICKNAME_MAX,
        )
    for ch in name:
        if not (ch.isalnum() or ch in _ALLOWED_PUNCTUATION):
            raise _violation(
                "nickname_character",
                f"A nickname holds letters, digits, spaces and - _ . ' only, not {ch}.",
                character=ch,
            )
    if sum(ch.isalpha() for ch in name) < NICKNAME_MIN:
        raise _violation("nickname_letters", "A nickname needs at least two letters.")
    letters = _letters(name)
    if any(word in letters for word in (*BLOCKED, *extra_blocked)):
        raise _violation("nickname_blocked", "Choose another nickname.")
    return name


def _aware(value: Any, field: str) -> dt.datetime:
    if not isinstance(value, dt.datetime):
        raise _violation("bad_time", f"{field} is a date and time.", field=field)
    if timezone.is_naive(value):  # read in the school's time zone, as the form shows it
        value = timezone.make_aware(value)
    return value


def clean_schedule(opens_at: Any, closes_at: Any, now: dt.datetime) -> tuple[dt.datetime, ...]:
    """When the assignment opens (now, if not given) and closes: after it opens, in the
    future, and within a school term of its opening."""
    opens = now if opens_at in (None, "") else _aware(opens_at, "opens_at")
    closes = _aware(closes_at, "closes_at")
    if closes <= now:
        raise _violation("closes_in_past", "The deadline must be in the future.")
    if closes <= opens:
        raise _violation("closes_before_opens", "The deadline must come after the opening.")
    if closes - opens > dt.timedelta(days=MAX_DAYS):
        raise _violation(
            "too_long", f"An assignment is open for at most {MAX_DAYS} days.", days=MAX_DAYS
        )
    return opens, closes


def seat_counts(slug: str) -> tuple[int, int]:
    """The fewest and most computer opponents an edition's game takes beside one pupil."""
    spec = registry.get(slug)
    return max(1, spec.seats.min - 1), spec.seats.max - 1


def _edition(slug: Any):
    spec = registry.get(slug) if isinstance(slug, str) else None
    if spec is None:
        raise _violation("unknown_edition", f"Unknown edition {slug!r}.")
    if spec.bot is None:
        raise _violation("no_bots", "This game has no computer players to play against.")
    return spec


def game_options(assignment: Assignment) -> dict[str, Any]:
    """The options a pupil's game is set up with: the teacher's, with the strength's options
    for the computer players (where the edition offers more than one strength)."""
    spec = registry.get(assignment.edition)
    return {**assignment.options, **spec.bot_strength.get(assignment.strength, {})}


def create_assignment(
    *,
    user: Any,
    edition: Any,
    deck: Deck | None,
    options: Any = None,
    school_class: Class | None = None,
    opens_at: Any = None,
    closes_at: Any,
    attempts: Any = 1,
    bots: Any = 1,
    strength: Any = Strength.NORMAL,
    blocklist: Any = "",
    language: str = "de",
) -> Assignment:
    """A new assignment, every setting checked (``RuleViolation``, 400, naming what is wrong)."""
    spec = _edition(edition)
    low, high = seat_counts(spec.slug)
    if not isinstance(bots, int) or isinstance(bots, bool) or not low <= bots <= high:
        raise _violation(
            "bot_count", f"This game takes {low} to {high} computer opponents.", low=low, high=high
        )
    if not isinstance(attempts, int) or isinstance(attempts, bool):
        attempts = -1
    if not 1 <= attempts <= MAX_ATTEMPTS:
        raise _violation(
            "attempt_count", f"A pupil may have 1 to {MAX_ATTEMPTS} attempts.", high=MAX_ATTEMPTS
        )
    if strength not in Strength.values:
        raise _violation("strength", "The strength is easy, normal or strong.")
    if not isinstance(blocklist, str) or len(blocklist) > BLOCKLIST_MAX:
        raise _violation("blocklist", f"Blocked words are text of at most {BLOCKLIST_MAX} letters.")
    if spec.deck_editions:
        if deck is None:
            raise _violation("deck_required", "This game needs a deck of cards.")
        if deck.edition not in spec.deck_editions:
            raise _violation("deck_edition", f"Deck {deck.slug!r} is not a {spec.slug} deck.")
    elif deck is not None:
        raise _violation("deck_not_used", "This game does not use a deck.")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _violation("bad_options", "Options are an object.")
    cleaned = clean_options(spec, options, bots + 1)
    opens, closes = clean_schedule(opens_at, closes_at, timezone.now())
    assignment = Assignment(
        edition=spec.slug,
        deck=deck,
        options=cleaned,
        school_class=school_class,
        opens_at=opens,
        closes_at=closes,
        attempts=attempts,
        bots=bots,
        strength=strength,
        blocklist="\n".join(blocked_words(blocklist)),
        language=language[:2],
        created_by=user,
    )
    # The strength's options must be valid too: a pupil would meet the error otherwise.
    clean_options(spec, game_options(assignment), bots + 1)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                assignment.save()
            return assignment
        except IntegrityError:  # the code collided: draw another
            assignment.pk = None
            assignment.code = Assignment._meta.get_field("code").default()
    raise RuntimeError("could not find a free assignment code")


def check_open(assignment: Assignment, now: dt.datetime | None = None) -> None:
    now = now or timezone.now()
    if now < assignment.opens_at:
        error = RoundClosed("not_open_yet", "This homework is not open yet.")
        error.params = {"opens_at": assignment.opens_at}
        raise error
    if now >= assignment.closes_at:
        raise Gone("closed", "This homework is closed: its deadline has passed.")


def attempts_left(assignment: Assignment, device: str) -> int:
    used = assignment.tries.filter(device=device).count()
    return max(0, assignment.attempts - used)


def _check_limits(assignment: Assignment, device: str, address: str) -> None:
    """Attempts per device (the assignment's own number) and per assignment, and new attempts
    per minute, counted by device and by address as the join-code limits are: a device that
    starts too many is refused alone; an address only far beyond what a class makes."""
    if attempts_left(assignment, device) <= 0:
        error = RoundClosed("no_attempts_left", "You have used every attempt at this homework.")
        error.params = {"count": assignment.attempts}
        raise error
    if assignment.tries.count() >= settings.PLAY_HOMEWORK_ATTEMPTS:
        raise RoundClosed("homework_full", "This homework has taken all the attempts it can.")
    per_device = count(f"play:homework:device:{device}", 60)
    if per_device > settings.PLAY_HOMEWORK_STARTS_PER_DEVICE:
        raise TooFast("too_many_starts", "Too many new attempts from this device. Wait a minute.")
    if count(f"play:homework:address:{address}", 60) > settings.PLAY_HOMEWORK_STARTS_PER_ADDRESS:
        raise TooFast(
            "too_many_starts_network", "Too many new attempts from this network. Wait a minute."
        )


def in_progress(assignment: Assignment, device: str) -> Attempt | None:
    """The device's attempt that is still running, if any: the one it comes back to."""
    return (
        assignment.tries.filter(device=device, game__status="active")
        .select_related("game")
        .order_by("-created_at", "-id")
        .first()
    )


def start_attempt(assignment: Assignment, nickname: Any, device: str, address: str) -> Attempt:
    """A pupil's new attempt: its game, the pupil in seat 0 against computer seats."""
    check_open(assignment)
    name = clean_nickname(nickname, blocked_words(assignment.blocklist))
    _check_limits(assignment, device, address)
    with translation.override(assignment.language):
        computers = [
            gettext("Computer %(number)s") % {"number": n} for n in range(1, assignment.bots + 1)
        ]
    seats = [name, *computers]
    with transaction.atomic():
        game = store.create_game(
            user=assignment.created_by,
            edition=assignment.edition,
            seat_names=seats,
            deck=assignment.deck,
            options=game_options(assignment),
            bots=list(range(1, len(seats))),
            language=assignment.language,
            school_class=assignment.school_class,
            solo=True,
        )
        # The pupil's seat is taken by this device: no other device can claim it by the game's
        # join code.
        game.teams.filter(index=0).update(device_joined=True)
        return Attempt.objects.create(
            assignment=assignment, nickname=name, device=device, game=game
        )


def finish_if_overdue(game: Game, closes_at: dt.datetime | None = None) -> Game:
    """End an attempt's game still running after its assignment's deadline, scored as it
    stands (the core's end, as the teacher's "End game" would). ``closes_at``: the deadline,
    for a caller that has the assignment (else it is read)."""
    if game.is_finished or not game.solo:
        return game
    if closes_at is None:
        attempt = Attempt.objects.filter(game=game).select_related("assignment").first()
        if attempt is None:
            return game
        closes_at = attempt.assignment.closes_at
    if timezone.now() < closes_at:
        return game
    try:
        return lifecycle.end_game(game)
    except RuleViolation:  # ended meanwhile (by its rules or another request)
        return Game.objects.get(pk=game.pk)


def close_overdue(assignment: Assignment) -> None:
    """Score every attempt still running after the deadline as it stands."""
    if timezone.now() < assignment.closes_at:
        return
    for attempt in assignment.tries.filter(game__status="active").select_related("game"):
        finish_if_overdue(attempt.game)


def close_now(assignment: Assignment) -> None:
    """The teacher closes the assignment early: the deadline is now."""
    now = timezone.now()
    assignment.closes_at = now
    if assignment.opens_at > now:
        assignment.opens_at = now
    assignment.save(update_fields=["closes_at", "opens_at"])
    close_overdue(assignment)


def extend(assignment: Assignment, closes_at: Any) -> None:
    """A new deadline (also reopens a closed assignment); games already scored stay so."""
    _opens, closes = clean_schedule(assignment.opens_at, closes_at, timezone.now())
    assignment.closes_at = closes
    assignment.save(update_fields=["closes_at"])


def rename(assignment: Assignment, old: str, new: Any) -> int:
    """The teacher renames a nickname in every attempt of the assignment (and its seats);
    the number of attempts renamed."""
    name = clean_nickname(new)
    with transaction.atomic():
        tries = list(assignment.tries.filter(nickname=old).select_related("game"))
        for attempt in tries:
            attempt.nickname = name
            attempt.save(update_fields=["nickname"])
            attempt.game.teams.filter(index=0).update(name=name)
    return len(tries)


def remove(assignment: Assignment, nickname: str) -> int:
    """The teacher removes a nickname: its attempts and their games go (and with them what they
    added to the class report); the number of attempts removed."""
    games = Game.objects.filter(attempt__assignment=assignment, attempt__nickname=nickname)
    found = games.count()
    games.delete()
    return found


def scored_at_deadline(attempt: Attempt) -> bool:
    """Whether the attempt was ended by the deadline (scored as it stood), not by its rules."""
    game = attempt.game
    return bool(
        game.finished_at is not None
        and game.finished_at >= attempt.assignment.closes_at
        and game.state is not None
        and lifecycle.ended_by_teacher(game.state)
    )


def attempt_row(attempt: Attempt) -> dict[str, Any]:
    """One attempt as the results show it: the pupil's rank and points among the seats, and
    how long it took."""
    game = attempt.game
    result = store.result_of(game) if game.state is not None else None
    ranking = (result or {}).get("ranking", [])
    mine = next(((rank, points) for rank, seat, points in ranking if seat == 0), (None, None))
    finished = game.finished_at
    return {
        "id": game.pk,
        "code": game.code,
        "nickname": attempt.nickname,
        "started_at": attempt.created_at.isoformat(),
        "finished_at": finished.isoformat() if finished else None,
        "seconds": round((finished - attempt.created_at).total_seconds()) if finished else None,
        "over": game.is_finished,
        "won": bool(result) and 0 in result.get("winners", []) and not result.get("early"),
        "at_deadline": scored_at_deadline(attempt),
        "rank": mine[0],
        "points": mine[1],
        "seats": len(ranking) or attempt.assignment.bots + 1,
    }


def results(assignment: Assignment) -> dict[str, Any]:
    """Who has done the assignment: each nickname with its attempts, in the order made."""
    close_overdue(assignment)
    tries = assignment.tries.select_related("game", "assignment").order_by("created_at", "id")
    pupils: dict[str, list[dict[str, Any]]] = {}
    for attempt in tries:
        pupils.setdefault(attempt.nickname, []).append(attempt_row(attempt))
    return {
        "code": assignment.code,
        "edition": assignment.edition,
        "opens_at": assignment.opens_at.isoformat(),
        "closes_at": assignment.closes_at.isoformat(),
        "open": assignment.is_open(),
        "attempts": assignment.attempts,
        "pupils": [
            {"nickname": name, "attempts": rows}
            for name, rows in sorted(pupils.items(), key=lambda item: item[0].casefold())
        ],
    }


# What a pupil or teacher reads for the refusals above, in the game's or the page's language.
MESSAGES = {
    "nickname_missing": gettext_lazy("Type a nickname."),
    "nickname_hidden": gettext_lazy(
        "A nickname cannot contain invisible or direction characters (%(code)s)."
    ),
    "nickname_length": gettext_lazy("A nickname has %(low)s to %(high)s characters."),
    "nickname_character": gettext_lazy(
        "A nickname holds letters, digits, spaces and - _ . ' only, not %(character)s."
    ),
    "nickname_letters": gettext_lazy("A nickname needs at least two letters."),
    "nickname_blocked": gettext_lazy("Choose another nickname."),
    "bad_time": gettext_lazy("Give a date and a time."),
    "closes_before_opens": gettext_lazy("The deadline must come after the opening."),
    "closes_in_past": gettext_lazy("The deadline must be in the future."),
    "too_long": gettext_lazy("An assignment is open for at most %(days)s days."),
    "unknown_edition": gettext_lazy("Choose a game."),
    "no_bots": gettext_lazy("This game has no computer players to play against."),
    "bot_count": gettext_lazy("This game takes %(low)s to %(high)s computer opponents."),
    "attempt_count": gettext_lazy("A pupil may have 1 to %(high)s attempts."),
    "strength": gettext_lazy("The strength is easy, normal or strong."),
    "blocklist": gettext_lazy("The list of blocked words is too long."),
    "deck_required": gettext_lazy("This game needs a deck of cards."),
    "deck_edition": gettext_lazy("That deck is not made for this game."),
    "deck_not_used": gettext_lazy("This game does not use a deck."),
    "bad_options": gettext_lazy("The game's options are not valid."),
    "not_open_yet": gettext_lazy("This homework is not open yet."),
    "closed": gettext_lazy("This homework is closed: its deadline has passed."),
    "no_attempts_left": gettext_lazy("You have used every attempt at this homework."),
    "homework_full": gettext_lazy("This homework has taken all the attempts it can."),
    "too_many_starts": gettext_lazy("Too many new attempts from this device. Wait a minute."),
    "too_many_starts_network": gettext_lazy(
        "Too many new attempts from this network. Wait a minute."
    ),
}


def message(error: RuleViolation) -> str:
    """The refusal in the active language (the core's and editions' codes fall back to theirs)."""
    text = MESSAGES.get(error.code)
    if text is None:
        return error_text(error)
    params = getattr(error, "params", None)
    return str(text) % params if params else str(text)
