"""How large a request's head may be, for every layer that reads it: nginx refuses (with the
site's 414 and 431 pages); gunicorn takes everything nginx passes on."""

from __future__ import annotations

# gunicorn's ceiling for the request line (without its CRLF): nginx refuses anything longer.
REQUEST_LINE = 8190
# nginx's client_header_buffer_size (its default): the request line and the first header lines.
FIRST_BUFFER = 1024
# One of nginx's large_client_header_buffers: a header line, CRLF included, fits in one (a
# 10 kB Cookie must get through).
HEADER_LINE = 16 * 1024
# The largest head, counted as HTTP/1.1 writes it (HTTP/2's cookie crumbs as one Cookie line):
# past it, or past HEADER_LINE in one line, the 431 page (deploy/nginx.conf, header_check.js).
HEADER_BYTES = 4 * HEADER_LINE
# nginx's buffers hold twice that: HTTP/2's decoder drops the connection past them, so every
# request up to HEADER_BYTES reaches the count above.
HEADER_BUFFERS = 2 * HEADER_BYTES // HEADER_LINE
# What nginx adds to a header it passes on (X-Forwarded-For gets ", <client address>").
PROXY_ADDITION = 64
# The shortest header line, `x:` and its CRLF: the most lines HEADER_BUFFERS can hold.
SHORTEST_HEADER_LINE = len("x:\r\n")
