"""The contact page: a form that posts to itself, in HTML or JSON (PRODUCT.md). A POST only
stores the request in the outbox: the answer never waits on the mail server."""

from __future__ import annotations

import time
from urllib.parse import parse_qsl

from flask import current_app, flash, get_flashed_messages, jsonify, redirect, request, url_for
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, TooManyRequests

from motorlab.contact import ratelimit
from motorlab.contact.forms import ContactForm
from motorlab.contact.outbox import OutboxUnavailable, open_outbox
from motorlab.content import contact as content
from motorlab.errors.handlers import http_error
from motorlab.extensions import csrf
from motorlab.i18n import current_locale
from motorlab.pages.page import Page, render_page
from motorlab.web.hosts import fetched_from_this_site
from motorlab.web.negotiation import wants_json


# Exempt from CSRFProtect's early check: the view checks the token itself once it knows the
# body can be read (an undecodable body would look like a missing token).
@csrf.exempt
def contact_view(page: Page):
    try:
        response = current_app.make_response(_answer(page))
    except CSRFError:
        response = _csrf_failed(page)
    except RequestEntityTooLarge:  # the body was not read: the form again, empty, and why
        message = content.TOO_LONG % {"max": content.DESCRIPTION_MAX}
        response = _refused(page, ContactForm(formdata=None), 413, message)
    except HTTPException as error:  # an unreadable or too large body: in JSON if asked
        response = current_app.make_response(http_error(error, as_json=wants_json()))
    response.headers["Cache-Control"] = "no-store"  # a CSRF token, maybe a one-time message
    return response


def undecodable_form() -> MultiDict | None:
    """A url-encoded body that is not UTF-8 (parsed as an empty form otherwise): its fields,
    U+FFFD in place of what cannot be read. None when the body is fine."""
    if request.mimetype != "application/x-www-form-urlencoded":
        return None
    raw = request.get_data(cache=True)  # the form parser reads the cached copy later
    try:  # raw bytes and percent-escapes alike
        parse_qsl(raw.decode("utf-8"), keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        text = raw.decode("utf-8", errors="replace")
        return MultiDict(parse_qsl(text, keep_blank_values=True, errors="replace"))
    return None


def _answer(page: Page):
    if request.headers.get(ratelimit.FRONT_LIMIT_HEADER) == "1":  # nginx's limit: text kept
        if request.method in ("GET", "HEAD"):
            raise TooManyRequests(retry_after=1)
        return _too_many(page, ContactForm(), retry_after=1)
    if request.method in ("GET", "HEAD"):
        return _page(page, ContactForm())
    unreadable = undecodable_form()
    if unreadable is not None:
        return _refused(page, ContactForm(formdata=unreadable), 400, str(content.UNREADABLE))
    if fetched_from_this_site() is False:  # another site's post: refused, token or not
        raise CSRFError("another site's post")
    csrf.protect()
    form = ContactForm()
    if form.is_spam:
        return _accepted()  # a robot: look successful, send nothing
    if not form.validate():
        if wants_json():
            errors = {name: [str(m) for m in messages] for name, messages in form.errors.items()}
            return jsonify(ok=False, errors=errors), 422
        return _page(page, form, status=422)
    email = current_app.config["CONTACT_EMAIL"]
    deadline = time.monotonic() + float(current_app.config["OUTBOX_LOCK_TIMEOUT"])
    wait = ratelimit.reserve()
    if wait is not None:
        return _too_many(page, form, retry_after=int(wait + 0.999))
    try:
        _store(form, deadline)
    except OutboxUnavailable as error:
        current_app.logger.error("Contact request not stored: %s", error)
        ratelimit.release()
        return _refused(page, form, 503, content.UNAVAILABLE % {"email": email})
    return _accepted()


def _store(form: ContactForm, deadline: float) -> None:
    left = deadline - time.monotonic()
    if left < 0.05:
        raise OutboxUnavailable("no time left within OUTBOX_LOCK_TIMEOUT")
    open_outbox(current_app.config, lock_timeout=left).add(
        locale=current_locale(),
        name=form.name.data,
        email=form.email.data,
        description=form.description.data,
    )


def _too_many(page: Page, form: ContactForm, retry_after: int):
    email = current_app.config["CONTACT_EMAIL"]
    response = _refused(page, form, 429, content.TOO_MANY % {"email": email})
    response.headers["Retry-After"] = str(retry_after)
    return response


def _refused(page: Page, form: ContactForm, status: int, message: str):
    """The form again, its text kept, with `message` on top (or in JSON)."""
    if wants_json():
        return current_app.make_response((jsonify(ok=False, error=message), status))
    return current_app.make_response(_page(page, form, status=status, problem=message))


SENT = "sent"  # the flash category that makes the next GET the confirmation of a send


def _accepted():
    if wants_json():
        return jsonify(ok=True)
    flash(str(content.SENT.title), SENT)
    return redirect(url_for("pages.contact"), code=303)


def _page(page: Page, form: ContactForm, status: int = 200, problem: str | None = None):
    if request.method in ("GET", "HEAD") and get_flashed_messages(category_filter=[SENT]):
        return render_page(page, title=str(content.SENT.title), sent=True), status
    title = page.title
    if form.errors or problem:
        title = _("Error: %(title)s", title=title)
    return render_page(page, title=title, form=form, problem=problem, sent=False), status


def _csrf_failed(page: Page):
    config = current_app.config
    sent = [request.form.get(config["WTF_CSRF_FIELD_NAME"])]
    sent += [request.headers.get(name) for name in config["WTF_CSRF_HEADERS"]]
    no_token = not any(sent)
    no_cookie = config["SESSION_COOKIE_NAME"] not in request.cookies
    if no_token:  # nothing was there to expire (a script, a page that lost its field)
        message = content.NOT_VERIFIED
    else:
        message = content.NO_COOKIES if no_cookie else content.CSRF_EXPIRED
    return _refused(page, ContactForm(), 400, str(message))
