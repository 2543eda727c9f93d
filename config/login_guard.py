"""Log-in throttling: an account locks for a while after repeated wrong passwords.

Counted in Django's cache (``config.counters``), per user name (normalised as Django
authenticates it) and per client address (``config.client``: behind a proxy, the address it
names). A lock is refused before the password is even checked, so guessing on stops.

A school's teachers share one address, so the address's limit is sized for a school's staff
(``LOGIN_ADDRESS_FAILURES``, 100 in the lock-out window) and holds only browsers that have
never logged in: a browser that has (a signed cookie set with its first successful log-in) is
neither held by the address's counter nor counted in it. The per-account lock holds every
browser: one teacher's mistyping, or a guesser on one account, locks that account alone. Why
not django-axes: it brings its own authentication backend, middleware and tables, and needs
the request in every ``authenticate()`` call (tests and ``Client.login`` included); two
counters in the cache do what this app needs.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _

from config.client import client_address
from config.counters import count, peek

KNOWN_BROWSER_COOKIE = "spoton_known_browser"
KNOWN_BROWSER_SALT = "config.login_guard.known"
KNOWN_BROWSER_AGE = 60 * 60 * 24 * 365


def name_key(username: str) -> str:
    """The name as Django authenticates it (NFKC, ``AbstractBaseUser.normalize_username``),
    casefolded: every spelling of one account (full-width, another case) shares one counter."""
    name = unicodedata.normalize("NFKC", str(username or "")).strip().casefold()
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()
    return f"login-fail:user:{digest}"


def known_browser(request: Any) -> bool:
    """Whether this browser has logged in here before (its signed cookie)."""
    if request is None:
        return False
    value = request.get_signed_cookie(
        KNOWN_BROWSER_COOKIE, default="", salt=KNOWN_BROWSER_SALT, max_age=KNOWN_BROWSER_AGE
    )
    return bool(value)


def remember_browser(response: HttpResponse) -> None:
    """After a successful log-in: this browser is no stranger to the address's counter."""
    response.set_signed_cookie(
        KNOWN_BROWSER_COOKIE,
        secrets.token_urlsafe(12),
        salt=KNOWN_BROWSER_SALT,
        max_age=KNOWN_BROWSER_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def _keys(request: Any, username: str) -> list[tuple[str, int]]:
    keys = [(name_key(username), settings.LOGIN_MAX_FAILURES)]
    if not known_browser(request):
        address = f"login-fail:addr:{client_address(request)}"
        keys.append((address, settings.LOGIN_ADDRESS_FAILURES))
    return keys


def is_locked(request: Any, username: str) -> bool:
    return any(peek(key) >= limit for key, limit in _keys(request, username))


def record_failure(request: Any, username: str) -> None:
    for key, _limit in _keys(request, username):
        count(key, settings.LOGIN_LOCKOUT_SECONDS)


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


class GuardedLoginView(LoginView):
    """Django's log-in page with the guarded form; a successful log-in marks the browser."""

    authentication_form = GuardedAuthenticationForm

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        remember_browser(response)
        return response
