"""Adding a page as the README's "Adding a page" says, in a temporary copy of the project: one
registry entry, one content module, one template (and its translations). The page is then served
in both languages, listed in the sitemap, among the pages the export writes (test_page_registry
checks that the export writes exactly those) and given a share image, with nothing else edited."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from bs4 import BeautifulSoup

from tests.support.app import SITE, visible_text
from tests.support.project_copy import copy_project, extract_messages, pybabel, translate_marked

CONTENT = '''"""Content of the careers page."""

from flask_babel import lazy_gettext as _l

PAGE_TITLE = _l("Careers at the studio")
PAGE_DESCRIPTION = _l("Open positions at the studio.")
TITLE = _l("Build software for car brands with us")
'''
TEMPLATE = """{% extends layout %}
{% from "components/page_head/page_head.html" import page_head %}
{% block content %}{{ page_head(page.TITLE, page.PAGE_DESCRIPTION) }}{% endblock %}
"""
ENTRY = '    content_page(careers, "/careers"),\n'

# Run in the copy, in a fresh interpreter: the copy's motorlab, its registry and catalogs.
PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from motorlab import create_app
from motorlab.config import TestConfig
from motorlab.pages.registry import public_paths
app = create_app(TestConfig())
client = app.test_client()
pages = {p: client.get(p) for p in ("/careers", "/en/careers")}
print(json.dumps({
    "status": {p: r.status_code for p, r in pages.items()},
    "html": {p: r.get_data(as_text=True) for p, r in pages.items()},
    "sitemap": client.get("/sitemap.xml").get_data(as_text=True),
    "share": {locale: client.get(f"/_img/share/{locale}/careers.png").content_type
              for locale in ("es", "en")},
    "exported": [path for path in public_paths(app) if "careers" in path],
}))
"""


@pytest.mark.build
def test_a_page_declared_once_appears_everywhere(tmp_path):
    copy = copy_project(tmp_path, "site", "templates", "translations")

    # Step 3: the registry entry, and the import of its content module.
    registry = copy / "site" / "motorlab" / "pages" / "registry.py"
    imports = "from motorlab.content import (\n"
    source = registry.read_text(encoding="utf-8")
    assert imports in source
    source = source.replace(imports, imports + "    careers,\n", 1)
    anchor = "\n)\n\n\ndef listed_pages"
    assert anchor in source
    registry.write_text(source.replace(anchor, "\n" + ENTRY.rstrip("\n") + anchor, 1))
    # Step 1: the content module; step 2: the template, named after it.
    (copy / "site" / "motorlab" / "content" / "careers.py").write_text(CONTENT, encoding="utf-8")
    (copy / "templates" / "pages" / "careers.html").write_text(TEMPLATE, encoding="utf-8")
    # Step 4: its text in the Spanish catalog (here: a marked copy of the English).
    extract_messages(copy)
    pybabel(copy, "update", "-N", "-i", "translations/messages.pot", "-d", "translations")
    translate_marked(copy, "es")

    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(copy / "site")],
        cwd=copy,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["status"] == {"/careers": 200, "/en/careers": 200}
    for path, mark in (("/careers", "[es] "), ("/en/careers", "")):
        html = found["html"][path]
        assert f"<title>{mark}Careers at the studio | Motorlab</title>" in html
        heading = visible_text(BeautifulSoup(html, "html.parser").h1)
        assert heading == mark + "Build software for car brands with us"
        assert f"<loc>{SITE}{path}</loc>" in found["sitemap"]
    assert sorted(found["exported"]) == ["/careers", "/en/careers"]
    assert found["share"] == {"es": "image/png", "en": "image/png"}
