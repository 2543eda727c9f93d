"""``manage.py simulate EDITION [options]``: computer-against-computer games, one JSON line each.

An edition that can be simulated has a ``simulator`` module beside its edition module, with
``add_arguments(parser)`` for its own options and ``run(options)`` yielding the summaries.
The command only finds that module through the registry and prints what it yields.
"""

from __future__ import annotations

import argparse
import importlib
import json
from types import ModuleType

from django.core.management.base import BaseCommand, CommandError, CommandParser

from play import registry


def simulator_for(slug: str) -> ModuleType:
    edition = registry.get(slug)
    if edition is None:
        known = ", ".join(e.slug for e in registry.editions())
        raise CommandError(f"Unknown edition {slug!r}; known: {known}.")
    name = edition.setup.__module__.rpartition(".")[0] + ".simulator"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        raise CommandError(f"The {slug} edition has no simulator.") from None


class Command(BaseCommand):
    help = "Play computer players against each other; print one JSON summary per line."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("edition", help="the edition's slug, e.g. dice")
        parser.add_argument("rest", nargs=argparse.REMAINDER, help="the edition's own options")

    def handle(self, *args, edition: str, rest: list[str], **options) -> None:
        module = simulator_for(edition)
        # Errors in the edition's options become CommandErrors, with the usage line.
        parser = CommandParser(prog=f"manage.py simulate {edition}", called_from_command_line=False)
        module.add_arguments(parser)
        parsed = vars(parser.parse_args(rest))
        try:
            for summary in module.run(parsed):
                self.stdout.write(json.dumps(summary))
        except ValueError as error:
            raise CommandError(str(error)) from error
