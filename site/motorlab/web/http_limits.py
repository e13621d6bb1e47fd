"""How large a request's head may be: one choice for every layer that reads it.

nginx (deploy/nginx.conf, rendered by motorlab.deploy.nginx_config) is the layer that refuses: a
request line longer than REQUEST_LINE gets the site's 414 page, a header line that does not
fit in HEADER_LINE bytes, or lines that together do not fit in its buffers, the site's 431
page, and so do more than HEADER_BYTES of header lines, over HTTP/1.1 and HTTP/2 alike. nginx
joins some lines into one (X-Forwarded-For, HTTP/2's cookie crumbs), which is then as long as
all the buffers hold at most. gunicorn (motorlab.deploy.gunicorn_config, for `make
prod` and the tests) takes everything nginx passes on, so its own bare refusals, which can
never be localised, are not reached through nginx.
"""

from __future__ import annotations

# gunicorn's ceiling for the request line ("GET /path?query HTTP/1.1", without its CRLF):
# its limit_request_line cannot go higher, so nginx refuses anything longer.
REQUEST_LINE = 8190
# nginx's client_header_buffer_size (its default): the request line and the first header
# lines are read into it, and stay there when later lines go to the larger buffers below.
FIRST_BUFFER = 1024
# One of nginx's large_client_header_buffers: a header line, CRLF included, fits in one. A
# 10 kB Cookie (a parent domain's cookies add up) must get through.
HEADER_LINE = 16 * 1024
# The largest head a request may have, counted as HTTP/1.1 writes it (the request line, then
# "Name: value" and CRLF per line; HTTP/2's cookie crumbs as the one Cookie nginx joins them
# into, the one line a browser sends over HTTP/1.1), over HTTP/1.1 and HTTP/2 alike: past it,
# or past HEADER_LINE in one line, the site's 431 page (deploy/nginx.conf: $request_length
# over HTTP/1.1, deploy/header_check.js over HTTP/2).
HEADER_BYTES = 4 * HEADER_LINE
# nginx's buffers hold twice that (128 kB): HTTP/2's decoder drops the whole connection past
# them, with no page, so every request up to HEADER_BYTES, and well beyond, reaches the count
# above. Past the buffers, HTTP/1.1 gets the 431 page and HTTP/2 the dropped connection.
HEADER_BUFFERS = 2 * HEADER_BYTES // HEADER_LINE
# What nginx adds to a header it passes on (X-Forwarded-For gets ", <client address>").
PROXY_ADDITION = 64
# The shortest header line, `x:` and its CRLF: the most lines HEADER_BUFFERS can hold.
SHORTEST_HEADER_LINE = len("x:\r\n")
