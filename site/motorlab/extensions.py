"""Flask extensions, created unbound and bound to an app in `create_app`."""

from flask_babel import Babel
from flask_caching import Cache
from flask_wtf.csrf import CSRFProtect

babel = Babel()
cache = Cache()
csrf = CSRFProtect()
# No Flask-Limiter: the contact form's limit (motorlab.contact.ratelimit) must count only the
# requests it stores and give a slot back when storing fails, which Flask-Limiter's
# check-before, count-after decorator cannot promise under concurrent posts.
