"""Imported by tests.support.app: every app of the process shares Jinja's compiled templates and
Werkzeug's URL builders, 80 % of building an app (pinned by test_internals.py)."""

from __future__ import annotations

from flask import Flask
from jinja2 import BytecodeCache
from werkzeug.routing import Rule

from motorlab.extensions import cache


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, kept for the whole test process: the code depends only on
    the template's source (Jinja checks it) and Jinja's own filters (the site adds none)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()
Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": COMPILED_TEMPLATES}

_compile_builder = Rule._compile_builder
URL_BUILDERS: dict[tuple, object] = {}


def shared_url_builder(rule: Rule, append_unknown: bool = True):
    """The builder Werkzeug compiles for each rule of each app depends only on this key; the
    rule itself is bound at call time."""
    defaults = rule.defaults or {}
    baked = tuple(
        rule._converters[name].to_url(defaults[name])
        for dynamic, name in rule._trace
        if dynamic and name in defaults
    )
    key = (rule.rule, append_unknown, tuple(rule._trace), tuple(defaults), baked)
    if key not in URL_BUILDERS:
        URL_BUILDERS[key] = _compile_builder(rule, append_unknown)
    return URL_BUILDERS[key]


Rule._compile_builder = shared_url_builder


def stored_entries(app: Flask) -> int:
    """How many entries the app's Flask-Caching backend holds (cachelib has no public count)."""
    with app.app_context():
        backend = cache.cache
    if hasattr(backend, "_cache"):  # SimpleCache
        return len(backend._cache)
    return backend._write_client.dbsize()  # RedisCache: a server of the test's own
