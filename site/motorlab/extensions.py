"""Flask extensions, created unbound and bound to an app in `create_app`."""

from flask_babel import Babel
from flask_caching import Cache

babel = Babel()
cache = Cache()
