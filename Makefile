# Motorlab Digital — every task a person or CI needs. `make help` lists them.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
STAMPS := .setup-stamps
PO_FILES := $(wildcard translations/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)
# esbuild's inputs: the widgets and the stylesheet (styles/ and every component's .css).
WIDGET_SOURCES := $(shell find widgets site/motorlab/styles -type f 2>/dev/null) \
  $(wildcard templates/components/*/*.css templates/pages/*.css)
CHROMIUM := /usr/bin/chromium

.PHONY: help setup run test test-fast prod messages lint chromium bench

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

setup: $(STAMPS)/python $(STAMPS)/node $(STAMPS)/widgets $(MO_FILES) ## Install everything (idempotent)

$(STAMPS)/python: requirements.lock pyproject.toml
	@mkdir -p $(STAMPS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps -e .
	@touch $@

$(STAMPS)/node: package.json package-lock.json
	@mkdir -p $(STAMPS)
	npm ci --no-audit --no-fund
	@touch $@

$(STAMPS)/widgets: $(STAMPS)/node $(WIDGET_SOURCES)
	npm run build
	@touch $@

translations/%/LC_MESSAGES/messages.mo: translations/%/LC_MESSAGES/messages.po $(STAMPS)/python
	$(BIN)/pybabel compile --statistics -i $< -o $@

# The sender (`flask outbox worker`) runs beside the web server and stops with it.
run: setup ## Set up, then serve the site on http://$(HOST):$(PORT) with its mail sender
	$(BIN)/flask --app wsgi outbox worker & sender=$$!; trap 'kill $$sender' EXIT; \
	$(BIN)/flask --app wsgi run --debug --host $(HOST) --port $(PORT)

prod: setup ## Serve the site with gunicorn and its mail sender
	$(BIN)/flask --app wsgi outbox worker & sender=$$!; trap 'kill $$sender' EXIT; \
	$(BIN)/gunicorn --bind $(HOST):$(PORT) --workers $${WEB_CONCURRENCY:-2} --access-logfile - wsgi:app

# Both cores: pytest-xdist spreads the tests over one worker per core.
PYTEST := $(BIN)/pytest -n auto

test: setup chromium ## Set up, then run every test (browser tests included)
	$(PYTEST)

test-fast: setup ## Every test but the browser ones, for the edit loop
	$(PYTEST) -m "not browser"

chromium: ## Make sure Debian's Chromium is there for the browser tests
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	  else \
	    echo "Browser tests need $(CHROMIUM). Install it with: sudo apt-get install chromium" >&2; \
	    exit 1; \
	  fi; \
	fi

# The catalogs' folder; the catalog test points it at a copy.
TRANSLATIONS ?= translations

messages: $(STAMPS)/python ## Extract messages and update the catalogs (for translators)
	$(BIN)/pybabel extract -F babel.cfg --omit-header --sort-by-file --add-comments=TRANSLATORS: \
	  -k _l -k lazy_pgettext:1c,2 -o $(TRANSLATIONS)/messages.pot site templates
	$(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete -i $(TRANSLATIONS)/messages.pot \
	  -d $(TRANSLATIONS)
	@echo "Now translate the empty entries in translations/*/LC_MESSAGES/messages.po"

lint: $(STAMPS)/python ## Check the Python code style
	$(BIN)/ruff check site tests wsgi.py
	$(BIN)/ruff format --check site tests wsgi.py

bench: setup ## Measure page rendering speed and the contact pipeline under load
	$(BIN)/python tests/perf/bench_home.py
	$(BIN)/python tests/perf/load_contact.py
	$(BIN)/python tests/perf/stalled_smtp.py
