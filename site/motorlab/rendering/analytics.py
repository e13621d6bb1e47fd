"""Google Analytics with consent (LSSI art. 22.2), decided in the browser and never read by the
server (docs/decisions/0019, 0022): what the consent_banner widget and the CSP are told."""

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
