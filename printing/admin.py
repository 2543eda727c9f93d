"""The print studio's part of the card database's admin: "Print selected places".

Printing builds on the card database, so the action joins the places' admin from here
(``admin.autodiscover`` imports this module after ``cards.admin``) instead of the card
database reaching up into printing.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

import cards.admin  # noqa: F401 - the places' admin is registered before the action joins it
from cards.models import Place
from printing.admin_actions import print_places_action


@admin.action(description=_("Print selected places"))
def print_selected(modeladmin, request: HttpRequest, queryset) -> HttpResponse | None:
    # Named as the changelist posts it ("print_selected").
    return print_places_action(modeladmin, request, queryset)


def add_print_action(site: admin.AdminSite) -> None:
    model_admin = site.get_model_admin(Place)
    if print_selected not in model_admin.actions:
        model_admin.actions = [*model_admin.actions, print_selected]


add_print_action(admin.site)
