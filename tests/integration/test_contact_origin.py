"""Where a contact post may come from: the rate limit keys on the client's address (a proxy's
X-Forwarded-For only when trusted), and over HTTPS another site's post is refused."""

import pytest

from motorlab import create_app
from tests.support.app import soup_of
from tests.support.contact_support import VALID, contact_config, csrf_token, post_contact, stored

SITE = "https://www.motorlab.example"


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
        ({}, 303),  # neither (no Referer either): the token alone decides
        ({"Sec-Fetch-Site": "cross-site"}, 400),  # another site's post, even with a token
        ({"Sec-Fetch-Site": "same-site"}, 400),
        ({"Sec-Fetch-Site": "same-origin"}, 303),
    ],
)
def test_another_sites_post_is_refused_with_the_form(smtp, tmp_path, headers, status):
    """Sec-Fetch-Site decides; without it the Origin (or Referer) must be SITE_URL's in scheme,
    host and port. A refused post gets the form back, its text kept."""
    app = create_app(contact_config(smtp, tmp_path, SITE_URL=SITE))
    client = app.test_client()
    data = {**VALID, "csrf_token": csrf_token(client, SITE + "/en/contact")}
    answer = client.post("/en/contact", base_url=SITE, data=data, headers=headers)
    assert answer.status_code == status
    assert len(stored(app)) == (1 if status == 303 else 0)
    if status == 400:
        form = soup_of(answer).find("form", class_="c-contact-form")
        assert form.find("input", attrs={"name": "name"})["value"] == VALID["name"]
        headers = {**headers, "Accept": "application/json"}
        as_json = client.post("/en/contact", base_url=SITE, data=data, headers=headers)
        assert as_json.status_code == 400 and as_json.get_json()["ok"] is False
