"""Games do not live for ever: idle games end, and ended games are deleted after a while."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from play.models import Game, SharedPart, Status


def expire_games() -> tuple[int, int]:
    """End games idle for ``PLAY_IDLE_HOURS`` and delete those ended ``PLAY_KEEP_DAYS`` ago.

    Returns (ended, deleted). Ending one stops its join code and its devices' tokens working.
    A homework attempt is left running until its assignment's deadline.
    """
    now = timezone.now()
    idle = Game.objects.filter(
        status=Status.ACTIVE, active_at__lt=now - timedelta(hours=settings.PLAY_IDLE_HOURS)
    ).exclude(
        # A homework attempt waits for its pupil until the deadline (then it is scored as it
        # stands by play.core.homework), however long the pupil is away.
        solo=True,
        attempt__assignment__closes_at__gt=now,
    )
    ended = idle.update(status=Status.FINISHED, finished_at=now)
    old = now - timedelta(days=settings.PLAY_KEEP_DAYS)
    gone = Game.objects.filter(status=Status.FINISHED).filter(
        Q(finished_at__lt=old) | Q(finished_at__isnull=True, active_at__lt=old)
    )
    deleted = gone.count()
    gone.delete()
    # A deck's shared cards go with the last of its games (any deletion: a class's, a test's).
    SharedPart.objects.filter(games__isnull=True).delete()
    return ended, deleted
