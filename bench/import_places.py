"""Import every German town of 500+ inhabitants into an empty database, then again.

Run: .venv/bin/python bench/import_places.py
Prints counts, seconds and peak memory. Targets: first import ≤ 5 s, re-import ≤ 3 s,
peak memory ≤ 500 MB. Uses a fresh temporary SQLite file, so it never touches real data.
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    workdir = tempfile.mkdtemp(prefix="bench-import-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # With DEBUG on, Django logs every query with its parameters, which is what a server
    # does not do; measure what a deployment sees.
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", os.urandom(24).hex())

    import django

    django.setup()
    from django.core.management import call_command

    from cards.gazetteer.places import german_places
    from cards.imports.gazetteer import import_places

    call_command("migrate", verbosity=0)

    started = time.perf_counter()
    places = german_places(500)
    print(
        f"gazetteer: {len(places)} German places of 500+ ({time.perf_counter() - started:.2f} s"
        " incl. loading GeoNames)"
    )

    for label in ("first import", "re-import"):
        started, cpu = time.perf_counter(), time.process_time()
        result = import_places(places)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        print(
            f"{label}: {seconds:.2f} s ({cpu:.2f} s CPU) - created {result.created}, "
            f"updated {result.updated}, unchanged {result.unchanged}, "
            f"kept edits {result.kept_edits}"
        )

    from cards.gazetteer import places as gazetteer

    gazetteer.cleaned_germany.cache_clear()
    started = time.perf_counter()
    gazetteer.german_places(500)
    print(f"cleaning Germany again (data loaded): {time.perf_counter() - started:.2f} s")

    started = time.perf_counter()
    gazetteer.search("Frankfurt")
    print(f"first look-up 'Frankfurt' (builds the index): {time.perf_counter() - started:.2f} s")
    queries = ("Frankfurt", "köln", "ber", "Springfield", "zzz")
    started = time.perf_counter()
    for query in queries:
        gazetteer.search(query)
    each = (time.perf_counter() - started) / len(queries) * 1000
    print(f"look-up after warm-up: {each:.1f} ms per query (target <= 20 ms)")

    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak memory: {peak_kb / 1024:.0f} MB")


if __name__ == "__main__":
    main()
