# Motorlab Digital — every task a person or CI needs. `make help` lists them.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
DEBUGGER ?=
STAMPS := .setup-stamps
PO_FILES := $(wildcard translations/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)
# esbuild's inputs: the widgets and the stylesheet (styles/ and every component's .css).
WIDGET_SOURCES := $(shell find widgets site/motorlab/styles -type f 2>/dev/null) \
  $(wildcard templates/components/*/*.css templates/pages/*.css)
CHROMIUM := /usr/bin/chromium
# The brand typeface, the site's own subset of npm's Figtree (styles/fonts.css), built here
# before esbuild bundles it: never committed.
BRAND_FONT := site/motorlab/styles/build/figtree.woff2
# The drawings and icons: their code, the content and tokens they draw from, the logo.
PICTURE_SOURCES := $(shell find site/motorlab/build/drawings site/motorlab/content -name '*.py' 2>/dev/null) \
  site/motorlab/build/pictures.py site/motorlab/build/icons.py site/motorlab/identity.py \
  site/motorlab/styles/tokens.css site/motorlab/static/img/favicon.svg

.PHONY: help setup run test test-fast prod prod-setup prod-env export messages lint chromium nginx systemd wrk bench watch screenshots

# The descriptions name $(HOST) and $(PORT): awk writes their values.
help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' -v host='$(HOST)' -v port='$(PORT)' \
	  '{gsub(/\$$\(HOST\)/, host, $$2); gsub(/\$$\(PORT\)/, port, $$2); printf "  %-12s %s\n", $$1, $$2}'

setup: $(STAMPS)/python $(STAMPS)/node $(STAMPS)/widgets $(STAMPS)/pictures $(MO_FILES) ## Install everything (idempotent)

# Three layers in one virtualenv: `runtime` is what the site needs to run (requirements.lock,
# all `make prod` installs); `local` adds the SMTP sink `make run` prints mail with
# (requirements-local.lock); `python` adds the test and lint tools (requirements-dev.lock).
# One pip call for the packages and the site's own (editable) package. PIP_COMPILE=0 (make run)
# leaves compiling to the first import, which compiles only what runs: seconds on a first run.
PIP_COMPILE ?= 1
$(STAMPS)/runtime: requirements.lock pyproject.toml
	@mkdir -p $(STAMPS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check $(if $(filter 0,$(PIP_COMPILE)),--no-compile) -r requirements.lock -e .
	@touch $@

$(STAMPS)/local: $(STAMPS)/runtime requirements-local.lock
	$(BIN)/pip install --quiet --disable-pip-version-check $(if $(filter 0,$(PIP_COMPILE)),--no-compile) -r requirements-local.lock
	@touch $@

$(STAMPS)/python: $(STAMPS)/local requirements-dev.lock
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.lock
	@touch $@

# The same layers for npm: `node-runtime` is what the build needs (`dependencies`: React,
# the font, esbuild), without install scripts (esbuild's only checks the binary that its
# platform package brings; `make run`, `make prod-setup`); `node` adds the test and lint tools
# (`devDependencies`, `make setup`). Each `npm ci` replaces node_modules, so each stamp
# says which of the two is there.
$(STAMPS)/node-runtime: package.json package-lock.json
	@mkdir -p $(STAMPS)
	@rm -f $(STAMPS)/node
	npm ci --omit=dev --ignore-scripts --no-audit --no-fund
	@touch $@

$(STAMPS)/node: package.json package-lock.json
	@mkdir -p $(STAMPS)
	npm ci --no-audit --no-fund
	@touch $@ $(STAMPS)/node-runtime

# esbuild only adds files; Python deletes earlier builds' once no cached page links them
# (motorlab/releases.py, which reads the pages' cache lifetime).
$(STAMPS)/widgets: $(STAMPS)/node-runtime $(STAMPS)/runtime $(WIDGET_SOURCES) $(BRAND_FONT)
	npm run build
	$(BIN)/python -m motorlab retire-build
	@touch $@

# Every character of the catalogs and the languages' names, from npm's font (fontTools):
# a new text or language rebuilds it (motorlab.build.font_subset).
$(BRAND_FONT): site/motorlab/build/font_subset.py $(PO_FILES) translations/languages.toml $(STAMPS)/node-runtime $(STAMPS)/runtime
	$(BIN)/python -m motorlab.build.font_subset $@

# The drawings in every declared language, and the icons (motorlab.build.pictures), never
# committed. The stamp lists the files written: one of them deleted is drawn again.
DRAWN := $(shell cat $(STAMPS)/pictures 2>/dev/null)
$(STAMPS)/pictures: $(PICTURE_SOURCES) $(MO_FILES) translations/languages.toml $(STAMPS)/node-runtime $(STAMPS)/runtime $(DRAWN)
	$(BIN)/python -m motorlab.build.pictures > $@.tmp && mv $@.tmp $@
$(DRAWN):

# No --statistics: pybabel counts a fuzzy entry as translated ("100%") although it leaves it
# out. The app says what a catalog lacks: `make run` once per language and once per message
# shown, production by refusing to start (motorlab.i18n.check_catalogs).
translations/%/LC_MESSAGES/messages.mo: translations/%/LC_MESSAGES/messages.po $(STAMPS)/runtime
	$(BIN)/pybabel compile -i $< -o $@

watch: $(STAMPS)/node-runtime $(BRAND_FONT) ## Rebuild the stylesheet and widgets on every change (npm run watch)
	npm run watch

# The sender (`flask outbox worker`) runs beside the web server, and unless MAIL_SERVER is
# set, a local SMTP sink that prints each mail here; all stop on Ctrl-C (motorlab/dev/run.py).
# What it runs and no more (the test and lint tools come with `make setup` and `make test`),
# one job per core: the widgets, the drawings and the catalogs build side by side.
run: ## Set up, then serve the site on http://$(HOST):$(PORT) with its mail sender (mail printed here); DEBUGGER=1 adds Werkzeug's debugger, on 127.0.0.1 only, its PIN printed here
	@$(MAKE) --no-print-directory --jobs=$$(nproc) PIP_COMPILE=0 $(STAMPS)/local prod-setup
	$(BIN)/python -m motorlab dev --host $(HOST) --port $(PORT)$(if $(filter 1,$(DEBUGGER)), --debugger)

# Only the runtime packages: no test or lint tool on a production machine. gunicorn's settings
# (workers: WEB_CONCURRENCY, else 2 x cores + 1) are motorlab/deploy/gunicorn_config.py's, the
# systemd units' too (deploy/motorlab-web.service).
prod-setup: $(STAMPS)/runtime $(STAMPS)/widgets $(STAMPS)/pictures $(MO_FILES) ## Install only what the site runs on (a server: no test or lint tool)

prod: prod-env prod-setup ## Serve the site with gunicorn (WEB_CONCURRENCY workers, 2 x cores + 1) and its mail sender; needs SECRET_KEY and SITE_URL
	$(BIN)/flask --app wsgi outbox worker & sender=$$!; trap 'kill $$sender' EXIT; \
	$(BIN)/gunicorn --config python:motorlab.deploy.gunicorn_config --bind $(HOST):$(PORT) wsgi:app

prod-env:
	@if [ -z "$${SECRET_KEY:-}" ]; then echo "make prod: SECRET_KEY is not set; set it to the same long random string on every server" >&2; exit 1; fi
	@if [ -z "$${SITE_URL:-}" ]; then echo "make prod: SITE_URL is not set; set it to the site's address (http://127.0.0.1:$(PORT) on this machine)" >&2; exit 1; fi

# PREVIOUS: the previous release's export (a release folder of its own), whose hashed files the
# new export keeps a while; by default build/site itself, exported again in place.
export: prod-setup ## Write the whole public site to build/site/ (for nginx: deploy/nginx.conf)
	$(BIN)/python -m motorlab export build/site $(if $(PREVIOUS),--previous $(PREVIOUS))

# Both cores: pytest-xdist spreads the tests over one worker per core.
PYTEST := $(BIN)/pytest -n auto

test: setup chromium nginx systemd ## Set up, then run every test (browser and system tests included)
	$(PYTEST)

# No browser, no `system` test (gunicorn, nginx, PostgreSQL, Redis, Java, long property runs,
# a whole export of its own) and no `build` test (esbuild, npm ci, pybabel extract).
# One worker more than the cores: the contact tests spend about 10 s waiting on deadlines and
# sockets, time a third worker fills (on 2 cores: 44-45 s with two workers, 40 s with three).
# Bytecode and pytest's rewritten asserts are kept between runs even where the environment
# says PYTHONDONTWRITEBYTECODE (compiling them again costs each worker about 4 s).
test-fast: setup ## Every test but the browser, system and build ones, for the edit loop
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -n $$(( $$(nproc) + 1 )) -m "not browser and not system and not build"

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

nginx: ## Make sure Debian's nginx (with brotli_static and njs), openssl and curl (TLS tests) and logrotate (its logs) are there
	@if [ ! -x /usr/sbin/nginx ] || [ ! -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] \
	  || [ ! -f /usr/lib/nginx/modules/ngx_http_js_module.so ] || [ ! -x /usr/sbin/logrotate ] \
	  || ! command -v openssl >/dev/null || ! command -v curl >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian's nginx for the deployment tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static libnginx-mod-http-js openssl curl logrotate fonts-dejavu-core >/dev/null; \
	  else \
	    echo "Deployment tests need nginx. Install it with: sudo apt-get install nginx libnginx-mod-http-brotli-static libnginx-mod-http-js openssl curl logrotate" >&2; \
	    exit 1; \
	  fi; \
	fi

systemd: ## Make sure systemd-analyze is there for the service units' test
	@if ! command -v systemd-analyze >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian's systemd for the service units' test"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null; \
	  else \
	    echo "The service units' test needs systemd-analyze. Install it with: sudo apt-get install systemd" >&2; \
	    exit 1; \
	  fi; \
	fi

wrk: ## Make sure wrk (HTTP benchmark) is there for make bench
	@if ! command -v wrk >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; \
	  else \
	    echo "make bench needs wrk. Install it with: sudo apt-get install wrk" >&2; exit 1; \
	  fi; \
	fi

# A reworded message arrives as a fuzzy suggestion and a removed one stays at the end as
# obsolete (`#~`), so no translation is lost. (No --previous: Babel cannot read back the
# `#| msgid` lines it writes, and a second run would turn them into `# |` comments.) The catalogs keep
# their own POT-Creation-Date, and references name files without line numbers (a line added
# above a message moves nothing): on an unchanged tree the command changes nothing.
messages: $(STAMPS)/python ## Extract messages and update the catalogs (for translators)
	$(BIN)/pybabel extract -F babel.cfg --omit-header --sort-by-file --add-location=file \
	  --add-comments=TRANSLATORS: \
	  -k _l -k lazy_pgettext:1c,2 -o $(TRANSLATIONS)/messages.pot site templates
	$(BIN)/pybabel update --ignore-pot-creation-date -i $(TRANSLATIONS)/messages.pot \
	  -d $(TRANSLATIONS)
	@echo "Now translate the empty and fuzzy entries in $(TRANSLATIONS)/*/LC_MESSAGES/messages.po"

screenshots: setup chromium ## Screenshots of the site: the README's two (docs/) and six pages at four widths in both languages (build/screens/); SCREENS_ONLY=1 leaves docs/ alone
	$(BIN)/python tests/tools/screenshots.py $(if $(SCREENS_ONLY),--screens-only)

lint: $(STAMPS)/python $(STAMPS)/node ## Check the code style: ruff for Python, ESLint (eslint.config.js) for JavaScript
	$(BIN)/ruff check site tests wsgi.py
	$(BIN)/ruff format --check site tests wsgi.py
	npm run --silent lint

# The browser benchmarks last (Chromium throttled like a phone): the navigation's click times
# once the network is quiet and 1.5 s after the load (as visitors click, whatever is still
# downloading), then Lighthouse on the app and on the production front (nginx, TLS, HTTP/2
# over the export); all print goals and exit 0 (`--fail` to enforce).
bench: setup chromium nginx wrk ## Measure page speed, the contact pipeline, JavaScript bytes per page, click-to-page times and Lighthouse's figures
	$(BIN)/python tests/perf/bench_home.py
	$(BIN)/python tests/perf/bench_speed.py
	$(BIN)/python tests/perf/load_contact.py
	$(BIN)/python tests/perf/bench_mail.py
	$(BIN)/python tests/perf/stalled_smtp.py
	$(BIN)/python tests/perf/js_budget.py
	$(BIN)/python tests/perf/bench_navigation.py
	$(BIN)/python tests/perf/bench_navigation.py --after-load 1500
	$(BIN)/python tests/perf/lighthouse.py
