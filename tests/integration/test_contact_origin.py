"""Where a contact post may come from: the rate limit keys on the client's address (a proxy's
X-Forwarded-For only when trusted), and over HTTPS another site's post is refused."""

import pytest

from motorlab import create_app
from tests.support.app import soup_of, visible_text
from tests.support.contact_support import VALID, contact_config, csrf_token, post_contact, stored

SITE = "https://www.motorlab.example"


@pytest.fixture
def site_app(smtp, tmp_path):
    return create_app(contact_config(smtp, tmp_path, SITE_URL=SITE))


def post_to_site(client, headers, data=None):
    """A post to SITE's English form, with a token of its page unless `data` has one."""
    data = data or {**VALID, "csrf_token": csrf_token(client, SITE + "/en/contact")}
    return client.post("/en/contact", base_url=SITE, data=data, headers=headers)


@pytest.mark.parametrize("hops", [0, 1])
def test_the_limit_keys_on_the_client_address_and_trusts_proxies_only_when_told(
    smtp, tmp_path, hops
):
    config = contact_config(smtp, tmp_path, CONTACT_RATE_LIMIT="2/minute", PROXY_FIX_HOPS=hops)
    client = create_app(config).test_client()

    def post_from(address):
        return post_contact(client, headers={"X-Forwarded-For": address})

    assert [post_from("203.0.113.7").status_code for _ in range(3)] == [303, 303, 429]
    # Behind a trusted proxy another visitor has their own count; without one, a forged
    # X-Forwarded-For changes nothing.
    assert post_from("198.51.100.2").status_code == (303 if hops else 429)


def test_over_https_a_post_without_referer_is_accepted_and_another_sites_refused(site_app):
    """No Referer is fine (Flask-WTF's rule would refuse every try); another site's post is
    refused, with the form, even with a valid token."""
    client = site_app.test_client()
    sent = post_to_site(client, {})
    assert sent.status_code == 303, visible_text(soup_of(sent))[:500]
    assert "Referer" not in sent.request.headers
    assert len(stored(site_app)) == 1
    for fetch_site in ("cross-site", "same-site"):
        refused = post_to_site(client, {"Sec-Fetch-Site": fetch_site})
        assert refused.status_code == 400
        assert soup_of(refused).find("form", class_="c-contact-form") is not None
    assert post_to_site(client, {"Sec-Fetch-Site": "same-origin"}).status_code == 303
    assert len(stored(site_app)) == 2


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Origin": "https://www.motorlab.example"}, 303),
        ({"Origin": "https://WWW.motorlab.example:443"}, 303),  # the same origin, spelt out
        ({"Origin": "http://www.motorlab.example"}, 400),  # another scheme
        ({"Origin": "https://evil.example"}, 400),  # another host
        ({"Origin": "https://www.motorlab.example.evil.example"}, 400),
        ({"Origin": "https://www.motorlab.example:8443"}, 400),  # another port
        ({"Origin": "null"}, 400),  # an opaque origin (a sandboxed frame, a data: page)
        ({"Referer": "https://www.motorlab.example/en/contact"}, 303),  # no Origin: the Referer
        ({"Referer": "http://www.motorlab.example/en/contact"}, 400),
        ({"Referer": "https://evil.example/en/contact"}, 400),
        ({"Referer": "https://www.motorlab.example:444/en/contact"}, 400),
        ({"Origin": "https://evil.example", "Referer": "https://www.motorlab.example/"}, 400),
        ({}, 303),  # neither: the token alone decides
    ],
)
def test_without_sec_fetch_site_the_origin_is_compared_whole(site_app, headers, status):
    """Without Sec-Fetch-Site the Origin (or Referer) must be SITE_URL's in scheme, host, port."""
    client = site_app.test_client()
    data = {**VALID, "csrf_token": csrf_token(client, SITE + "/en/contact")}
    answer = post_to_site(client, headers, data)
    assert answer.status_code == status
    assert len(stored(site_app)) == (1 if status == 303 else 0)
    if status == 400:
        form = soup_of(answer).find("form", class_="c-contact-form")
        assert form.find("input", attrs={"name": "name"})["value"] == VALID["name"]
        as_json = post_to_site(client, {**headers, "Accept": "application/json"}, data)
        assert as_json.status_code == 400 and as_json.get_json()["ok"] is False
