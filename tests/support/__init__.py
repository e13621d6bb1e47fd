"""What the tests share, in one package; tests/conftest.py registers its fixtures. A test
module imports helpers from here (`from tests.support.app import soup_of`), never from another
test module nor from tests/conftest.py.

- `pages`: the site's pages (ROUTES, PAGES, LOCALES) and their localized paths.
- `app`: the app built with TestConfig, its clients, `config_with`, HTML parsing helpers.
- `browser`: the app on a loopback port and Debian's Chromium through Playwright, axe-core.
- `navigation`, `consent`: what the navigation and the consent browser tests share.
- `widgets`: the widget build's manifest.
- `servers`: the one server launcher (gunicorn, nginx, `free_port`) and the session's
  deployment fixtures (export, gunicorn, nginx); `clients`: HTTP clients for those servers.
- `nginx`: what the nginx tests compare (the app's headers and policy, hostile answers).
- `deploy_tools`: the units and environment of the deploy tools; `tls`: a throwaway CA.
- `services`: PostgreSQL and Redis on loopback; `smtp`: a real SMTP server on loopback.
- `contact_support`: the contact tests' app, SMTP server and form posting; `descriptions`:
  descriptions of a given size.
- `project_copy`: a copy of the project to change, and pybabel run in it.
- `hostile`, `whatwg_url`: hostile request targets, and URLs resolved as a browser does.
- `internals`: the framework internals the tests rely on; `systemctl`: a stand-in systemctl.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout
