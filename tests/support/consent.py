"""What the consent tests share: the analytics origins a page may not reach before a choice,
and the banner (mounted, and as a screen reader meets it)."""

import re

ANALYTICS_ORIGINS = ("https://www.googletagmanager.com/**", "https://*.google-analytics.com/**")
BANNER_MOUNTED = ".c-consent-banner[data-mounted=true]"


def banner(page):
    return page.get_by_role(
        "region", name=re.compile("^(Visit statistics|Estadísticas de visitas)$")
    )
