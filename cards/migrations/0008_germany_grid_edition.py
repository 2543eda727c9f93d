"""Germany becomes the first grid edition, with the rule book's constants (geo.grid);
editors manage grid editions, teachers may read them."""

from django.db import migrations

GERMANY = {
    "name": "Deutschland",
    "name_en": "Germany",
    "country": "DE",
    "region": "",
    "outline_part": "main",
    "west": 5.96,
    "east": 15.03,
    "north": 54.93,
    "south": 47.28,
    "ns_max": 150,
    "we_max": 90,
}


def create_germany(apps, schema_editor):
    GridEdition = apps.get_model("cards", "GridEdition")
    Deck = apps.get_model("cards", "Deck")
    edition, _ = GridEdition.objects.get_or_create(slug="germany", defaults=GERMANY)
    Deck.objects.filter(edition="germany", grid__isnull=True).update(grid=edition)


EDITOR_MODELS = ["gridedition", "historicalgridedition"]


def grant(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    perms = Permission.objects.filter(
        content_type__app_label="cards", content_type__model__in=EDITOR_MODELS
    )
    for group in Group.objects.filter(name="Editors"):
        group.permissions.add(*perms)
    for group in Group.objects.filter(name="Teachers"):
        group.permissions.add(*perms.filter(codename="view_gridedition"))


def remove_germany(apps, schema_editor):
    Deck = apps.get_model("cards", "Deck")
    Deck.objects.filter(edition="germany").update(grid=None)
    apps.get_model("cards", "GridEdition").objects.filter(slug="germany").delete()


class Migration(migrations.Migration):
    dependencies = [("cards", "0007_grid_editions")]

    operations = [
        migrations.RunPython(create_germany, remove_germany),
        migrations.RunPython(grant, migrations.RunPython.noop),
    ]
