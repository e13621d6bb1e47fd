"""The contact page: a plain form that posts to itself, and the same endpoint in JSON.

HTML: GET shows the form; an invalid POST answers 422 with the form, the input and the
errors; a valid one answers 303 back to the page, which then shows, once (flash), the
confirmation instead of the form: the same one the enhanced form shows after a JSON send.
JSON (`Accept: application/json`): 200 {"ok": true} or 422 {"ok": false, "errors": ...};
400 (CSRF, undecodable body), 413 (too large), 429 (rate limit) and 503 (outbox fault)
answer {"ok": false, "error": "..."}; in HTML each shows the form again with its text
(413's form is empty: a body over MAX_CONTENT_LENGTH is never read).

A POST only stores the request in the outbox; `flask outbox worker` delivers it. So the
answer never waits on the mail server, and a stored row is never lost. The rate limit and
the store share one deadline, `OUTBOX_LOCK_TIMEOUT`: a locked outbox answers 503 within it.
"""

from __future__ import annotations

import time

from flask import (
    current_app,
    flash,
    get_flashed_messages,
    jsonify,
    redirect,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, TooManyRequests

from motorlab.contact import ratelimit
from motorlab.contact.body import undecodable_form
from motorlab.contact.forms import ContactForm
from motorlab.contact.outbox import OutboxUnavailable, open_outbox
from motorlab.content import contact as content
from motorlab.errors.handlers import http_error
from motorlab.extensions import csrf
from motorlab.i18n import current_locale
from motorlab.pages.page import Page, render_page
from motorlab.web.hosts import fetched_from_this_site
from motorlab.web.negotiation import wants_json


# The contact page's view (pages/registry.py names it; pages/routes.py routes it). Exempt from
# CSRFProtect's early check: the view checks the token itself, after making sure the body can
# be read at all (an undecodable body would look like a missing token).
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
    # The page carries a CSRF token and maybe a one-time message: no cache may keep it.
    response.headers["Cache-Control"] = "no-store"
    return response


def _answer(page: Page):
    if ratelimit.refused_by_the_front():  # nginx's limit: refused, the text kept
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
    """Store the request with what is left of the post's deadline (the limit used some)."""
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
    """429: the form again with its text, and when to try again."""
    email = current_app.config["CONTACT_EMAIL"]
    response = _refused(page, form, 429, content.TOO_MANY % {"email": email})
    response.headers["Retry-After"] = str(retry_after)
    return response


def _refused(page: Page, form: ContactForm, status: int, message: str):
    """The form again, its text kept, with `message` on top (or in JSON)."""
    if wants_json():
        response = jsonify(ok=False, error=message)
        response.status_code = status
        return response
    body, status = _page(page, form, status=status, problem=message)
    return current_app.make_response((body, status))


# The flash category that marks the next GET of the page as the confirmation of a send.
SENT = "sent"


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
    body = render_page(page, title=title, form=form, problem=problem, sent=False)
    return body, status


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
