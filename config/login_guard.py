"""Log-in throttling: an account locks for a while after repeated wrong passwords.

Counted in Django's cache (the file cache is shared by every app process on a server), per
user name (normalised as Django authenticates it) and per client address (``config.client``:
behind a proxy, the address it names). A lock is refused before the password is even checked,
so guessing on stops. Why not django-axes: it brings its own authentication backend,
middleware and tables, and needs the request in every ``authenticate()`` call (tests and
``Client.login`` included); two counters in the cache do what this app needs.
"""

from __future__ import annotations

import hashlib
import unicodedata
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _

from config.client import client_address

# A classroom or a whole school shares one public address: that limit is much higher.
PER_ADDRESS_FACTOR = 10


def name_key(username: str) -> str:
    """The name as Django authenticates it (NFKC, ``AbstractBaseUser.normalize_username``),
    casefolded: every spelling of one account (full-width, another case) shares one counter."""
    name = unicodedata.normalize("NFKC", str(username or "")).strip().casefold()
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()
    return f"login-fail:user:{digest}"


def _keys(request: Any, username: str) -> list[tuple[str, int]]:
    limit = settings.LOGIN_MAX_FAILURES
    return [
        (name_key(username), limit),
        (f"login-fail:addr:{client_address(request)}", limit * PER_ADDRESS_FACTOR),
    ]


def is_locked(request: Any, username: str) -> bool:
    return any((cache.get(key) or 0) >= limit for key, limit in _keys(request, username))


def record_failure(request: Any, username: str) -> None:
    for key, _limit in _keys(request, username):
        # add() starts the window; incr() keeps its expiry (the window does not slide).
        if not cache.add(key, 1, settings.LOGIN_LOCKOUT_SECONDS):
            try:
                cache.incr(key)
            except ValueError:  # expired in between
                cache.add(key, 1, settings.LOGIN_LOCKOUT_SECONDS)


def clear_user(username: str) -> None:
    cache.delete(name_key(username))


class GuardedFormMixin:
    """For Django's authentication forms: refuse while locked, count failures."""

    def clean(self) -> dict:
        username = self.data.get("username", "") or ""
        if is_locked(self.request, username):
            minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
            raise forms.ValidationError(
                _("Too many failed log-ins. Try again in %(minutes)d minutes."),
                code="locked",
                params={"minutes": minutes},
            )
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            record_failure(self.request, username)
            raise
        clear_user(username)
        return cleaned


class GuardedAuthenticationForm(GuardedFormMixin, AuthenticationForm):
    pass


class GuardedAdminAuthenticationForm(GuardedFormMixin, AdminAuthenticationForm):
    pass
