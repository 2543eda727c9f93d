# Spot On Studio. Quick start: `make run`, then `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: setup run test check lint format bench clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (set PYTHON=python3.x)")'
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet ".[dev,postgres]"
	@touch $@

setup: $(VENV)/.installed
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_starter_decks
	$(BIN)/python manage.py ensure_admin

# The background jobs' worker (django-tasks' database queue) runs beside the server and stops
# with it, however the server ends.
run: setup
	@echo "Serving on http://$(HOST):$(PORT)/ with a background-job worker  (Ctrl+C to stop)"
	@$(BIN)/python manage.py db_worker --no-reload --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

format: $(VENV)/.installed
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

test: lint
	$(BIN)/python manage.py check --fail-level WARNING
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest -n 2 --dist loadfile

# The edit-test loop: lint and every test but the slow kinds (browser, servers, fuzz,
# exhaustive), which `make test` runs too; property tests try a quarter of their examples. tests/browser holds browser tests only: not even collected here (each
# worker would import Playwright and some 40 modules for nothing).
check: lint
	SPOT_ON_HYPOTHESIS=spot-on-quick $(BIN)/pytest -n 2 --dist loadfile -q -m "not browser and not servers and not fuzz and not exhaustive" \
		--ignore=tests/browser

bench: $(VENV)/.installed
	for script in bench/[!_]*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .cache .pytest_cache .ruff_cache
