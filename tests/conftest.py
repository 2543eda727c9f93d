"""Shared fixtures: one user per role and a small named cast of places."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth.models import Group, Permission, User
from hypothesis import settings as hypothesis_settings
from rest_framework.test import APIClient

from cards.models import Deck, DeckCard, Edition, Place

# No wall-clock deadline for property tests: on a loaded CI machine one example can take 100
# times its usual time, and a deadline then fails a correct test.
hypothesis_settings.register_profile("spot-on", deadline=None)
# `make check`, the edit-test loop, tries a quarter of the examples (tests that name their own
# count keep it); `make test` and CI try them all.
hypothesis_settings.register_profile("spot-on-quick", deadline=None, max_examples=25)
hypothesis_settings.load_profile(os.environ.get("SPOT_ON_HYPOTHESIS", "spot-on"))


def pytest_configure(config) -> None:
    from django.conf import settings

    # Hashing a password with the production hasher takes most of a second on purpose; a test
    # user needs none of that strength (before any hash is made: the hashers are cached).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _isolated_cache(settings, tmp_path):
    # A location of its own per test: local-memory caches of one location share their data.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": str(tmp_path),
        }
    }
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.JOBS_ROOT = tmp_path / "jobs"
    files = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    settings.STORAGES = {
        **settings.STORAGES,
        "jobs": {**files, "OPTIONS": {"location": str(tmp_path / "jobs" / "files")}},
    }
    # Background jobs run at once, inside the request that starts them, in tests about
    # something else (an import's rules, a print's pixels); the tests about jobs themselves
    # queue them (``queued_tasks``) and run them on a real worker (``task_worker``).
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    # Browser tests click faster than any class; the limit's own tests set it low.
    settings.PLAY_MOVES_PER_MINUTE = 10_000
    # The test server answers HTTP only: its pages poll. Push has its own tests, on ASGI
    # servers (tests/push/).
    settings.PLAY_PUSH = False


@pytest.fixture(autouse=True)
def _rows_the_migrations_made(request):
    """A transactional test's flush (every browser test's) also removes what the migrations
    wrote; Germany's grid edition is made again for each test that uses the database."""
    marker = request.node.get_closest_marker("django_db")
    wanted = {"db", "transactional_db"} & set(request.fixturenames)
    if marker is None and not wanted:
        return
    if marker is None:
        request.getfixturevalue("transactional_db" if "transactional_db" in wanted else "db")
    from cards.grids.models import germany_edition

    germany_edition()


def _role_group(name: str) -> Group:
    """The group the roles migration made; rebuilt after a transactional test's flush."""
    group, created = Group.objects.get_or_create(name=name)
    if created:
        perms = Permission.objects.filter(content_type__app_label="cards")
        if name == "Teachers":
            perms = perms.filter(
                codename__startswith="view_",
                content_type__model__in=["place", "deck", "deckcard"],
            )
        group.permissions.set(perms)
    return group


def make_user(username: str, group: str | None = None, **extra) -> User:
    """A user whose password is ``pw-`` and the username, in the role group ``group`` if given."""
    user = User.objects.create_user(username=username, password="pw-" + username, **extra)
    if group:
        user.groups.add(_role_group(group))
    return user


@pytest.fixture
def admin_user(db) -> User:
    return User.objects.create_superuser(username="root", password="pw-root")


@pytest.fixture
def editor(db) -> User:
    return make_user("erika", "Editors", is_staff=True)


@pytest.fixture
def teacher(db) -> User:
    return make_user("thomas", "Teachers")


@pytest.fixture
def student(db) -> User:
    """Logged in, but in no group: may see nothing of the card backs."""
    return make_user("sven")


def api_client_for(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def berlin(db) -> Place:
    return Place.objects.create(
        name="Berlin",
        name_en="Berlin",
        country="DE",
        state="Berlin",
        description="Hauptstadt Deutschlands an der Spree.",
        population=3_426_354,
        population_source="GeoNames",
        latitude=52.52437,
        longitude=13.41053,
    )


@pytest.fixture
def goerlitz(db) -> Place:
    """The easternmost town of Germany: on the edge of the grid."""
    return Place.objects.create(
        name="Görlitz",
        country="DE",
        state="Sachsen",
        population=56_324,
        latitude=51.15518,
        longitude=14.98853,
    )


@pytest.fixture
def village(db) -> Place:
    return Place.objects.create(
        name="Hinterzarten",
        country="DE",
        state="Baden-Württemberg",
        population=2_600,
        latitude=47.90276,
        longitude=8.10701,
    )


@pytest.fixture
def paris(db) -> Place:
    return Place.objects.create(
        name="Paris",
        name_en="Paris",
        country="FR",
        state="Île-de-France",
        population=2_138_551,
        latitude=48.85341,
        longitude=2.3488,
    )


@pytest.fixture
def germany_deck(db, berlin, goerlitz, village) -> Deck:
    deck = Deck.objects.create(slug="de-test", name="Test Deutschland", edition=Edition.GERMANY)
    for place in (berlin, goerlitz, village):
        DeckCard.objects.create(deck=deck, place=place)
    return deck


@pytest.fixture
def world_deck(db, berlin, paris) -> Deck:
    deck = Deck.objects.create(slug="world-test", name="Test Welt", edition=Edition.WORLD)
    DeckCard.objects.create(deck=deck, place=berlin, colour="yellow")
    DeckCard.objects.create(deck=deck, place=paris, colour="orange")
    return deck


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """SQLite tests use a database file, not shared-cache memory: browser tests' live server
    answers polls and moves in parallel threads, and shared-cache memory databases refuse such
    concurrent access outright ("table is locked") where a file in WAL mode waits its turn."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        database.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("db") / "test.db")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, made only when a test asks for one (pure tests run without it).

    PostgreSQL refuses to drop a test database another session still uses (a thread's
    connection that outlived its test): end such sessions before the test database goes."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    connection.close()


def _database_url() -> str:
    """The test database as a URL, for a process of its own (a task worker)."""
    from urllib.parse import quote

    from django.db import connection

    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    auth = f"{quote(s['USER'] or '')}:{quote(s['PASSWORD'] or '')}@" if s["USER"] else ""
    host = s["HOST"] or ""
    if host.startswith("/"):  # a Unix socket folder
        return f"postgres://{auth}/{s['NAME']}?host={quote(host)}" + (
            f"&port={s['PORT']}" if s["PORT"] else ""
        )
    port = f":{s['PORT']}" if s["PORT"] else ""
    return f"postgres://{auth}{host}{port}/{s['NAME']}"


@pytest.fixture
def queued_tasks(settings) -> None:
    """Jobs wait in the database queue, as in production, until a worker runs them."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def worker_env(transactional_db, queued_tasks, settings, tmp_path) -> dict:
    """The environment of a task worker on this test's database and job folder."""
    import os

    return {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "JOBS_ROOT": str(settings.JOBS_ROOT),
        "PNG_PROCESSES": "2",
        "DEBUG": "true",
    }


@pytest.fixture
def task_worker(worker_env):
    """A real ``manage.py db_worker`` process (the django-tasks database backend) running the
    jobs this test enqueues; stopped (and waited for) when the test ends."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    process = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.1",
         "--no-startup-delay", "--verbosity", "0"],
        cwd=root,
        env=worker_env,
    )  # fmt: skip
    yield process
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="module")
def starter_decks(django_db_setup, django_db_blocker) -> None:
    """The starter decks (the database ``make run`` serves: 1,232 deck cards), loaded once per
    module inside a transaction that is rolled back after its last test; each test's own
    transaction nests inside it. Only for modules without transactional tests (a flush would
    remove them)."""
    from django.core.management import call_command
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        call_command("load_starter_decks", verbosity=0)
        yield
        transaction.set_rollback(True)
