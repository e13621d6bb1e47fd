"""A test-only blueprint of fixture pages that exercise the widgets through the real app,
the real build output (manifest, chunks), the real CSP and the real contact endpoint, while
the site's page templates are being restructured. `create_fixture_app()` is also a gunicorn
app factory for tests/perf/js_budget.py:

    gunicorn 'tests.widget_fixtures:create_fixture_app()'

Pages (each also under /en): /_widgets/home (three carousels, modulepreloaded),
/_widgets/plain (no carousel: only the entry and the nav menu load), /_widgets/contact (the
enhanced contact form, posting to the real /contact). `?delay=<ms>` (≤ 3000) delays any of
them, for the loading bar's throttle.
"""

from __future__ import annotations

import time
from pathlib import Path

from flask import Blueprint, abort, render_template, request, send_file

from motorlab import create_app
from motorlab.config import PROJECT_ROOT, TestConfig
from motorlab.contact.forms import ContactForm

COMPONENT_CSS = ("carousel", "loading_bar", "nav_menu", "toast")
PAGES = ("home", "plain", "contact")
MAX_DELAY_MS = 3000

bp = Blueprint("widget_fixtures", __name__, template_folder="templates")


class FixtureConfig(TestConfig):
    def __init__(self) -> None:
        super().__init__()
        self.CONTACT_RATE_LIMIT = "1000/minute"


@bp.before_request
def delay():
    milliseconds = request.args.get("delay", type=int) or 0
    time.sleep(min(max(milliseconds, 0), MAX_DELAY_MS) / 1000)


@bp.route("/_widgets/<page>")
@bp.route("/en/_widgets/<page>")
def fixture(page: str):
    if page not in PAGES:
        abort(404)
    locale = "en" if request.path.startswith("/en/") else "es"
    prefix = "/en" if locale == "en" else ""
    return render_template(
        f"widget_fixtures/{page}.html",
        page=page,
        locale=locale,
        prefix=prefix,
        other_prefix="" if locale == "en" else "/en",
        form=ContactForm() if page == "contact" else None,
    )


@bp.route("/_widgets/css/<name>.css")
def component_css(name: str):
    # The component stylesheets live beside their macros; until the site's CSS bundle
    # imports them (issue 7), the fixture pages load them from here.
    if name not in COMPONENT_CSS:
        abort(404)
    path: Path = PROJECT_ROOT / "templates" / "components" / name / f"{name}.css"
    return send_file(path, mimetype="text/css", max_age=0)


def create_fixture_app(config: object | None = None):
    app = create_app(config or FixtureConfig())
    app.register_blueprint(bp)
    return app
