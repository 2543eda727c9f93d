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
from rest_framework.authtoken.models import Token
from schemathesis.generation import GenerationMode

from tests.reliability.fuzz import api_schema, fuzz_operation

pytestmark = pytest.mark.fuzz

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))


@pytest.mark.django_db
@pytest.mark.usefixtures("keep_the_test_connection")
@pytest.mark.parametrize("profile", ["anonymous", "editor"])
def test_fuzzing_the_api_finds_no_server_error(profile, editor, germany_deck, world_deck):
    headers = {}
    if profile == "editor":
        headers = {"Authorization": f"Token {Token.objects.create(user=editor).key}"}
    tally: Counter = Counter()
    errors: list[str] = []
    operations = [result.ok() for result in api_schema().get_all_operations()]
    assert len(operations) >= 10
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            fuzz_operation(operation, mode, headers, tally, errors, examples=EXAMPLES)
    print(
        f"\nfuzz ({profile}): {len(operations)} operations, {tally['requests']} requests, "
        + ", ".join(f"{k}: {v}" for k, v in sorted(tally.items()) if k != "requests")
        + f", server errors {len(errors)}"
    )
    assert not errors, sorted(set(errors))
