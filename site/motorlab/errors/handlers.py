from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, render_template, url_for
from flask_babel import gettext as _
from markupsafe import escape
from werkzeug.exceptions import HTTPException, InternalServerError

from motorlab.content.types import Image
from motorlab.i18n import LOCALE_ARG, current_locale
from motorlab.identity import page_title

# The "not found" page's own drawing; decorative: the heading says what happened.
NOT_FOUND_PICTURE = Image("img/not-found.svg", "", 480, 360)


def error_message(status: int) -> str:
    # Built per request so each message is in the visitor's language.
    messages = {
        400: _("The request could not be understood"),
        403: _("You are not allowed to see this page"),
        404: _("This page could not be found"),
        405: _("This address does not accept that kind of request"),
        413: _("The request is too large"),
        # 412, 431, 501 and 505 come from nginx over the export (its pages: export.py).
        412: _("This page has changed since your browser last loaded it: please reload it"),
        414: _("The address is too long"),
        429: _("Too many requests: please wait a moment and try again"),
        431: _("The request's headers are too large: delete this site's cookies and try again"),
        501: _("The server cannot handle this kind of request"),
        505: _("This version of HTTP is not supported: please use an up-to-date browser"),
    }
    return messages.get(status) or _("Error")


def render_error(status: int = 500, headers=()) -> Response:
    try:
        message = error_message(status)
        # The "not found" page words the way home its own way (a lost visitor, not a failure).
        home_link = _("Back to the home page") if status == 404 else _("Go back to home")
        note = None
        if status == InternalServerError.code and current_app.debug:  # `make run`
            note = _("The error's details are in the terminal running make run.")
        body = render_template(
            "errors/error.html",
            status=status,
            home_link=home_link,
            picture=NOT_FOUND_PICTURE if status == 404 else None,
            note=note,
            message=message,
            title=message,
            description=message,
            noindex=True,
        )
        response = Response(body, status=status, mimetype="text/html")
    except Exception:  # noqa: BLE001 - whatever broke, the visitor still gets a page
        response = fallback_page(status)
    response.headers.extend(headers)
    return response


def fallback_page(status: int) -> Response:
    """A page that depends on nothing that could have failed: no template, no catalog."""
    try:
        locale = current_locale()
        text = _("An error occurred while showing the error page")
        link_text = _("Go back to home")
        home = url_for("pages.home", **{LOCALE_ARG: locale})
    except Exception:  # noqa: BLE001
        locale, home = "en", "/"
        text, link_text = "An error occurred while showing the error page", "Go back to home"
    body = (
        f'<!doctype html><html lang="{escape(locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{page_title(text)}</title></head><body>"
        f'<main><h1>{escape(text)}</h1><p><a href="{escape(home)}">{escape(link_text)}</a>'
        "</p></main></body></html>"
    )
    return Response(body, status=status, mimetype="text/html")


def http_error(error: HTTPException, *, as_json: bool = False):
    """The error page, or `{"ok": false, "error": message}` for a client asking for JSON."""
    if error.code is None or error.code < 400:
        return error  # redirects raised as exceptions pass through untouched
    # Keep headers such as Allow (405) or Retry-After (429); the body is ours.
    kept = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    if as_json:
        response = jsonify(ok=False, error=error_message(error.code))
        response.status_code = error.code
        response.headers.extend(kept)
        return response
    return render_error(error.code, headers=kept)


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, http_error)

    @app.errorhandler(Exception)
    def unexpected_error(error: Exception):
        app.logger.exception("Unhandled error", exc_info=error)
        return render_error(InternalServerError.code)
