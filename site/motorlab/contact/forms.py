"""The contact form: three fields people fill, and a honeypot that only robots see."""

from __future__ import annotations

import unicodedata

from flask import has_request_context, request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField, TextAreaField
from wtforms.validators import DataRequired, Email, Length, StopValidation, ValidationError

from motorlab.content.contact import DESCRIPTION_MAX, DESCRIPTION_MIN, EMAIL_MAX, NAME_MAX

__all__ = ["DESCRIPTION_MAX", "DESCRIPTION_MIN", "EMAIL_MAX", "NAME_MAX", "ContactForm"]

# Characters that never belong in what a person types: C0/C1 controls, surrogates, line and
# paragraph separators. A description may still hold line breaks and tabs.
_REFUSED_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}
_MULTILINE_ALLOWED = {"\n", "\t"}
# The methods whose request carries the form (as FlaskForm.is_submitted sees it).
_SUBMIT_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def strip(value):
    return value.strip() if isinstance(value, str) else value


def unify_newlines(value):
    return value.replace("\r\n", "\n").replace("\r", "\n") if isinstance(value, str) else value


class Within(Length):
    """Length that ends the chain: one clear message per field, not two."""

    def __call__(self, form, field) -> None:
        try:
            super().__call__(form, field)
        except ValidationError as error:
            raise StopValidation(error.args[0]) from None


class NoControlCharacters:
    def __init__(self, *, multiline: bool = False) -> None:
        self.allowed = _MULTILINE_ALLOWED if multiline else set()

    def __call__(self, form, field) -> None:
        for char in field.data or "":
            if char not in self.allowed and unicodedata.category(char) in _REFUSED_CATEGORIES:
                raise StopValidation(_l("Remove the invisible control characters from this field."))


class NoFormatCharacters:
    """Refuses invisible format characters (Unicode category Cf: bidi overrides and
    isolates, zero-width joiners and spaces, soft hyphens): in a name they can only make it
    read differently from what it is ("Ana \u202egnp.exe" shows as "Ana exe.png")."""

    def __call__(self, form, field) -> None:
        if any(unicodedata.category(char) == "Cf" for char in field.data or ""):
            raise StopValidation(
                _l("Remove the invisible formatting characters (such as text direction marks).")
            )


class ContactForm(FlaskForm):
    # CSRFProtect checks every POST (form field or X-CSRFToken header) before the view runs;
    # the form itself does not check again.
    class Meta:
        csrf = False

    def __init__(self, **kwargs) -> None:
        # Text fields read the form only: a file part named like a field (multipart) is no
        # text, so the field counts as empty (422), never as a FileStorage (500). Flask-WTF
        # would read request.files too when no formdata is given.
        if "formdata" not in kwargs and has_request_context() and request.method in _SUBMIT_METHODS:
            kwargs["formdata"] = request.form
        super().__init__(**kwargs)

    name = StringField(
        filters=[strip],
        validators=[
            DataRequired(_l("Enter your name.")),
            # Length fills in %(min)s and %(max)s itself.
            Within(max=NAME_MAX, message=_l("Your name must be %(max)s characters or fewer.")),
            NoControlCharacters(),
            NoFormatCharacters(),
        ],
    )
    email = StringField(
        filters=[strip],
        validators=[
            DataRequired(_l("Enter your email address.")),
            Within(
                max=EMAIL_MAX,
                message=_l("Your email address must be %(max)s characters or fewer."),
            ),
            NoControlCharacters(),
            Email(
                _l("Enter a valid email address, like name@example.com."),
                check_deliverability=False,
                allow_smtputf8=False,
            ),
        ],
    )
    description = TextAreaField(
        filters=[strip, unify_newlines],
        validators=[
            DataRequired(_l("Tell us a little about your project.")),
            Within(
                min=DESCRIPTION_MIN,
                max=DESCRIPTION_MAX,
                message=_l("Your description must be between %(min)s and %(max)s characters long."),
            ),
            NoControlCharacters(multiline=True),
        ],
    )
    # The honeypot: hidden from people and assistive technology. Robots that fill every field
    # fill this one too; the view then answers as if all went well and sends nothing.
    website = StringField(filters=[strip])

    @property
    def is_spam(self) -> bool:
        return bool(self.website.data)
