"""gunicorn's settings, the only place they are written: `make prod`, the systemd unit
(deploy/motorlab-web.service) and the tests' servers (tests/support/servers.py) all run

    gunicorn --config python:motorlab.deploy.gunicorn_config --bind HOST:PORT wsgi:app

gunicorn reads the module's names that are its settings and ignores the rest. The request
limits must agree with nginx in front of it (motorlab.web.http_limits), and nginx's upstream
timeout is derived from `timeout` (deploy_config).
"""

import os

from motorlab import refuse_to_start, startup
from motorlab.web import http_limits

# Sync workers: nginx buffers every request and answer, so a worker never waits on a slow
# client; one request per worker at a time.
worker_class = "sync"
# WEB_CONCURRENCY when the environment sets it (the unit's environment file, a PaaS), else
# gunicorn's advice for sync workers: two per core, plus one.
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1)
# A worker silent this long (seconds) is killed and replaced.
timeout = 30
# On SIGTERM a worker finishes the request it serves, which may take that long; the web
# unit's TimeoutStopSec waits longer (motorlab.deploy.units).
graceful_timeout = timeout
# No request header becomes SCRIPT_NAME or PATH_INFO (gunicorn's default takes them from a
# trusted proxy's headers, and answers a SCRIPT_NAME that is no prefix of the path with an
# error page of its own): docs/operations.md, on what the app believes of the proxy.
forwarder_headers = ""
# The scheme is read from X-Forwarded-Proto alone, the one nginx sets (and clears the others):
# gunicorn's default also reads X-Forwarded-Ssl and X-Forwarded-Protocol, and answers two
# that disagree with a bare 400 of its own ("Contradictory scheme headers").
secure_scheme_headers = {"X-FORWARDED-PROTO": "https"}
# Access and error log lines to stdout and stderr: the journal's (systemd) or the terminal's.
accesslog = "-"
errorlog = "-"
# No control socket (gunicorn 25.1+ opens one for `gunicornc`, in $XDG_RUNTIME_DIR or
# ~/.gunicorn: the unit's user has no home, so it logged a permission error at each start).
# Nothing here uses it; systemd and signals manage the server.
control_socket_disable = True

limit_request_line = http_limits.REQUEST_LINE
# Every line nginx passes on, with what nginx adds to it: a joined one too (the lines of
# X-Forwarded-For, HTTP/2's cookie crumbs) can fill all of nginx's buffers, never more.
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
    """The settings and catalogs checked once, in the master, before any worker starts: a
    problem stops gunicorn with one line (every worker would print it before the master
    noticed the first one's exit)."""
    reason = startup.refusal() or startup.catalogs_refusal()
    if reason:
        refuse_to_start(reason)
