import json
import random
import subprocess

import pytest

from motorlab.config import PROJECT_ROOT
from motorlab.deploy.nginx_config import DETECTION, detection_module, render
from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE, LANGUAGES, LOCALES
from motorlab.language.detection import (
    LANGUAGE_ENTRY,
    MAX_LANGUAGE_ENTRIES,
    first_visit_locale,
    preferred_locale,
)


@pytest.fixture(scope="module")
def script(tmp_path_factory):
    """deploy/root_language.js as deploy_config renders it for nginx, for the declared languages."""
    path = tmp_path_factory.mktemp("njs") / DETECTION.name
    path.write_text(detection_module(LANGUAGES))
    return path


# Entries that are not entries by RFC 9110's grammar are ignored: the next one decides.
BY_ANSWER = {
    "en": ["en", "en-US", "en-GB,en;q=0.9", "EN-us", "en-US, es", "fr-FR, fr;q=0.9, en;q=0.5",
           "de;q=0.9, es;q=0.1, en;q=0.5", "es;q=0, en;q=0.1", "en;Q=0.5, es;q=0.4",
           "en \t;\tq=0.5 , es;q=0.4", "fr," * (MAX_LANGUAGE_ENTRIES - 1) + "en"],
    "es": ["es, en", "es-ES,es;q=0.9,en;q=0.8", "es;q=0.5, en;q=0.500", "en; q = 0.9, es",
           "en;q=0.9;foo, es;q=0.5", "en;q=, es;q=0.5", "en;q=\u0660.5, es;q=0.5",
           "en;q=\uff10.5, es;q=0.5", 'en;q="0.5", es;q=0.4', "en;q=1.5, es;q=0.5",
           "en;q=0.5000, es;q=0.4", "en\u00a0, es;q=0.5"],
    None: ["fr, de", "*", "", "fr," * MAX_LANGUAGE_ENTRIES + "en"],
}  # fmt: skip


@pytest.mark.parametrize(
    ("header", "expected"),
    [(header, answer) for answer, headers in BY_ANSWER.items() for header in headers],
)
def test_preferred_locale(header, expected):
    assert preferred_locale(header) == expected


def test_nginx_detection_script_uses_the_apps_constants(script, tmp_path):
    """nginx's copy of the detection takes the app's cookie, locales, bound and grammar
    (`(?![\\s\\S])`: PCRE's `$` matches before a final newline), none written by hand."""
    template = DETECTION.read_text()
    for constant in (COOKIE_NAME, *(f'"{locale}"' for locale in LOCALES),
                     f"= {MAX_LANGUAGE_ENTRIES};", LANGUAGE_ENTRY.pattern):  # fmt: skip
        assert constant not in template, constant
    module = script.read_text()
    assert f'var COOKIE_NAME = "{COOKIE_NAME}";' in module
    assert f'var LOCALES = "{" ".join(LOCALES)}".split(" ");' in module
    assert f'var DEFAULT_LOCALE = "{DEFAULT_LOCALE}";' in module
    assert f'var MAX_LANGUAGE_ENTRIES = Number("{MAX_LANGUAGE_ENTRIES}");' in module
    assert f"/^{LANGUAGE_ENTRY.pattern}(?![\\s\\S])/;" in module
    # werkzeug.sansio.http._cookie_re without its groups, and "its key is COOKIE_NAME"
    value = r""""(?:[^\\"]|\\[^\n])*"|[^ \t";]*"""
    part = r'[ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*(?:' + value + r"))?[ \t]*(?:;|(?![\s\S]))"
    named = f"""(?=[ \\t]*{COOKIE_NAME}(?![^ \\t=";]))"""
    step = f"({named}{part})|(?:(?!{named}){part}|(?!{part})[^;]*;)+|[\\s\\S]*"
    assert f"    /{step}/g;" in module
    conf = render(listen="80", root=tmp_path, app="127.0.0.1:8000", runtime=tmp_path)
    assert f'"~{COOKIE_NAME}" "1";' in conf, "nginx.conf's fast path looks for the cookie"
    [loaded] = tmp_path.glob(f"{DETECTION.stem}-*.js")
    assert f"js_import root_language from {loaded};" in conf
    assert loaded.read_text() == module, "the module the config loads"


def hostile_headers(count: int) -> list[tuple[str, str]]:
    """(Cookie, Accept-Language) pairs: cookies from the pieces werkzeug splits on; lists of
    entries, well-formed or not, some past the bound, and some of loose pieces."""
    rng = random.Random(25)
    cookie_parts = ["i18n_redirected", "i18n_redirected=", "; i18n_redirected=en", "=", '"',
                    "\\", ";", " ", "\t", "a", "k=", 'k="', "é", "\n", '\\"', "\x00",
                    ","]  # fmt: skip
    tags = ["en", "es", "EN_us", "es-419", "en-GB", "fr", "*", "é", "", " en", "es\t", "e s"]
    weights = ["", "", ";q=0.5", ";q=0.9", "; q=0", ";q=1", ";Q=0.50", " ;q=0.500", "; q = 0.9",
               ";q=", ";q=\u0660.5", ";q=\uff10.9", ";q=0.9;foo", ';q="0.5"', ";q=1.0001",
               ";q=0.", ";level=1", ";q=-0"]  # fmt: skip
    pieces = [*tags, *weights, ",", ";", "=", '"', "\u00a0"]
    names = ["i18n_redirected", " i18n_redirected ", "k", "a b", "", '"k"']
    values = ["", "en", '"en"', '"x\\"', '"x"y', "x y", '"', '"\\"', "\\", '"a;b', ' "x" ', "\t"]
    pairs = []
    for _ in range(count):
        if rng.random() < 0.5:
            parts = rng.choices(names, k=rng.randrange(6))
            cookie = rng.choice([";", "; "]).join(
                name + rng.choice(["", "=", " = "]) + rng.choice(values) for name in parts
            )
        else:
            cookie = "".join(rng.choices(cookie_parts, k=rng.randrange(30)))
        if rng.random() < 0.7:
            entries = rng.choices(tags, k=rng.randrange(MAX_LANGUAGE_ENTRIES + 8))
            accept = rng.choice([",", ", ", " ,"]).join(t + rng.choice(weights) for t in entries)
        else:
            accept = "".join(rng.choices(pieces, k=rng.randrange(30)))
        pairs.append((cookie, accept))
    return pairs


def test_the_script_reads_headers_as_the_app_does(script):
    """The njs copy run under Node against the app's own function, on hostile and random
    headers: the same locale, or the same "cookie already there", for every pair."""
    pairs = [
        ('foo="a;i18n_redirected=en"', "en"),
        ('foo="a\\";i18n_redirected=en"', "en"),
        ('foo="a\\";i18n_redirected=en', "en"),
        ('k="x"y; i18n_redirected="en"', "en"),
        ('k="a\\"; i18n_redirected="b"', "en"),
        ('k="\\";k="\\";k="\\";i18n_redirected=en', "en"),
        ('k="\\";' * 2000 + "i18n_redirected", "en"),
        (";" * 16000 + "i18n_redirected", "en"),
        ("a b;" * 4000 + "i18n_redirected=", "en"),
        ("foo=a b; i18n_redirected", "en"),
        ("i18n_redirected x; a=1", "en"),
        ("xi18n_redirected=1", "en"),
        ("", "fr," * MAX_LANGUAGE_ENTRIES + "en"),
        ("", "en-" + "a" * 15000),
        *hostile_headers(3000),
    ]
    found = run_under_node(script, "([c, a]) => reading.firstVisitLocale(c, a)", pairs)
    # The app reads WSGI's latin-1 strings.
    expected = [
        first_visit_locale(cookie.encode().decode("latin-1"), accept) or ""
        for cookie, accept in pairs
    ]
    mismatches = [
        (pair, app, njs)
        for pair, app, njs in zip(pairs, expected, found, strict=True)
        if app != njs
    ]
    assert not mismatches, mismatches[:10]


def run_under_node(script, function: str, inputs: list) -> list:
    """The rendered module (imported as `reading`) under Node: `function` of each input."""
    program = (
        f"import reading from {json.dumps(str(script))};\n"
        "let input = '';\n"
        "process.stdin.on('data', (chunk) => { input += chunk; });\n"
        "process.stdin.on('end', () => {\n"
        f"  const found = JSON.parse(input).map({function});\n"
        "  process.stdout.write(JSON.stringify(found));\n"
        "});\n"
    )
    found = subprocess.run(
        ["node", "--input-type=module", "-e", program],
        input=json.dumps(inputs),
        capture_output=True,
        text=True,
        check=True,
        cwd=PROJECT_ROOT,
        timeout=60,
    ).stdout
    return json.loads(found)
