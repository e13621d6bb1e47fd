"""What the tests share, in one package; tests/conftest.py registers its fixtures.

- `pages`: the site's pages (ROUTES, PAGES, LOCALES) and their localized paths.
- `app`: the app built with TestConfig, its clients, `config_with`, HTML parsing helpers.
- `browser`: the app on a loopback port and Debian's Chromium through Playwright, axe-core.
- `widgets`: the widget build's manifest.
- `servers`: the one server launcher (gunicorn, nginx, `free_port`), a cookie-keeping visitor,
  and the session's deployment fixtures (export, gunicorn, nginx).
- `services`: PostgreSQL and Redis on loopback.
- `smtp`: a real SMTP server on loopback.
- `contact_support`: the contact tests' app, SMTP server and form posting.

Test modules import helpers from here (`from tests.support.app import soup_of`), never from
tests/conftest.py.
"""
