VENV ?= .venv
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000

BIN := $(VENV)/bin

.PHONY: run dev test bench backup restore lint format clean messages
# A failed recipe leaves no half-made venv or stamp behind to be trusted next time.
.DELETE_ON_ERROR:

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Stamps inside the venv: pip runs again only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@ $(VENV)/.installed

# The translations, compiled from their catalogs (docs/translating.md) only
# when a catalog changed: no step at each start.
CATALOGS := $(wildcard locale/*/LC_MESSAGES/*.po)
COMPILED := $(CATALOGS:.po=.mo)

%.mo: %.po | $(VENV)/.installed
	$(BIN)/pybabel compile --input-file $< --output-file $@

# Every catalog brought up to date with the strings marked in the code: the
# tests fail until this has been run and the new entries translated.
messages: $(VENV)/.installed-test
	scripts/ensure-package xgettext gettext
	$(BIN)/python manage.py makemessages --all --domain django
	$(BIN)/python manage.py makemessages --all --domain djangojs

# The table's server: gunicorn with DEBUG off, static files collected, a secret
# key made once (scripts/serve). HOST=0.0.0.0 lets the phones on the Wi-Fi in.
run: $(VENV)/.installed $(COMPILED)
	PYTHON=$(BIN)/python HOST=$(HOST) PORT=$(PORT) scripts/serve

# Django's development server, with DEBUG and reloading on every change.
dev: $(VENV)/.installed $(COMPILED)
	DEBUG=$${DEBUG:-true} $(BIN)/python manage.py migrate
	DEBUG=$${DEBUG:-true} $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: $(VENV)/.installed-test $(COMPILED)
	scripts/ensure-package "$${CHROMIUM_PATH:-/usr/bin/chromium}" chromium CHROMIUM_PATH
	scripts/ensure-package zbarimg zbar-tools
	@# The catalogs' checks run GNU gettext's xgettext and msgfmt (tests/test_catalogs.py).
	scripts/ensure-package xgettext gettext
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	@# A constraint derived from the rules must never drift from its migration.
	DEBUG=true $(BIN)/python manage.py makemigrations --check --dry-run
	@echo "make test: the whole suite on SQLite"
	$(BIN)/python -m pytest
	@# The same suite on a throwaway PostgreSQL, where this machine has one, with a
	@# UTF-8 locale as production clusters have (scripts/with-postgres: C.UTF-8).
	@# REQUIRE_POSTGRES=1 (as .ci/run sets) makes its absence a failure.
	@echo "make test: the whole suite on PostgreSQL"
	@scripts/with-postgres $(BIN)/python -m pytest; status=$$?; \
	if [ $$status -eq 77 ]; then \
	  if [ -n "$$REQUIRE_POSTGRES" ]; then echo "make test: PostgreSQL could not be started, and REQUIRE_POSTGRES is set." >&2; exit 1; fi; \
	  echo "make test: the PostgreSQL leg was skipped: no PostgreSQL server here (apt-get install postgresql)."; \
	elif [ $$status -ne 0 ]; then exit $$status; fi

# Every page against a trivial view, served as make run serves it (bench/README.md).
bench: $(VENV)/.installed $(COMPILED)
	scripts/ensure-package wrk wrk
	$(BIN)/python bench/bench.py

# The whole database into a new file (FILE=..., default backups/rummy-DATE-TIME.*),
# while the server runs; and back, into an empty database (FORCE=1: any database).
backup: $(VENV)/.installed
	$(BIN)/python manage.py backup $(FILE)

restore: $(VENV)/.installed
	@test -n "$(FILE)" || { echo "make restore FILE=backups/rummy-....sqlite3 [FORCE=1]" >&2; exit 2; }
	$(BIN)/python manage.py restore "$(FILE)" $(if $(FORCE),--force)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Leaves db.sqlite3 and .secret_key alone: they hold the scores and the sessions.
clean:
	rm -rf $(VENV) staticfiles build .pytest_cache .ruff_cache .hypothesis test-results *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
