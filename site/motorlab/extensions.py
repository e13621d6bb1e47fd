"""Flask extensions, created unbound and bound to an app in `create_app`."""

from flask_babel import Babel
from flask_caching import Cache
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect

babel = Babel()
cache = Cache()
csrf = CSRFProtect()
# Keyed by the client address; behind a proxy, PROXY_FIX_HOPS makes that the visitor's.
# Only routes that ask for a limit are limited (the contact form's POSTs).
limiter = Limiter(key_func=get_remote_address)
