"""The one print command behind ``render_kit`` and ``render_deck`` (``render_kit`` for a deck):
options as flags from the kits' schemas; an option
the kit does not have, a bad value, an empty deck or an unwritable file is one line of error."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.models import Deck
from jobs.console import bar
from printing import kits, requests
from printing.core.i18n import in_language
from printing.core.kit import Kit, KitError, Option
from printing.core.png import pool_size

# Flags for switches that are on by default.
OFF_SWITCHES = {"crop_marks": "--no-crop-marks", "cut_lines": "--no-cut-lines"}


def add_option_flags(parser: CommandParser, only: tuple[Kit, ...] | None = None) -> None:
    """A flag per option of the kits (all kits' options, or those of ``only``); every flag
    defaults to "not given", so the kit's own default applies and a refusal names it."""
    seen: set[str] = set()
    for kit in only or tuple(kits.KITS.values()):
        for option in kit.options:
            if option.name in seen:
                continue
            seen.add(option.name)
            label = in_language("en", option.label)  # the command speaks English throughout
            if option.kind is bool:
                flag = OFF_SWITCHES.get(option.name, option.flag)
                parser.add_argument(
                    flag, dest=option.name, action="store_const", const=False,
                    help=f"{label}: off" if flag.startswith("--no-") else label,
                )  # fmt: skip
            elif option.name == "what":
                parser.add_argument(
                    "--what",
                    action="append",
                    help="which part (repeatable; default: the kit's own choice)",
                )
            else:
                # Taken as given: the kit's option refuses a bad value in one line, where
                # argparse would print its whole usage.
                parser.add_argument(option.flag, dest=option.name, help=_help(option, label))


def _help(option: Option, label: str) -> str:
    if option.choices:
        label += f" ({', '.join(c for c in option.values if c)})"
    elif option.min is not None and option.max is not None:
        label += f" ({option.min:g}–{option.max:g})"
    return label.replace("%", "%%")  # argparse formats help with %


def add_output_flags(parser: CommandParser, png: bool = True) -> None:
    parser.add_argument("--out", type=Path, help="write the PDF here")
    if png:
        parser.add_argument("--png-zip", type=Path, help="write a zip of one PNG per face here")


def resolve(name: str, deck: str | None = None) -> tuple[Kit, Deck | None]:
    """A fixed kit by its slug, or a deck by its slug (printed with its edition's kit), or a
    kit for a deck (``render_kit quiz --deck germany``)."""
    try:
        return requests.resolve(name, deck)
    except KitError as exc:
        raise CommandError(str(exc)) from None


def given_options(kit: Kit, options: dict[str, Any]) -> dict[str, Any]:
    """The options given on the command line, named as in the kit's schema."""
    names = {o.name for k in kits.KITS.values() for o in k.options}
    given = {n: options.get(n) for n in names if options.get(n) is not None}
    what = given.get("what")
    if what is not None:
        given["what"] = what[0] if len(what) == 1 else what
    # A match deck's cut lines answer to the crop-marks switch of the other decks.
    if "crop_marks" in given and kit.option("crop_marks") is None and kit.option("cut_lines"):
        given["cut_lines"] = given.pop("crop_marks")
    return given


def _writable(target: Path) -> None:
    folder = target.resolve().parent
    if not folder.is_dir():
        raise CommandError(f"cannot write {target}: no folder {folder}")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise CommandError(f"cannot write {target}: permission denied")


def run(command: BaseCommand, kit: Kit, deck: Deck | None, options: dict[str, Any]) -> None:
    out, png_zip = options.get("out"), options.get("png_zip")
    if not out and not png_zip:
        raise CommandError(
            "give --out FILE.pdf" + (" and/or --png-zip FILE.zip" if kit.png else "")
        )
    for target in (out, png_zip):
        if target is not None:
            _writable(target)
    # Everything loaded so far lives until the process ends; without this the collector
    # rescans all of Django each time the rendering has made enough new objects.
    gc.freeze()
    # Drawing makes millions of short-lived objects and no cycles worth collecting: the
    # collector's passes cost more than the garbage (about 5 % of a 2,687-card deck).
    gc.disable()
    try:
        job = kit.prepare(given_options(kit, options), deck)
        if out is not None:
            with bar(f"PDF {out.name}") as progress:
                data = kit.render(job, progress=progress)
            try:
                out.write_bytes(data)
            except OSError as exc:
                raise CommandError(f"cannot write {out}: {exc.strerror or exc}") from None
            command.stdout.write(f"wrote {out} ({len(data) / 1e6:.2f} MB)")
        if png_zip is not None:
            processes = pool_size(settings.PNG_PROCESSES)
            try:
                with bar(f"PNG {png_zip.name}") as progress:
                    kit.render_faces(job, out=png_zip, progress=progress, processes=processes)
            except OSError as exc:
                raise CommandError(f"cannot write {png_zip}: {exc.strerror or exc}") from None
            size = png_zip.stat().st_size
            command.stdout.write(f"wrote {png_zip} ({size / 1e6:.2f} MB)")
    except KitError as exc:
        raise CommandError(str(exc)) from None
    finally:
        gc.enable()
