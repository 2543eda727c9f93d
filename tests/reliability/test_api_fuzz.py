"""A bounded schema-driven fuzz run of the whole API (schemathesis): no answer is a 5xx.

Every operation in the OpenAPI schema gets ``EXAMPLES`` generated requests that fit the
schema and as many that do not, once without an account and once as an editor with a token.
Hypothesis is derandomised, so a run is repeatable; raise FUZZ_EXAMPLES for a longer probe.
The figures are printed (``pytest -s``): requests, answers by status class, server errors.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis.generation import GenerationMode

pytestmark = pytest.mark.fuzz

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))


@pytest.fixture
def _keep_the_test_connection():
    """The raw WSGI app closes the database connection after each request, as it should in
    production; inside a test's transaction that would end the test's connection (PostgreSQL).
    Django's own test client unhooks the same signal handler."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def _schema():
    from config.wsgi import application

    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


def _fuzz(
    operation,
    mode: GenerationMode,
    headers: dict,
    tally: Counter,
    errors: list,
    known: dict[str, list] | None = None,
    examples: int = EXAMPLES,
) -> None:
    """Probe one operation; ``known`` gives real values for path parameters (a deck's slug, a
    place's id), put in about every other request so that the rows themselves get exercised."""
    known = {name: values for name, values in (known or {}).items() if values}
    real = st.fixed_dictionaries({name: st.sampled_from(values) for name, values in known.items()})

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @given(case=operation.as_strategy(generation_mode=mode), real=real, use_real=st.booleans())
    def probe(case, real: dict, use_real: bool) -> None:
        if use_real and case.path_parameters:
            case.path_parameters.update(
                {name: value for name, value in real.items() if name in case.path_parameters}
            )
        response = case.call(headers={**(case.headers or {}), **headers})
        tally["requests"] += 1
        tally[f"{response.status_code // 100}xx"] += 1
        if response.status_code >= 500:
            errors.append(f"{case.method} {case.formatted_path} → {response.status_code}")

    try:
        probe()
    except Unsatisfiable:
        # Nothing can break this operation's schema (no parameters, no body): nothing to send.
        assert mode is GenerationMode.NEGATIVE, operation.label
        tally["operations without invalid input"] += 1


@pytest.mark.django_db
@pytest.mark.usefixtures("_keep_the_test_connection")
@pytest.mark.parametrize("profile", ["anonymous", "editor"])
def test_fuzzing_the_api_finds_no_server_error(profile, editor, germany_deck, world_deck):
    headers = {}
    if profile == "editor":
        headers = {"Authorization": f"Token {Token.objects.create(user=editor).key}"}
    tally: Counter = Counter()
    errors: list[str] = []
    operations = [result.ok() for result in _schema().get_all_operations()]
    assert len(operations) >= 10
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            _fuzz(operation, mode, headers, tally, errors)
    print(
        f"\nfuzz ({profile}): {len(operations)} operations, {tally['requests']} requests, "
        + ", ".join(f"{k}: {v}" for k, v in sorted(tally.items()) if k != "requests")
        + f", server errors {len(errors)}"
    )
    assert not errors, sorted(set(errors))
