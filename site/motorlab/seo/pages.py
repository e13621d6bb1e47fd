"""The pages listed in /sitemap.xml, by endpoint and URL values (each in every locale): the
registry's listed pages, so a page declared there cannot be forgotten here."""

from motorlab.content.types import Link
from motorlab.pages.registry import listed_pages

SITEMAP_PAGES: tuple[Link, ...] = tuple(page.link for page in listed_pages())
