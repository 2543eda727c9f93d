"""Classroom games: one ``Game`` with its seats (``Team``) and its move log, for every edition.

The state and the rules live in the editions (``play/editions/``); these rows store them. Each
change bumps ``Game.version`` so that polling screens can ask "anything new?" with one lookup.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from typing import Any

import orjson
from django.conf import settings
from django.db import models
from django.db.models import F
from django.db.models.fields.json import KeyTransform
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cards.models import Deck
from play import sharing

# No 0/O, 1/I/L: the code is read off a projector from the back of the room.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


# Okabe–Ito colours (safe for the common colour-vision deficiencies), always shown together with
# a letter and a shape so that no team is told apart by colour alone.
TEAM_STYLES = (
    ("#E69F00", "A", "▲", _("orange")),
    ("#56B4E9", "B", "●", _("sky blue")),
    ("#009E73", "C", "■", _("green")),
    ("#CC79A7", "D", "◆", _("pink")),
    ("#0072B2", "E", "★", _("blue")),
    ("#D55E00", "F", "✚", _("vermilion")),
)


class Mode(models.TextChoices):
    PROJECTOR = "projector", _("Projector only")
    DEVICES = "devices", _("Team devices")


class Status(models.TextChoices):
    ACTIVE = "active", _("running")
    FINISHED = "finished", _("finished")


def new_seed() -> int:
    return secrets.randbits(62)


class StateEncoder(json.JSONEncoder):
    """Writes states with orjson; what it refuses (integers beyond 64 bits) goes through the
    standard encoder."""

    def encode(self, o: Any) -> str:
        try:
            return orjson.dumps(o, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:  # orjson.JSONEncodeError is one
            return super().encode(o)


class StateField(models.JSONField):
    """A JSONField read and written with orjson. A game's state (for Germany, every card of its
    deck) is read by every screen after every move: the standard library's parser took about
    3 ms for a full Germany deck, orjson a fraction of that. One difference: orjson reads an
    integer beyond 64 bits as a float, so states keep their numbers within 64 bits (the
    editions' seeds have 32)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("encoder", StateEncoder)
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        if kwargs.get("encoder") is StateEncoder:  # this field's own default: not a setting
            del kwargs["encoder"]
        return name, path, args, kwargs

    def from_db_value(self, value, expression, connection):
        if isinstance(value, str) and not isinstance(expression, KeyTransform):
            try:
                return orjson.loads(value)
            except orjson.JSONDecodeError:  # NaN and the like: the standard parser decides
                pass
        return super().from_db_value(value, expression, connection)


class Class(models.Model):
    """A teacher's named group of pupils ("7b Erdkunde"): games may be played for it, and its
    page reports across them. Teams stay per game: nothing about a pupil is kept."""

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="classes",
        verbose_name=_("teacher"),
    )
    name = models.CharField(_("name"), max_length=60)
    school_year = models.CharField(_("school year"), max_length=20, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")

    def __str__(self) -> str:
        return f"{self.name} ({self.school_year})" if self.school_year else self.name


class SharedPart(models.Model):
    """What the fixed parts of many games hold alike (the cards of the deck they were made
    from, ``play.sharing``), stored once under the digest of its content. Never changed; the
    expiry deletes it with its last game."""

    digest = models.CharField(max_length=64, primary_key=True)
    values = StateField()

    def __str__(self) -> str:
        return self.digest[:12]


class Game(models.Model):
    # A registered edition's slug (play.core.registry); not a choices field, so that adding an
    # edition needs no migration of the core.
    edition = models.CharField(_("edition"), max_length=20)
    deck = models.ForeignKey(
        Deck, on_delete=models.PROTECT, related_name="games", null=True, blank=True
    )
    code = models.CharField(_("join code"), max_length=CODE_LENGTH, unique=True, default=new_code)
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices, default=Mode.PROJECTOR)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    # Edition-specific settings (for example a world game's track length or variant).
    options = models.JSONField(default=dict, blank=True)
    language = models.CharField(max_length=2, default="de")
    version = models.PositiveIntegerField(default=1)
    # The engine's half (play.core.engine): the per-game seed; what setup laid out that no move
    # changes (the edition's ``fixed`` keys, such as a deck's cards), stored once; and the part
    # moves change, after setup (replays start there) and now. ``initial`` and ``state`` join
    # them. Every move writes the moving part alone: for a Germany game on the starter deck some
    # 10 KB instead of 190. Empty for games stored in the older round tables. With ``shared``,
    # ``fixed`` is the game's own part of it (``play.sharing``: its cards' references), the rest
    # is the ``SharedPart`` the games of its deck hold alike; without, the whole fixed part.
    seed = models.BigIntegerField(default=new_seed)
    fixed = StateField(null=True, blank=True)
    shared = models.ForeignKey(
        SharedPart, on_delete=models.PROTECT, related_name="games", null=True, blank=True
    )
    moving_initial = StateField(db_column="initial", null=True, blank=True)
    moving_state = StateField(db_column="state", null=True, blank=True)
    # When a computer seat's delayed move falls due (seconds since the epoch); polls apply it.
    bot_due_at = models.FloatField(null=True, blank=True)
    archived = models.BooleanField(_("archived"), default=False)
    # The class it was played with, if any: deleting the class deletes its games.
    school_class = models.ForeignKey(
        Class,
        on_delete=models.CASCADE,
        related_name="games",
        null=True,
        blank=True,
        verbose_name=_("class"),
    )
    # The last change (every bump); games idle for long end, and ended games are deleted later.
    active_at = models.DateTimeField(default=timezone.now, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="games"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Played alone (a homework attempt): the computer also takes the teacher's steps (lay out,
    # reveal, start the next game) at a pace a pupil can follow.
    solo = models.BooleanField(default=False)
    # The teacher's switch for a class with a pupil who cannot see the projector: every phone
    # opens the table (what the projector shows, as text) on its own screen.
    table_on_phones = models.BooleanField(_("table on every phone"), default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Never stored: what play.core.store notes on a game while it works on it.
        # Log entries of moves applied to this copy, written together with its state.
        self.pending_moves: list[Move] = []
        # The move asked for was found made already (a retry with the same idempotency key):
        # this is the game as that move left it.
        self.repeated = False
        # A change under the row's lock that changed nothing: no version bump, no push.
        self.unchanged = False
        self._whole_fixed: dict[str, Any] | type[_Unread] | None = _Unread

    def __str__(self) -> str:
        return f"{self.edition} {self.code}"

    @property
    def state(self) -> dict[str, Any] | None:
        """The whole current state, as the edition's rules and views read it."""
        return _joined(self.fixed_part(), self.moving_state)

    @state.setter
    def state(self, whole: dict[str, Any] | None) -> None:
        self.moving_state = _moving_part(self.fixed_part(), whole)

    @property
    def initial(self) -> dict[str, Any] | None:
        """The whole state after setup, where replays start."""
        return _joined(self.fixed_part(), self.moving_initial)

    @initial.setter
    def initial(self, whole: dict[str, Any] | None) -> None:
        self.moving_initial = _moving_part(self.fixed_part(), whole)

    def fixed_part(self) -> dict[str, Any] | None:
        """The whole fixed part. Read with the game's screens deferring ``fixed``, from the
        ones this process read last: it never changes once the game is set up."""
        if self._whole_fixed is _Unread:
            if "fixed" not in self.__dict__ and self.pk is not None:  # deferred
                self._whole_fixed = FIXED_PARTS.get(self.pk, self.seed)
            else:
                self._whole_fixed = SHARED_PARTS.joined(self.fixed, self.shared_id)
        return self._whole_fixed

    def set_fixed_part(self, whole: dict[str, Any] | None) -> None:
        """A new game's fixed part, stored as its own part and the part it shares with the
        games of its deck (call inside the transaction that saves the game)."""
        self._whole_fixed = whole or None
        if not whole:
            self.fixed, self.shared = None, None
            return
        own, shared = sharing.split(whole)
        part, _created = SharedPart.objects.get_or_create(
            digest=sharing.digest(shared), defaults={"values": shared}
        )
        self.fixed, self.shared = own, part

    @property
    def is_finished(self) -> bool:
        return self.status == Status.FINISHED

    def bump(self) -> None:
        """Mark a change for polling screens; call inside the transaction that made it."""
        self.active_at = timezone.now()
        Game.objects.filter(pk=self.pk).update(version=F("version") + 1, active_at=self.active_at)
        self.version += 1


# A game's engine fields: what a read that needs no state (a seat list, a join) leaves unread.
STATE_FIELDS = ("fixed", "moving_state", "moving_initial")


class _Unread:
    """A game's whole fixed part not yet read."""


class SharedParts:
    """The shared parts this process read last, by digest: one copy of a deck's cards for
    all of its games (a whole school's games of the starter deck read it once)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.parts: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.lock = threading.Lock()

    def values(self, digest: str) -> dict[str, Any]:
        with self.lock:
            if digest in self.parts:
                self.parts.move_to_end(digest)
                return self.parts[digest]
        found = SharedPart.objects.filter(pk=digest).values_list("values", flat=True).get()
        with self.lock:
            self.parts[digest] = found
            while len(self.parts) > self.size:
                self.parts.popitem(last=False)
        return found

    def joined(self, fixed: dict[str, Any] | None, digest: str | None) -> dict[str, Any] | None:
        """The whole fixed part from a game's ``fixed`` and ``shared``."""
        if digest is None:  # stored whole
            return fixed
        return sharing.join(fixed or {}, self.values(digest))


SHARED_PARTS = SharedParts(64)


class FixedParts:
    """The fixed parts of the games this process read last (whole), by game and seed.

    A fixed part never changes once its game is set up, so the screens' reads leave it out
    and take it from here: for a Germany game on the starter deck, 180 KB less to read and
    parse on every redraw. The seed is part of the key because a test database (SQLite, rolled
    back) may give a new game the id of an old one."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.parts: OrderedDict[tuple[int, int], dict[str, Any] | None] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, game_id: int, seed: int) -> dict[str, Any] | None:
        key = (game_id, seed)
        with self.lock:
            if key in self.parts:
                self.parts.move_to_end(key)
                return self.parts[key]
        row = Game.objects.filter(pk=game_id).values_list("fixed", "shared_id").first()
        found = None if row is None else SHARED_PARTS.joined(*row)
        with self.lock:
            self.parts[key] = found
            while len(self.parts) > self.size:
                self.parts.popitem(last=False)
        return found


FIXED_PARTS = FixedParts(settings.PLAY_FIXED_PARTS_KEPT)


def _joined(fixed: dict[str, Any] | None, moving: dict[str, Any] | None) -> dict[str, Any] | None:
    # A shallow join: the fixed part's values are the stored objects themselves.
    return None if moving is None else {**fixed, **moving} if fixed else moving


def _moving_part(
    fixed: dict[str, Any] | None, whole: dict[str, Any] | None
) -> dict[str, Any] | None:
    if whole is None or not fixed:
        return whole
    return {key: value for key, value in whole.items() if key not in fixed}


class Team(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="teams")
    index = models.PositiveSmallIntegerField()  # clockwise seat, 0-based
    name = models.CharField(_("name"), max_length=40)
    # The secret a team device keeps in a cookie; replacing it kicks the device.
    token = models.CharField(max_length=64, unique=True, default=new_token)
    device_joined = models.BooleanField(default=False)
    is_bot = models.BooleanField(_("computer"), default=False)

    class Meta:
        # By the game's id, not "game": that would sort by the game's own ordering, a join on
        # the query every screen makes for its seats.
        ordering = ["game_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="unique_team_seat"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def style(self) -> tuple:
        return TEAM_STYLES[self.index % len(TEAM_STYLES)]

    @property
    def colour(self) -> str:
        return self.style[0]

    @property
    def letter(self) -> str:
        return self.style[1]

    @property
    def shape(self) -> str:
        return self.style[2]


class Move(models.Model):
    """One entry of a game's append-only move log (an undone move stays, marked ``undone``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()  # 1-based; seeds the move's random generator
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    name = models.CharField(max_length=40)
    args = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField()
    by_teacher = models.BooleanField(default=False)
    by_bot = models.BooleanField(default=False)
    undone = models.BooleanField(default=False)
    # The client's idempotency key for this move (its seat or "t" for the teacher, then the key):
    # a retry with the same key finds the move here instead of making it again.
    key = models.CharField(max_length=80, blank=True, default="")

    class Meta:
        ordering = ["game_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_move_number"),
            models.UniqueConstraint(
                fields=["game", "key"], condition=~models.Q(key=""), name="unique_move_key"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game.code} #{self.number} {self.name}"


class GameSummary(models.Model):
    """A finished game's report as the class report reads it (teams, answers), kept so that a
    class page over hundreds of games need not read each game's state and log again. Written
    when first needed; ``version`` is the game's at that time, so an undo makes it stale."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="summary")
    version = models.PositiveIntegerField()
    data = StateField(default=dict)

    def __str__(self) -> str:
        return f"{self.game} v{self.version}"


class Strength(models.TextChoices):
    EASY = "easy", _("easy")
    NORMAL = "normal", _("normal")
    STRONG = "strong", _("strong")


class Assignment(models.Model):
    """Homework: a game a pupil plays alone against computer seats, by a short code and a link,
    between ``opens_at`` and ``closes_at``. Its attempts feed the class report."""

    # A registered edition's slug, as on ``Game``.
    edition = models.CharField(_("edition"), max_length=20)
    deck = models.ForeignKey(
        Deck, on_delete=models.PROTECT, related_name="assignments", null=True, blank=True
    )
    options = models.JSONField(default=dict, blank=True)
    school_class = models.ForeignKey(
        Class,
        on_delete=models.CASCADE,
        related_name="assignments",
        null=True,
        blank=True,
        verbose_name=_("class"),
    )
    # Unique among all assignments (a closed one's link must keep saying it is closed, not
    # open someone else's homework); drawn from the join codes' alphabet.
    code = models.CharField(_("code"), max_length=CODE_LENGTH, unique=True, default=new_code)
    opens_at = models.DateTimeField(_("opens"))
    closes_at = models.DateTimeField(_("closes"))
    attempts = models.PositiveSmallIntegerField(_("attempts per pupil"), default=1)
    bots = models.PositiveSmallIntegerField(_("computer opponents"), default=1)
    strength = models.CharField(
        _("strength"), max_length=10, choices=Strength.choices, default=Strength.NORMAL
    )
    # Words a nickname may not contain, beyond the built-in list (one per line).
    blocklist = models.TextField(_("blocked words"), blank=True, default="")
    language = models.CharField(max_length=2, default="de")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assignments"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")

    def __str__(self) -> str:
        return f"{self.edition} {self.code}"

    def is_open(self, now=None) -> bool:
        now = now or timezone.now()
        return self.opens_at <= now < self.closes_at


class Attempt(models.Model):
    """One pupil's go at an assignment: a nickname, the device it was made on (its id from the
    device cookie, never anything personal) and its game."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="tries")
    nickname = models.CharField(_("nickname"), max_length=20)
    device = models.CharField(max_length=64, db_index=True)
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="attempt")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["assignment_id", "created_at", "id"]
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")

    def __str__(self) -> str:
        return f"{self.assignment.code} {self.nickname}"
