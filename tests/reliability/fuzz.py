"""The API fuzz run (schemathesis) that the fuzz tests share: the schema, and one operation
probed."""

from __future__ import annotations

from collections import Counter

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.generation import GenerationMode


def api_schema():
    """The API's OpenAPI schema, served by the raw WSGI app (no test client in between)."""
    from config.wsgi import application

    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


def fuzz_operation(
    operation,
    mode: GenerationMode,
    headers: dict,
    tally: Counter,
    errors: list,
    *,
    examples: int,
    known: dict[str, list] | None = None,
) -> None:
    """Probe one operation with ``examples`` requests of ``mode``, counting answers in ``tally``
    and a 5xx in ``errors``; ``known`` gives real values for path parameters (a deck's slug, a
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
