"""Background jobs' work, measured: PNG faces per second, a 5,000-card zip's peak memory and
the time to confirm a 5,000-row import.

Run: .venv/bin/python bench/print_jobs.py [--cards N] [--zip-cards N] [--dpi D] [--faces-only]
Faces per second are measured as the machine is found and again with one busy process per
core started by the script (a loaded machine): in one process and with ``PNG_PROCESSES`` at
one per core, where the pool takes only the cores the load leaves (``printing.core.png.pool_plan``).
Targets: ≥ 90 faces/s at 300 dpi on 2 cores (the process pool), the pool never slower than one
process under load, peak memory of the
5,000-card zip ≤ 300 MB, a 5,000-row import confirmed in ≤ 15 s. Uses a fresh temporary
SQLite file, so it never touches real data.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MEASURE = (
    "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
    "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
    "print(u.ru_maxrss, file=sys.stderr); sys.exit(r.returncode)"
)


def setup(workdir: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", os.urandom(24).hex())
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make_deck(slug: str, cards: int):
    from cards.models import Deck, DeckCard, Edition, Place

    deck = Deck.objects.create(slug=slug, name=slug, edition=Edition.GERMANY)
    places = Place.objects.bulk_create(
        Place(
            name=f"Ort {slug} {i}",
            country="DE",
            state="Hessen",
            population=20_000 + i,
            latitude=47.5 + (i % 500) / 100,
            longitude=6 + (i // 500) / 2,
            description=f"Eine Stadt mit der Nummer {i}.",
        )
        for i in range(cards)
    )
    DeckCard.objects.bulk_create(DeckCard(deck=deck, place=p) for p in places)
    return deck


def faces_per_second(deck, dpi: int, processes: int, target: Path) -> tuple[int, float]:
    from printing import kits

    kit = kits.for_edition(deck.edition)
    job = kit.prepare({"what": "cards", "dpi": dpi}, deck)

    class Count:
        faces = 0

        def set_total(self, n):
            self.faces = n

        def advance(self, n=1):
            pass

    count = Count()
    started = time.perf_counter()
    kit.render_faces(job, out=target, progress=count, processes=processes)
    return count.faces, time.perf_counter() - started


def _busy() -> None:
    while True:
        pass


@contextlib.contextmanager
def busy_processes(count: int):
    """``count`` processes that keep a core each busy: a machine loaded by other work."""
    hogs = [
        multiprocessing.get_context("fork").Process(target=_busy, daemon=True) for _ in range(count)
    ]
    for hog in hogs:
        hog.start()
    try:
        if count:
            time.sleep(30)  # the one-minute load average takes this long to notice them
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.join()


def zip_peak_mb(slug: str, dpi: int, processes: int, target: Path) -> tuple[float, float]:
    env = {**os.environ, "PNG_PROCESSES": str(processes)}
    command = [sys.executable, "manage.py", "render_deck", slug, "--png-zip", str(target)]
    command += ["--what", "cards", "--dpi", str(dpi)]
    started = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-c", MEASURE, *command],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return int(run.stderr.strip().splitlines()[-1]) / 1024, time.perf_counter() - started


def import_seconds(rows: int) -> float:
    from tablib import Dataset

    from cards.gazetteer.places import german_places
    from cards.imports.resources import PlaceResource

    # The file an editor would import: the largest German towns, none in the database yet.
    towns = sorted(german_places(500), key=lambda p: -p.population)[:rows]
    headers = ["id", "name", "kind", "country", "state", "latitude", "longitude", "population"]
    data = Dataset(headers=headers)
    for t in towns:
        data.append(["", t.name, "city", "DE", t.state, t.latitude, t.longitude, t.population])
    started = time.perf_counter()
    result = PlaceResource().import_data(data, dry_run=False)
    seconds = time.perf_counter() - started
    assert not result.has_errors() and not result.has_validation_errors(), result.base_errors
    assert result.totals["new"] == len(towns) == rows, result.totals
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=300, help="cards for faces per second")
    parser.add_argument("--zip-cards", type=int, default=5000, help="cards of the big zip")
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--rows", type=int, default=5000, help="rows of the import")
    parser.add_argument("--faces-only", action="store_true", help="faces per second only")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="bench-jobs-")
    setup(workdir)
    out = Path(workdir)
    deck = make_deck("speed", args.cards)
    from printing.core.png import pool_plan, usable_cores

    cores = usable_cores()
    for load in (0, cores):
        with busy_processes(load):
            for processes in sorted({1, cores}):
                plan = pool_plan(processes, cores, os.getloadavg()[0], args.cards)
                faces, seconds = faces_per_second(deck, args.dpi, processes, out / "speed.zip")
                print(
                    f"PNG faces at {args.dpi} dpi, {processes} process(es) asked, {plan} used, "
                    f"{load} busy processes added (load {os.getloadavg()[0]:.1f}): {faces} in "
                    f"{seconds:.1f} s = {faces / seconds:.0f} faces/s"
                )
    if args.faces_only:
        return
    make_deck("big", args.zip_cards)
    for processes in sorted({1, cores}):
        peak, seconds = zip_peak_mb("big", args.dpi, processes, out / "big.zip")
        size = (out / "big.zip").stat().st_size / 1e6
        print(
            f"{args.zip_cards}-card PNG zip at {args.dpi} dpi, {processes} process(es): peak "
            f"{peak:.0f} MB (largest process), {seconds:.0f} s, {size:.0f} MB written"
        )
    seconds = import_seconds(args.rows)
    print(
        f"{args.rows}-row import confirmed (validated, saved in one transaction): {seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
