"""gunicorn's settings that must agree with nginx in front of it (motorlab.http_limits):

    gunicorn -c python:motorlab.gunicorn_config … wsgi:app

`make prod` and the tests' servers (tests/support/servers.py) load it; gunicorn reads the
module's names that are its settings and ignores the rest.
"""

from motorlab import http_limits

limit_request_line = http_limits.REQUEST_LINE
# Every line nginx accepts, with what nginx adds to it.
limit_request_field_size = http_limits.HEADER_LINE + http_limits.PROXY_ADDITION
# As many lines as nginx's buffers can hold (gunicorn's default, 100, is far fewer).
limit_request_fields = (
    http_limits.HEADER_LINE * http_limits.HEADER_BUFFERS // http_limits.SHORTEST_HEADER_LINE
)
