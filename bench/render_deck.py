"""Benchmark: the 2,690-card Germany deck of the gazetteer, duplex, Skat on A4, by the command.

Runs ``manage.py render_deck`` as a subprocess against a temporary SQLite database and compares
it with a bare reportlab script drawing the same elements (the floor), in paired runs (one of
each, alternately, so that a busy machine slows both alike); the ratio is the median of the
pairs' ratios, with their range. Also measures Django's own start-up (``render_deck --help``)
and PNG export. Usage: ``python bench/render_deck.py [--min-population N] [--runs N]``.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bench", "cards", "config", "geo", "jobs", "play", "printing")
PY = sys.executable
# Runs a command and reports its peak memory and CPU seconds: this wrapper has no other
# children. CPU time says more than wall time on a machine shared with other work.
MEASURE = (
    "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
    "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
    "print(u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr); "
    "sys.exit(r.returncode)"
)
STATES = [
    "Bayern",
    "Hessen",
    "Nordrhein-Westfalen",
    "Sachsen",
    "Baden-Württemberg",
    "Rheinland-Pfalz",
    "Niedersachsen",
    "Brandenburg",
]
WORDS = [
    "Stadt",
    "an",
    "der",
    "Fluss",
    "mit",
    "Dom",
    "Burg",
    "Hafen",
    "Industrie",
    "Universität",
    "Altstadt",
    "Weinbau",
    "Messe",
    "Brücke",
    "Schloss",
    "Kreisstadt",
    "im",
    "Süden",
]


def gazetteer_places(min_population: int = 5000, seed: int = 4) -> list[dict]:
    """Germany's towns of ``min_population`` or more from the offline gazetteer (2,690 at
    5,000): real names, so that long ones shrink and break between syllables as in a real
    deck. The gazetteer has no descriptions: each card gets a made-up one of 6-22 words."""
    sys.path.insert(0, str(ROOT))
    from cards.gazetteer.places import german_places

    rng = random.Random(seed)
    return [
        {
            "name": p.name,
            "state": p.state,
            "description": " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 22))) + ".",
            "population": p.population,
            "latitude": p.latitude,
            "longitude": p.longitude,
        }
        for p in sorted(german_places(min_population), key=lambda p: p.name)
    ]


SETUP = """
import json, sys, django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from cards.models import Deck, DeckCard, Place
places = json.load(open(sys.argv[1]))
objs = Place.objects.bulk_create([Place(country="DE", **p) for p in places])
deck = Deck.objects.create(slug="bench", name="Bench", edition="germany")
DeckCard.objects.bulk_create([DeckCard(deck=deck, place=p) for p in objs])
"""


# The drawing alone, both ways, in one process: the deck kit's render of the loaded deck, and
# the floor script's main (which loads its JSON and writes its file: a few milliseconds).
DRAWING = """
import gc, sys, time, django
django.setup()
sys.path.insert(0, "bench")
from _floor import main as floor
from cards.models import Deck
from printing import kits
deck = Deck.objects.get(slug="bench")
kit = kits.for_edition(deck.edition)
job = kit.prepare({}, deck)
gc.freeze()
def best(f):
    times = []
    for _ in range(3):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)
print(best(lambda: kit.render(job)), best(lambda: floor(sys.argv[1], sys.argv[2])))
"""


def run(cmd: list[str], env: dict, repeat: int = 3) -> tuple[float, float, float]:
    """Best of ``repeat`` runs (the machine may be busy): wall seconds and the peak memory of
    that run, and the least CPU seconds of any run."""
    runs = [_run_once(cmd, env) for _ in range(repeat)]
    seconds, peak, _ = min(runs)
    return seconds, peak, min(cpu for _, _, cpu in runs)


def _run_once(cmd: list[str], env: dict) -> tuple[float, float, float]:
    start = time.perf_counter()
    result = subprocess.run(
        [PY, "-c", MEASURE, *cmd], env=env, cwd=ROOT, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    if result.returncode:
        sys.exit(f"failed: {' '.join(cmd)}\n{result.stderr}")
    rss_kb, cpu = result.stderr.strip().splitlines()[-1].split()
    return seconds, int(rss_kb) / 1024, float(cpu)


def pages_of(path: Path) -> int:
    import pypdf

    return len(pypdf.PdfReader(path).pages)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--min-population", type=int, default=5000, help="the deck's towns (5000: 2,690)"
    )
    parser.add_argument("--runs", type=int, default=5, help="paired runs (default 5)")
    parser.add_argument("--png-faces", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        data = tmpdir / "places.json"
        places = gazetteer_places(args.min_population)
        data.write_text(json.dumps(places), encoding="utf-8")
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{tmpdir / 'bench.sqlite3'}",
            "CACHE_DIR": str(tmpdir / "cache"),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "PYTHONPATH": str(ROOT),
        }
        subprocess.run([PY, "-c", SETUP, str(data)], env=env, cwd=ROOT, check=True)

        out = tmpdir / "deck.pdf"
        command = [
            PY, "manage.py", "render_deck", "bench", "--out", str(out), "--layout", "duplex-long",
            "--card-size", "skat", "--paper", "a4",
        ]  # fmt: skip
        floor_out = tmpdir / "floor.pdf"
        floor_cmd = [PY, str(ROOT / "bench" / "_floor.py"), str(data), str(floor_out)]
        # The project's modules compiled once, as an installed app has them: where
        # PYTHONDONTWRITEBYTECODE is set no run leaves them behind, and every run of the
        # command compiled the 124 project modules it imports from source again (the
        # floor: two).
        for package in PACKAGES:
            compileall.compile_dir(ROOT / package, quiet=1)
        _run_once(command, env)  # warm the file cache
        pairs = [(_run_once(command, env), _run_once(floor_cmd, env)) for _ in range(args.runs)]
        ratios = sorted(o[0] / f[0] for o, f in pairs)
        cpu_ratios = sorted(o[2] / f[2] for o, f in pairs)
        ours = min(o for o, _ in pairs)
        floor = min(f for _, f in pairs)
        startup = run([PY, "manage.py", "render_deck", "--help"], env)
        rows = [("render_deck", ours, out), ("bare reportlab", floor, floor_out)]
        print(
            f"{len(places)} Germany cards from the gazetteer, duplex-long, Skat on A4 "
            f"({args.runs} paired runs)"
        )
        for label, (seconds, peak, cpu), path in rows:
            print(
                f"  {label:15s} {seconds:6.2f} s ({cpu:5.2f} s CPU)  {pages_of(path):4d} pages  "
                f"{path.stat().st_size / 1e6:6.2f} MB  peak {peak:6.1f} MB  (best run)"
            )
        print(f"  of which Django's start-up and imports: {startup[0]:.2f} s (render_deck --help)")
        median = ratios[len(ratios) // 2]
        print(
            f"  ratio           {median:6.2f} x the floor, median of the pairs "
            f"({ratios[0]:.2f}-{ratios[-1]:.2f}; target <= 1.1), "
            f"CPU {cpu_ratios[len(cpu_ratios) // 2]:.2f} x"
        )

        drawing = subprocess.run(
            [PY, "-c", DRAWING, str(data), str(tmpdir / "inproc.pdf")],
            env=env, cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        ours_s, floor_s = float(drawing[0]), float(drawing[1])
        print(
            f"  drawing alone   {ours_s:6.2f} s against the floor's {floor_s:.2f} s "
            f"(in one process, best of 3, start-up and database left out): {ours_s / floor_s:.2f} x"
        )

        sys.path.insert(0, str(ROOT))
        sys.path.insert(0, str(ROOT / "bench"))
        # The faces' fixed labels come from the project's catalogue: Django is set up here too.
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        from _floor import card_data_from

        from printing import kits  # noqa: F401  (registers the kits' card designs)
        from printing.core.png import faces_zip
        from printing.core.sheets import SheetSpec

        cards = card_data_from(json.loads(data.read_text())[: args.png_faces // 2])
        seconds = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            zipped = faces_zip(cards, SheetSpec(card_size="poker", bleed=3), dpi=300)
            seconds = min(seconds, time.perf_counter() - start)
        faces = 2 * len(cards)
        print(
            f"PNG export: {faces} faces at 300 dpi in {seconds:.2f} s = "
            f"{faces / seconds:.1f} faces/s (target >= 20), zip {len(zipped) / 1e6:.1f} MB"
        )


if __name__ == "__main__":
    main()
