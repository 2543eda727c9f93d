"""``manage.py simulate EDITION [options]``: computer games of an edition, as JSON lines.

Generic on purpose: an edition that can simulate has a ``simulator`` module in its package with
``simulate(words)``, which takes the command-line words after the edition's slug, parses and
checks them itself (raising ``ValueError`` with a message for bad ones) and returns the JSON
objects to print, one per line.
"""

from __future__ import annotations

import argparse
import importlib
import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from play.core import registry


class Command(BaseCommand):
    help = "Play computer games of an edition and print the figures as JSON lines."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("edition", help="the edition's slug, e.g. numbers")
        parser.add_argument(
            "words", nargs=argparse.REMAINDER, help="the edition's own options, e.g. --games 100"
        )

    def handle(self, *args, **options) -> None:
        slug = options["edition"]
        edition = registry.get(slug)
        if edition is None:
            raise CommandError(f"Unknown edition {slug!r}.")
        package = edition.setup.__module__.rsplit(".", 1)[0]
        try:
            module = importlib.import_module(f"{package}.simulator")
        except ModuleNotFoundError:
            raise CommandError(f"The edition {slug!r} has no simulator.") from None
        try:
            lines = module.simulate(list(options["words"]))
        except ValueError as error:
            raise CommandError(str(error)) from None
        for line in lines:
            self.stdout.write(json.dumps(line))
