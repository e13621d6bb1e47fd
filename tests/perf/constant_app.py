"""The ceiling of the server itself: a plain WSGI function returning a constant string,
served by gunicorn with the same settings as the app (tests/perf/bench_speed.py)."""

BODY = b"Motorlab Digital\n"


def app(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(BODY)))])
    return [BODY]
