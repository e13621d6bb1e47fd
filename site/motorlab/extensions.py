"""Flask extensions, created unbound and bound to an app in `create_app`."""

from flask_babel import Babel
from flask_caching import Cache
from flask_wtf.csrf import CSRFProtect

babel = Babel()
cache = Cache()
csrf = CSRFProtect()
# No Flask-Limiter: the contact limit gives a slot back when storing fails (contact.ratelimit).
