"""gunicorn's settings, the only place they are written: `make prod`, the systemd unit and the
tests' servers all run `gunicorn --config python:motorlab.deploy.gunicorn_config --bind ADDRESS
wsgi:app`. The request limits follow nginx's in front (motorlab.web.http_limits)."""

import os

from motorlab import refuse_to_start, startup
from motorlab.web import http_limits

# Sync workers: nginx buffers every request and answer, so a worker never waits on a client.
worker_class = "sync"
# WEB_CONCURRENCY when set (the unit's environment file), else gunicorn's advice: 2 x cores + 1.
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1)
timeout = 30  # seconds a silent worker lives; nginx's upstream timeout derives from it
# On SIGTERM a worker finishes its request; the unit's TimeoutStopSec waits longer.
graceful_timeout = timeout
# No request header becomes SCRIPT_NAME or PATH_INFO (docs/operations.md, on what the app
# believes of the proxy).
forwarder_headers = ""
# The scheme from X-Forwarded-Proto alone, the one nginx sets: gunicorn's default also reads
# two more, and answers a disagreement with a bare 400 of its own.
secure_scheme_headers = {"X-FORWARDED-PROTO": "https"}
accesslog = "-"  # to stdout and stderr: the journal's or the terminal's
errorlog = "-"
# No control socket: gunicorn 25.1+ opens one in the user's home, which the unit's user lacks.
control_socket_disable = True

limit_request_line = http_limits.REQUEST_LINE
# Every line nginx passes on, with what it adds: a joined one (X-Forwarded-For's, HTTP/2's
# cookie crumbs) can fill all of nginx's buffers, never more.
limit_request_field_size = (
    http_limits.FIRST_BUFFER
    + http_limits.HEADER_BUFFERS * http_limits.HEADER_LINE
    + http_limits.PROXY_ADDITION
)
# As many lines as nginx's buffers can hold (gunicorn's default, 100, is far fewer).
limit_request_fields = (
    http_limits.FIRST_BUFFER + http_limits.HEADER_LINE * http_limits.HEADER_BUFFERS
) // http_limits.SHORTEST_HEADER_LINE


def on_starting(server) -> None:
    """Settings and catalogs checked once, in the master, before any worker starts: a problem
    stops gunicorn with one line, not one per worker."""
    reason = startup.refusal() or startup.catalogs_refusal()
    if reason:
        refuse_to_start(reason)
