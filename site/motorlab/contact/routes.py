"""The contact page: a plain form that posts to itself, and the same endpoint in JSON.

HTML: GET shows the form; an invalid POST answers 422 with the form, the input and the
errors; a valid one answers 303 back to the page, which shows the thanks once (flash).
JSON (`Accept: application/json`): 200 {"ok": true} or 422 {"ok": false, "errors": ...};
400 (CSRF), 413 (too large) and 429 (rate limit) answer {"ok": false, "error": "..."}.
"""

from __future__ import annotations

from flask import (
    current_app,
    flash,
    get_flashed_messages,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from motorlab.contact import bp, mail, outbox
from motorlab.contact.forms import ContactForm
from motorlab.content import contact as content
from motorlab.errors.handlers import error_message, render_error
from motorlab.extensions import limiter
from motorlab.i18n import current_locale
from motorlab.layouts import uses_layout


def _rate_limit() -> str:
    return current_app.config["CONTACT_RATE_LIMIT"]


@bp.route("/contact", methods=["GET", "POST"])
@limiter.limit(_rate_limit, methods=["POST"])
@uses_layout("default")
def form():
    form = ContactForm()
    if request.method == "GET":
        return _page(form)
    if form.is_spam:
        return _accepted()  # a robot: look successful, send nothing
    if not form.validate():
        if wants_json():
            errors = {name: [str(m) for m in messages] for name, messages in form.errors.items()}
            return jsonify(ok=False, errors=errors), 422
        return _page(form, status=422)
    _store_and_send(form)
    return _accepted()


def _store_and_send(form: ContactForm) -> None:
    path = current_app.config["OUTBOX_PATH"]
    row = outbox.add_claimed(
        path,
        locale=current_locale(),
        name=form.name.data,
        email=form.email.data,
        description=form.description.data,
    )
    mail.deliver(path, row)  # a failure leaves the row queued for `flask outbox send`


def _accepted():
    if wants_json():
        return jsonify(ok=True)
    flash(str(content.SUCCESS), "success")
    return redirect(url_for("contact.form"), code=303)


def _page(form: ContactForm, status: int = 200, problem: str | None = None):
    title = _("Ready to start?")
    if form.errors or problem:
        title = _("Error: %(title)s", title=title)
    body = render_template(
        "pages/contact.html",
        title=title,
        description=_(
            "Tell Motorlab Digital about your project: a website, an app or a platform for car "
            "brands. We answer within two working days."
        ),
        form=form,
        page=content,
        problem=problem,
        successes=get_flashed_messages(category_filter=["success"]),
    )
    return body, status


def wants_json() -> bool:
    best = request.accept_mimetypes.best_match(("text/html", "application/json"))
    return best == "application/json"


@bp.after_request
def never_store(response):
    # The page carries a CSRF token and maybe a one-time message: no cache may keep it.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.errorhandler(CSRFError)
def csrf_failed(error: CSRFError):
    message = str(content.CSRF_EXPIRED)
    if wants_json():
        return jsonify(ok=False, error=message), 400
    return _page(ContactForm(), status=400, problem=message)


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    if error.code is None or error.code < 400:
        return error
    kept = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    if wants_json():
        response = jsonify(ok=False, error=error_message(error.code))
        response.status_code = error.code
        response.headers.extend(kept)
        return response
    return render_error(error.code, headers=kept)
