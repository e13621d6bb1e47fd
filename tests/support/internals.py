"""The framework internals the tests rely on, kept here (the app's own are in
motorlab.web.flask_internals), each pinned by tests/integration/test_internals.py.

- Jinja's compiled templates are shared by every app the test process builds: a class-wide
  `Flask.jinja_options`, set when this module is imported (tests.support.app imports it).
- A rule's `any(...)` values: Werkzeug keeps a rule's parsed converters in `rule._converters`
  only.
- The number of entries in a Flask-Caching backend: cachelib counts them nowhere public
  (SimpleCache's `_cache`, RedisCache's `_write_client`).
"""

from __future__ import annotations

from flask import Flask
from jinja2 import BytecodeCache
from werkzeug.routing import Rule

from motorlab.extensions import cache


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, kept for the whole test process. Every test builds its own
    app, and each app's Jinja environment would compile every template it renders again: most
    of a test's time. The compiled code depends only on the template's source (Jinja checks it)
    and on Jinja's own filters (the site adds none), so one compilation serves every app."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()
Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": COMPILED_TEMPLATES}


def any_values(rule: Rule) -> list[dict[str, str]]:
    """Every combination of the values of a rule's `any(...)` parts (`[{}]` when none)."""
    values: list[dict[str, str]] = [{}]
    for name, converter in rule._converters.items():  # werkzeug's parsed rule
        values = [{**v, name: item} for v in values for item in sorted(converter.items)]
    return values


def stored_entries(app: Flask) -> int:
    """How many entries the app's Flask-Caching backend holds."""
    with app.app_context():
        backend = cache.cache
    if hasattr(backend, "_cache"):  # SimpleCache
        return len(backend._cache)
    return backend._write_client.dbsize()  # RedisCache: a server of the test's own
