"""Google Analytics with consent (LSSI art. 22.2, the AEPD cookie guide), decided in the
browser: the facts the server hands the consent_banner widget and the CSP.

With `ANALYTICS_ID` set, every page carries the widget's inert node. Where JavaScript runs and
no choice is stored, the widget asks; it keeps the choice in the page's own storage
(localStorage, `analytics_consent`) and loads gtag after "accept" (now, and on later pages
while the storage says so). A cookie would not do: a sibling host (`evil.motorlab.example`)
can set one for the whole domain, and no other origin can write this page's storage
(docs/decisions/0022-consent-in-the-pages-own-storage.md). A `denied` in the
`analytics_consent` cookie that earlier releases wrote is still honoured (any "denied" wins);
its `granted` never grants. The server never reads either: every page is the same for every
visitor, so any cache may keep it (docs/decisions/0019-consent-in-the-browser.md). Without
JavaScript nothing is asked, loaded or stored. Without `ANALYTICS_ID` there is no node, no
script and no analytics origin in the Content-Security-Policy.
"""

from __future__ import annotations

# The choice's name: its localStorage entry, and the cookie earlier releases wrote (read only
# for its "denied").
STORAGE_KEY = COOKIE_NAME = "analytics_consent"
GRANTED, DENIED = "granted", "denied"
CHOICES = (GRANTED, DENIED)
MAX_AGE = 365 * 24 * 60 * 60  # seconds; asked again after a year (AEPD: at most 24 months)
SCRIPT_URL = "https://www.googletagmanager.com/gtag/js?id="
# What Google Analytics 4 (gtag.js) loads and reports to: the CSP names these on every page
# while ANALYTICS_ID is set, so the script can load right after "accept".
CSP_SOURCES = {
    "script-src": "https://www.googletagmanager.com",
    "img-src": "https://*.google-analytics.com https://*.googletagmanager.com",
    "connect-src": (
        "https://*.google-analytics.com https://*.analytics.google.com "
        "https://*.googletagmanager.com"
    ),
}
