"""Snapshot every page of both locales (visible text, links but static ones) and compare two
snapshots, to show a refactor changes nothing a visitor sees or follows:

    .venv/bin/python tests/tools/crawl.py snapshot before.json    # on the old commit
    .venv/bin/python tests/tools/crawl.py snapshot after.json     # on the new one
    .venv/bin/python tests/tools/crawl.py compare before.json after.json"""

import json
import sys

from bs4 import BeautifulSoup

from motorlab import create_app
from motorlab.config import TestConfig
from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE
from motorlab.pages.registry import PAGES

# The registry's pages and one path no page has (the 404 page), in both locales.
ROUTES = (*(page.path for page in PAGES), "/no-such-page")
PATHS = [*ROUTES, *("/en" + route.rstrip("/") for route in ROUTES)]


def page_record(html: str, status: int) -> dict:
    soup = BeautifulSoup(html, "html.parser")
    links = [
        f"{tag.name}:{tag.get('href') or tag.get('action') or tag.get('src')}"
        for tag in soup.find_all(["a", "form", "img", "link", "source"])
        if not (tag.get("href") or tag.get("src") or tag.get("srcset") or "").startswith("/static/")
        and (tag.get("href") or tag.get("action") or tag.get("src"))
    ]
    for node in soup(["script", "style", "template"]):
        node.decompose()
    return {"status": status, "text": " ".join(soup.get_text(" ").split()), "links": links}


def snapshot() -> dict:
    records = {}
    for path in PATHS:
        client = create_app(TestConfig()).test_client()
        client.set_cookie(COOKIE_NAME, DEFAULT_LOCALE)
        response = client.get(path)
        records[path] = page_record(response.get_data(as_text=True), response.status_code)
    return records


def compare(before: dict, after: dict) -> list[str]:
    differences = []
    for path in sorted(set(before) | set(after)):
        old, new = before.get(path), after.get(path)
        if old is None or new is None:
            differences.append(f"{path}: only in {'after' if old is None else 'before'}")
            continue
        for key in ("status", "text", "links"):
            if old[key] == new[key]:
                continue
            detail = f"{old[key]!r:.200} -> {new[key]!r:.200}"
            if key == "links":
                gone = [link for link in old[key] if link not in new[key]]
                added = [link for link in new[key] if link not in old[key]]
                detail = f"removed {gone}, added {added}" if gone or added else "order changed"
            differences.append(f"{path}: {key} differs: {detail}")
    return differences


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "snapshot":
        with open(argv[2], "w", encoding="utf-8") as f:
            json.dump(snapshot(), f, ensure_ascii=False, indent=1)
        print(f"{len(PATHS)} pages written to {argv[2]}")
        return 0
    if len(argv) == 4 and argv[1] == "compare":
        with open(argv[2], encoding="utf-8") as f1, open(argv[3], encoding="utf-8") as f2:
            before, after = json.load(f1), json.load(f2)
        differences = compare(before, after)
        print("\n".join(differences) or f"identical: {len(before)} pages")
        return 1 if differences else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
