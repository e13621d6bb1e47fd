"""The hostile request targets every front door is tested with (the app, nginx, the TLS
redirect): backslashes, tabs, CR/LF, repeated slashes, encoded and non-ASCII forms, markup."""

from __future__ import annotations

from urllib.parse import quote

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from motorlab.rendering import analytics
from tests.support.pages import LOCALES, ROUTES, localized

# The same examples every run (a failure is reproducible), however slow the server.
REPRODUCIBLE = settings(
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# Markup that must never come back as it was sent: a page shows it escaped, or not at all.
MARK = '<x-fuzz a="1">'
MARK_BYTES = MARK.encode()

PATHS = [localized(route, locale) for route in ROUTES for locale in LOCALES] + [
    "/language/en",
    "/language/es",
    "/sitemap.xml",
    "/robots.txt",
    "/healthz",
    "/en/",
    "/static/img/favicon.svg",
    "/_img/640/img/favicon.svg",
]

# Segments a redirect built from the decoded path would turn into another site or a header.
REDIRECT_BAIT = [
    "//evil.example",
    "%2F%2Fevil.example",
    "\\evil.example",
    "%5Cevil.example",
    "%5C%5Cevil.example",
    "%09/evil.example",
    f"%0d%0aSet-Cookie:%20{analytics.COOKIE_NAME}={analytics.GRANTED};%20Path=/",
    "%0aX-Injected:%201",
    "%0d",
    "%20%09",
    "%00",
    "..",
    "%2e%2e",
    "%ff%fe",
    "caf%C3%A9",
    "café",
]

text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30)
odd_segment = st.one_of(
    text.map(lambda t: quote(t, safe="")),
    st.sampled_from([*REDIRECT_BAIT, MARK]),
)


@st.composite
def targets(draw) -> str:
    """A request target: a page or endpoint, maybe with an odd last segment, trailing or
    repeated slashes, and a query."""
    path = draw(st.sampled_from(PATHS))
    if draw(st.booleans()):
        path = path.rstrip("/") + "/" + draw(odd_segment)
    path += draw(st.sampled_from(["", "", "/", "//"]))
    if draw(st.booleans()):
        query = draw(
            st.sampled_from(
                [
                    "next=//evil.example",
                    "next=https://evil.example/",
                    "next=/%0d%0aSet-Cookie:x=1",
                    "next=" + quote(MARK),
                ]
            )
            | text.map(lambda t: quote(t, safe="=&"))
        )
        path += "?" + query
    return path.replace(" ", "%20")
