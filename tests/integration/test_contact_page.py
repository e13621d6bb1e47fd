"""The contact page and its public HTTP contract: 303 (then the confirmation once), 422 with
input kept, JSON mode, the 400s (CSRF, cookies, not UTF-8), 413, 429, in the page's language."""

import pytest

from motorlab import create_app
from tests.support.app import soup_of, visible_text
from tests.support.contact_support import (
    VALID,
    contact_config,
    csrf_token,
    deliver,
    post_contact,
    stored,
)

PAGES = {
    "es": {
        "path": "/contact",
        "h1": "¿Listo para empezar?",
        "submit": "Enviar",
        "labels": ("Tu nombre", "Tu correo electrónico", "Cuéntanos tu proyecto"),
        "success": "Gracias: hemos recibido tu mensaje",
        "sent": "Mensaje enviado",
        "next": "Qué pasa después",
        "home": ("Volver a la página de inicio", "/"),
        "again": "Enviar otro mensaje",
        "privacy": "/privacy",
        "csrf": "El formulario caducó antes de enviarse.",
        "no_token": "No se pudo verificar el formulario.",
        "no_cookies": "No hemos podido comprobar tu formulario porque tu navegador no envió",
        "too_long": "Tu mensaje era demasiado largo para leerlo: una descripción puede tener "
        "como máximo 5000 caracteres.",
        "too_many": "Has enviado varias solicitudes en poco tiempo.",
    },
    "en": {
        "path": "/en/contact",
        "h1": "Ready to start?",
        "submit": "Send",
        "labels": ("Your name", "Your email address", "Tell us about your project"),
        "success": "Thank you: we have received your message",
        "sent": "Message sent",
        "next": "What happens next",
        "home": ("Back to the home page", "/en"),
        "again": "Send another message",
        "privacy": "/en/privacy",
        "csrf": "Your form expired before it was sent.",
        "no_token": "Your form could not be verified.",
        "no_cookies": "Your form could not be checked because your browser did not send our",
        "too_long": "Your message was too long to be read: a description may have at most "
        "5000 characters.",
        "too_many": "You have sent several requests in a short time.",
    },
}


@pytest.fixture(params=list(PAGES))
def page(request):
    return PAGES[request.param]


def test_the_page_has_the_form_the_contact_links_and_a_hidden_honeypot(
    contact_client, page, contact_app, smtp
):
    response = contact_client.get(page["path"])
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    soup = soup_of(response)
    assert visible_text(soup.h1) == page["h1"]
    assert soup.title.string == f"{page['h1']} | Motorlab"
    form = soup.find("form", class_="c-contact-form")
    assert form["method"] == "post" and form["action"] == page["path"]
    labels = [label.get_text(strip=True) for label in form.find_all("label")]
    assert labels[:3] == list(page["labels"])
    for field in ("name", "email", "description"):
        assert form.find(id=field)["name"] == field
        assert form.find("label", attrs={"for": field})
    assert form.find("input", attrs={"name": "csrf_token"})["value"]
    # The button's text is its label alone: the busy text is the stylesheet's (issue 44).
    submit = form.find("button", type="submit")
    assert submit.get_text(strip=True) == page["submit"]
    assert visible_text(submit) == page["submit"]
    assert form.find("a", href=page["privacy"])
    main = soup.find("main")
    config = contact_app.config
    assert main.find("a", href=f"mailto:{config['CONTACT_EMAIL']}")
    assert main.find("a", href="tel:" + config["CONTACT_PHONE"].replace(" ", ""))
    # The honeypot: hidden from people; a robot that fills it is answered success, and nothing
    # is stored or sent.
    trap = soup.find("input", attrs={"name": "website"})
    assert trap["tabindex"] == "-1" and trap["autocomplete"] == "off"
    wrapper = trap.find_parent("div")
    assert wrapper["aria-hidden"] == "true"
    assert "c-contact-form__trap" in wrapper["class"]
    css = soup.find("style").string
    assert ".c-contact-form__trap,.c-contact-form[hidden]{display:none}" in css
    response = post_contact(contact_client, {**VALID, "website": "https://spam.example"})
    assert response.status_code == 303
    as_json = post_contact(contact_client, {**VALID, "website": "x"}, as_json=True)
    assert as_json.get_json() == {"ok": True}
    assert stored(contact_app) == [] and smtp.messages == []


def test_a_valid_post_leads_to_the_confirmation_once(contact_client, contact_app, page, smtp):
    """The 303 leads to the page showing the confirmation in the form's place, once."""
    response = post_contact(contact_client, path=page["path"])
    assert response.status_code == 303
    assert response.headers["Location"] == page["path"]
    shown = contact_client.get(page["path"])
    assert shown.status_code == 200
    assert shown.headers["Cache-Control"] == "no-store"
    soup = soup_of(shown)
    assert soup.title.string == f"{page['sent']} | Motorlab"
    assert [h1.get_text(strip=True) for h1 in soup.find_all("h1")] == [page["sent"]]
    assert page["h1"] not in visible_text(soup)
    assert soup.find("form") is None
    # The page's heading says it, and labels the confirmation in the form's place.
    sent = soup.find("section", class_="c-contact-sent")
    assert soup.find(id=sent["aria-labelledby"]) is soup.h1
    assert page["success"] in sent.p.get_text()
    assert sent.h2.get_text(strip=True) == page["next"]
    assert len(sent.ol.find_all("li")) == 3
    links = [(a.get_text(strip=True), a["href"]) for a in sent.find_all("a")]
    assert links == [page["home"], (page["again"], page["path"])]
    # The next steps are the confirmation's: the aside does not say them twice.
    assert [h2.get_text(strip=True) for h2 in soup.find_all("h2")].count(page["next"]) == 1
    again = soup_of(contact_client.get(page["path"]))
    assert visible_text(again.h1) == page["h1"]
    assert again.find("form", class_="c-contact-form") is not None
    # The confirmation is there for the enhanced form, in the form's <template> only.
    assert [node.parent.name for node in again.find_all(class_="c-contact-sent")] == ["template"]
    assert smtp.messages == []  # the request only stores; the sender delivers
    assert deliver(contact_app).sent == 1 and len(smtp.messages) == 1


def test_an_invalid_post_keeps_the_input_and_links_each_error(contact_client, page, contact_app):
    data = {"name": "Ana <b>", "email": "not-an-email", "description": "short"}
    response = post_contact(contact_client, data, path=page["path"])
    assert response.status_code == 422
    soup = soup_of(response)
    assert soup.find(id="name")["value"] == "Ana <b>"  # kept, and escaped by the template
    assert soup.find(id="email")["value"] == "not-an-email"
    assert soup.find(id="description").get_text() == "short"
    summary = soup.find(class_="c-error-summary")
    assert summary["tabindex"] == "-1" and summary.has_attr("autofocus")
    targets = [link["href"] for link in summary.find_all("a")]
    assert targets == ["#email", "#description"]
    for field in ("email", "description"):
        control = soup.find(id=field)
        assert control["aria-invalid"] == "true"
        assert f"{field}-error" in control["aria-describedby"].split()
        assert soup.find(id=f"{field}-error").get_text(strip=True)
    assert soup.find(id="name").get("aria-invalid") is None
    assert soup.title.string.startswith("Error: ")
    assert stored(contact_app) == []


def test_json_mode_answers_ok_with_the_token_in_the_form_or_a_header(
    contact_client, contact_app, smtp
):
    ok = post_contact(contact_client, as_json=True)
    assert ok.status_code == 200 and ok.get_json() == {"ok": True}
    token = csrf_token(contact_client, "/en/contact")  # or the token in a header
    headers = {"Accept": "application/json", "X-CSRFToken": token}
    in_header = contact_client.post("/en/contact", data=VALID, headers=headers)
    assert in_header.status_code == 200 and in_header.get_json() == {"ok": True}
    assert deliver(contact_app).sent == 2
    assert len(stored(contact_app)) == 2 and len(smtp.messages) == 2


@pytest.mark.parametrize(
    ("refused", "status"),
    [("no_token", 400), ("csrf", 400), ("no_cookies", 400), ("too_long", 413)],
)
def test_a_refused_post_is_localized_and_gives_the_form_back(
    contact_client, contact_app, page, smtp, refused, status
):
    """A missing token (nothing there to expire), a forged one, a valid one from a browser that
    sends no cookie, a body over 64 kB (never read: the form comes back empty); otherwise
    nothing typed is lost."""
    token = csrf_token(contact_client)  # a session exists
    data = {
        "no_token": dict(VALID),
        "csrf": {**VALID, "csrf_token": "forged-token"},
        "no_cookies": {**VALID, "csrf_token": token},
        "too_long": {**VALID, "description": "x" * (65 * 1024), "csrf_token": token},
    }[refused]
    client = (
        contact_app.test_client(use_cookies=False) if refused == "no_cookies" else contact_client
    )
    html = client.post(page["path"], data=data, headers={"Accept": "text/html"})
    assert html.status_code == status
    soup = soup_of(html)
    assert page[refused] in soup.find(class_="c-error-summary").get_text()
    form = soup.find("form", class_="c-contact-form")
    kept = ("", "") if refused == "too_long" else (VALID["name"], VALID["description"])
    assert (form.find(id="name")["value"], form.find(id="description").get_text()) == kept
    assert form.find("input", attrs={"name": "csrf_token"})["value"]
    as_json = client.post(page["path"], data=data, headers={"Accept": "application/json"})
    assert as_json.status_code == status
    assert as_json.get_json()["ok"] is False
    assert as_json.get_json()["error"].startswith(page[refused])
    assert stored(contact_app) == [] and smtp.messages == []


def test_a_body_that_is_not_utf8_gets_a_400_that_says_so(contact_client, contact_app):
    token = csrf_token(contact_client, "/en/contact")
    body = f"csrf_token={token}&name=Ana%FF&email=ana%40example.com&description=Hola%FFmundo"
    form = "application/x-www-form-urlencoded"
    html = contact_client.post("/en/contact", data=body, content_type=form)
    assert html.status_code == 400
    soup = soup_of(html)
    assert "did not send it as UTF-8" in soup.find(class_="c-error-summary").get_text()
    assert soup.find(id="name")["value"] == "Ana\ufffd"
    assert soup.find(id="email")["value"] == "ana@example.com"
    as_json = contact_client.post(
        "/en/contact",
        data=body.encode(),
        content_type=form,
        headers={"Accept": "application/json"},
    )
    assert as_json.status_code == 400 and "UTF-8" in as_json.get_json()["error"]
    assert stored(contact_app) == []


def test_the_sixth_post_in_a_minute_is_a_localized_429(smtp, tmp_path, page):
    app = create_app(contact_config(smtp, tmp_path, CONTACT_RATE_LIMIT="5/minute;50/day"))
    client = app.test_client()
    for _ in range(5):
        assert post_contact(client, path=page["path"]).status_code == 303
    for _ in range(3):
        client.get(page["path"])  # reading the page is never limited
    html = post_contact(client, path=page["path"])
    assert html.status_code == 429
    assert page["too_many"] in visible_text(soup_of(html))
    assert int(html.headers["Retry-After"]) > 0
    as_json = post_contact(client, path=page["path"], as_json=True)
    assert as_json.status_code == 429
    assert as_json.get_json()["error"].startswith(page["too_many"])
    assert deliver(app).sent == 5
    assert len(stored(app)) == 5 and len(smtp.messages) == 5


def test_other_pages_still_set_no_cookie(contact_client):
    post_contact(contact_client)
    fresh = contact_client.application.test_client()
    for path in ("/en", "/nope"):
        assert "Set-Cookie" not in fresh.get(path, headers={"Accept-Language": "en"}).headers
