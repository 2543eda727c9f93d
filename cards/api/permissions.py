from __future__ import annotations

from rest_framework.permissions import DjangoModelPermissions


class ModelPermissionsWithView(DjangoModelPermissions):
    """Django model permissions, reading included: teachers read, editors write."""

    perms_map = {
        **DjangoModelPermissions.perms_map,
        "GET": ["%(app_label)s.view_%(model_name)s"],
        "HEAD": ["%(app_label)s.view_%(model_name)s"],
        "OPTIONS": ["%(app_label)s.view_%(model_name)s"],
    }
