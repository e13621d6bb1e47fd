"""Settings, read from environment variables with safe defaults for development."""

from __future__ import annotations

import ipaddress
import math
import os
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path

from motorlab.files import write_atomically
from motorlab.i18n import DEFAULT_LOCALE
from motorlab.paths import INSTANCE, PROJECT_ROOT
from motorlab.rendering.assets import YEAR
from motorlab.web.request_body import MAX_BODY


class SettingError(ValueError):
    """A setting whose value cannot be what it names: serving stops with its one line."""


TRUE, FALSE = {"1", "true", "yes", "on"}, {"0", "false", "no", "off", ""}


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    word = value.strip().lower()
    if word not in TRUE | FALSE:
        # `MAIL_USE_TLS=ture` read as off would send the SMTP password in the clear.
        raise SettingError(f"{name} must be 1 or 0 (true/false, yes/no, on/off), not {value!r}")
    return word in TRUE


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if value and not (value.isascii() and value.isdigit()):
        raise SettingError(f"{name} must be a whole number, not {value!r}")
    return int(value) if value else default


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    try:
        number = float(value) if value else default
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or number < 0:
        raise SettingError(f"{name} must be a number of seconds, not {value!r}")
    return number


def _env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def _env_networks(name: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    networks = []
    for item in _env_list(name, ""):
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise SettingError(f"{name} must list addresses or networks, not {item!r}") from None
    return networks


def _env_url(name: str) -> str:
    """An absolute http(s) address, or empty: anything else would become a relative link."""
    value = os.environ.get(name, "").strip()
    if value and not value.startswith(("https://", "http://")):
        raise SettingError(f"{name} must be an absolute http(s) address, not {value!r}")
    return value


def _instance_secret() -> str:
    """A random key in instance/secret_key, created once (the first worker's wins)."""
    path = INSTANCE / "secret_key"
    try:
        if not path.exists():
            key = secrets.token_hex(32).encode()
            write_atomically(path, key, replace=False, mode=0o600)
        return path.read_text().strip()
    except OSError:
        return secrets.token_hex(32)  # read-only checkout: per process, as a last resort


class Config:
    """Production-minded defaults, each overridden from the environment (the settings' table in
    docs/operations.md says what each means)."""

    def __init__(self) -> None:
        env = os.environ.get
        # Without SECRET_KEY, every worker shares instance/'s key: CSRF tokens work across them.
        self.SECRET_KEY = env("SECRET_KEY") or _instance_secret()
        self.SITE_URL = env("SITE_URL", "http://127.0.0.1:5000").rstrip("/")

        self.BABEL_DEFAULT_LOCALE = DEFAULT_LOCALE
        self.BABEL_TRANSLATION_DIRECTORIES = str(PROJECT_ROOT / "translations")
        self.INCOMPLETE_LANGUAGES = _env_list("INCOMPLETE_LANGUAGES", "")

        self.MAIL_SERVER = env("MAIL_SERVER", "localhost")
        self.MAIL_PORT = _env_int("MAIL_PORT", 25)
        self.MAIL_USE_TLS = _env_bool("MAIL_USE_TLS", False)
        self.MAIL_USE_SSL = _env_bool("MAIL_USE_SSL", False)
        self.MAIL_USERNAME = env("MAIL_USERNAME")
        self.MAIL_PASSWORD = env("MAIL_PASSWORD")
        self.MAIL_DEFAULT_SENDER = env("MAIL_DEFAULT_SENDER", "web@motorlab.example")
        self.CONTACT_RECIPIENTS = _env_list("CONTACT_RECIPIENTS", "hola@motorlab.example")
        self.OUTBOX_PATH = env("OUTBOX_PATH", str(INSTANCE / "outbox.sqlite3"))
        self.OUTBOX_URL = env("OUTBOX_URL", "")
        self.OUTBOX_LOCK_TIMEOUT = _env_float("OUTBOX_LOCK_TIMEOUT", 3)
        self.OUTBOX_MAX_ATTEMPTS = _env_int("OUTBOX_MAX_ATTEMPTS", 10)
        self.OUTBOX_RETRY_BASE = _env_float("OUTBOX_RETRY_BASE", 60)
        self.OUTBOX_RETRY_MAX = _env_float("OUTBOX_RETRY_MAX", 3600)
        self.OUTBOX_POLL_INTERVAL = _env_float("OUTBOX_POLL_INTERVAL", 1)
        self.CONTACT_RATE_LIMIT = env("CONTACT_RATE_LIMIT", "5/minute;50/day")
        self.RATELIMIT_STORAGE_URI = env("RATELIMIT_STORAGE_URI", "")
        self.MAIL_DEADLINE = _env_float("MAIL_DEADLINE", 60)
        self.MAIL_TIMEOUT = _env_float("MAIL_TIMEOUT", 10)
        self.MAIL_DATA_TIMEOUT = _env_float("MAIL_DATA_TIMEOUT", 600)
        self.OUTBOX_STALE_AFTER = _env_float("OUTBOX_STALE_AFTER", 900)
        self.EXTRA_HOSTS = _env_list("EXTRA_HOSTS", "")
        self.PROXY_FIX_HOPS = _env_int("PROXY_FIX_HOPS", 0)
        self.HEALTH_FIGURES_FROM = _env_networks("HEALTH_FIGURES_FROM")
        self.SCRIPT_NAME = "/" + env("SCRIPT_NAME", "").strip().strip("/")
        self.SCRIPT_NAME = "" if self.SCRIPT_NAME == "/" else self.SCRIPT_NAME

        self.CACHE_TYPE = env("CACHE_TYPE", "SimpleCache")
        self.CACHE_REDIS_URL = env("CACHE_REDIS_URL")
        self.CACHE_DEFAULT_TIMEOUT = _env_int("CACHE_DEFAULT_TIMEOUT", 300)
        # NullCache is a choice (`make run`), not a mistake to warn of.
        self.CACHE_NO_NULL_WARNING = True
        self.IMAGE_CACHE_DIR = env("IMAGE_CACHE_DIR", str(INSTANCE / "images"))

        self.ANALYTICS_ID = env("ANALYTICS_ID", "")
        self.API_BASE_URL = env("API_BASE_URL", "")
        self.CONTACT_EMAIL = env("CONTACT_EMAIL", "hola@motorlab.example")
        self.CONTACT_PHONE = env("CONTACT_PHONE", "+34 900 000 000")
        for name in LEGAL_NOTICE_SETTINGS:  # the privacy page's legal notice (LSSI art. 10)
            setattr(self, name, env(name, "").strip())
        for name in SOCIAL_PROFILES:  # each linked only when set
            setattr(self, name, _env_url(name))

        # Static files are linked with a content hash: cached for a year.
        self.SEND_FILE_MAX_AGE_DEFAULT = YEAR
        self.MAX_CONTENT_LENGTH = MAX_BODY
        self.MAX_FORM_MEMORY_SIZE = MAX_BODY
        self.SESSION_COOKIE_SAMESITE = "Lax"
        self.SESSION_COOKIE_SECURE = self.SITE_URL.startswith("https://")
        # No Referer demanded over https (privacy tools drop it): the token, the Lax cookie
        # and Sec-Fetch-Site (contact/routes.py) already tell a cross-site post.
        self.WTF_CSRF_SSL_STRICT = False


LEGAL_NOTICE_SETTINGS = (
    "COMPANY_LEGAL_NAME",
    "COMPANY_TAX_ID",
    "COMPANY_ADDRESS",
    "COMPANY_REGISTRY",
    "COMPANY_EMAIL",
)


def legal_notice_shown(config: Mapping[str, object]) -> bool:
    return any(config.get(name) for name in LEGAL_NOTICE_SETTINGS)


# The agency's profiles by setting, with each link's (untranslated) name, in the footer's order.
SOCIAL_PROFILES = {
    "COMPANY_LINKEDIN": "LinkedIn",
    "COMPANY_GITHUB": "GitHub",
    "COMPANY_INSTAGRAM": "Instagram",
    "COMPANY_X": "X",
}


def social_profiles(config: Mapping[str, object]) -> list[tuple[str, str]]:
    return [(label, config[name]) for name, label in SOCIAL_PROFILES.items() if config.get(name)]


class TestConfig(Config):
    """Used by the test suite: a fixed key and a fixed public address."""

    def __init__(self) -> None:
        super().__init__()
        self.TESTING = True
        self.SECRET_KEY = "test-secret-key"
        self.SITE_URL = "https://www.motorlab.example"
        self.EXTRA_HOSTS = ["localhost", "127.0.0.1"]
        # Nothing listens on the discard port: a stray submission fails fast and stays queued.
        self.MAIL_SERVER = "127.0.0.1"
        self.MAIL_PORT = 9
        self.MAIL_TIMEOUT = 5
        # One file per test process: other checkouts may run their tests at the same time.
        self.OUTBOX_PATH = str(
            Path(tempfile.gettempdir()) / f"motorlab-test-{os.getpid()}" / "outbox.sqlite3"
        )
        self.MAIL_DATA_TIMEOUT = 5
        self.OUTBOX_LOCK_TIMEOUT = 1
