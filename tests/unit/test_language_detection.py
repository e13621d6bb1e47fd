import pytest
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from motorlab.language.detection import preferred_locale


def accept(header: str) -> LanguageAccept:
    return parse_accept_header(header, LanguageAccept)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("en", "en"),
        ("en-US", "en"),
        ("en-GB,en;q=0.9", "en"),
        ("en-US, es", "en"),  # list order: the first entry's language part wins
        ("es, en", "es"),
        ("es-ES,es;q=0.9,en;q=0.8", "es"),
        ("fr-FR, fr;q=0.9, en;q=0.5", "en"),  # first supported entry in the list
        ("de;q=0.9, es;q=0.1, en;q=0.5", "en"),  # quality beats position
        ("es;q=0, en;q=0.1", "en"),  # q=0 means "not acceptable"
        ("EN-us", "en"),
        ("fr, de", None),
        ("*", None),
        ("", None),
    ],
)
def test_preferred_locale(header, expected):
    assert preferred_locale(accept(header)) == expected


def test_nginx_detection_script_uses_the_apps_constants():
    """deploy/root_language.js is nginx's copy of the detection: same cookie and locales."""
    from motorlab.config import PROJECT_ROOT
    from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE, LOCALES, PREFIXES

    script = (PROJECT_ROOT / "deploy" / "root_language.js").read_text()
    assert f'var COOKIE_NAME = "{COOKIE_NAME}";' in script
    assert (
        f"var LOCALES = [{', '.join(repr(x).replace(chr(39), chr(34)) for x in LOCALES)}];"
        in script
    )
    assert f'var DEFAULT_LOCALE = "{DEFAULT_LOCALE}";' in script
    assert PREFIXES == {"es": "", "en": "/en"}, "deploy/nginx.conf redirects English to /en"
