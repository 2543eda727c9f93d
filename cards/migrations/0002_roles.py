"""Create the Editors and Teachers groups with their model permissions."""

from __future__ import annotations

from django.contrib.auth.management import create_permissions
from django.db import migrations

EDITOR_MODELS = ["place", "deck", "deckcard", "historicalplace", "historicaldeck", "historicaldeckcard"]
TEACHER_MODELS = ["place", "deck", "deckcard"]


def create_groups(apps, schema_editor):
    # Permissions are normally created after all migrations; make sure they exist now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    editors, _ = Group.objects.get_or_create(name="Editors")
    teachers, _ = Group.objects.get_or_create(name="Teachers")
    editor_perms = Permission.objects.filter(
        content_type__app_label="cards", content_type__model__in=EDITOR_MODELS
    )
    editors.permissions.add(*editor_perms)
    teacher_perms = Permission.objects.filter(
        content_type__app_label="cards",
        content_type__model__in=TEACHER_MODELS,
        codename__startswith="view_",
    )
    teachers.permissions.add(*teacher_perms)


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=["Editors", "Teachers"]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_groups, remove_groups)]
