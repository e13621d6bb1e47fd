"""How large a request's head may be: one choice for every layer that reads it.

nginx (deploy/nginx.conf, rendered by motorlab.deploy_config) is the layer that refuses: a
request line longer than REQUEST_LINE gets the site's 414 page, a header line that does not
fit in HEADER_LINE bytes, or lines that together do not fit in its buffers, the site's 431
page. nginx joins some lines into one (X-Forwarded-For, HTTP/2's cookie crumbs), which is
then as long as all the buffers hold at most. gunicorn (motorlab.gunicorn_config, for `make
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
# All the header lines together fit in this many such buffers (64 kB).
HEADER_BUFFERS = 4
# What nginx adds to a header it passes on (X-Forwarded-For gets ", <client address>").
PROXY_ADDITION = 64
# The shortest header line, `x:` and its CRLF: the most lines HEADER_BUFFERS can hold.
SHORTEST_HEADER_LINE = len("x:\r\n")
