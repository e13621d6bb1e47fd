"""POST /consent: remember the visitor's analytics choice, then show the same page again
(a script asking for JSON gets `{"choice": …}` instead of the redirect).

Protected against cross-site requests without a session token (which would make every page
that shows the banner uncacheable and the static export impossible): the browser's own
`Sec-Fetch-Site`, else `Origin`, else `Referer` must name this site.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import abort, jsonify, redirect, request, url_for

from motorlab.consent import CHOICES, COOKIE_MAX_AGE, COOKIE_NAME, enabled
from motorlab.cookies import remember
from motorlab.extensions import csrf
from motorlab.hosts import fetched_from_this_site, local_path
from motorlab.i18n import LocalizedBlueprint
from motorlab.negotiation import wants_json

bp = LocalizedBlueprint("consent", __name__)


def same_site_request() -> bool:
    browser_says = fetched_from_this_site()
    if browser_says is not None:
        return browser_says
    source = request.headers.get("Origin") or request.headers.get("Referer")
    return bool(source) and urlsplit(source).netloc == request.host


@csrf.exempt
@bp.route("/consent", methods=["POST"])
def choose():
    if not enabled():
        abort(404)
    choice = request.form.get("choice")
    if choice not in CHOICES or not same_site_request():
        abort(400)
    if wants_json():  # the consent_banner widget: no page load
        response = jsonify(choice=choice)
    else:
        target = local_path(request.form.get("next")) or url_for("pages.home")
        response = redirect(target, code=303)
    return remember(response, COOKIE_NAME, choice, COOKIE_MAX_AGE)
