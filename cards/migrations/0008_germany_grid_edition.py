"""Germany becomes the first grid edition, with the rule book's constants (geo.grid)."""

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


def remove_germany(apps, schema_editor):
    Deck = apps.get_model("cards", "Deck")
    Deck.objects.filter(edition="germany").update(grid=None)
    apps.get_model("cards", "GridEdition").objects.filter(slug="germany").delete()


class Migration(migrations.Migration):
    dependencies = [("cards", "0007_grid_editions")]

    operations = [migrations.RunPython(create_germany, remove_germany)]
