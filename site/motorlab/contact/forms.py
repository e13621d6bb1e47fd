"""The contact form: three fields people fill, and a honeypot that only robots see."""

from __future__ import annotations

import unicodedata

from flask import has_request_context, request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.form import SUBMIT_METHODS
from wtforms import StringField, TextAreaField
from wtforms.validators import DataRequired, Email, Length, StopValidation, ValidationError

from motorlab.content.contact import DESCRIPTION_MAX, DESCRIPTION_MIN, EMAIL_MAX, NAME_MAX

__all__ = ["DESCRIPTION_MAX", "DESCRIPTION_MIN", "EMAIL_MAX", "NAME_MAX", "ContactForm"]


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


class Refuse:
    """Refuses characters of the given Unicode categories, except those `allowed`."""

    def __init__(self, categories: set[str], message, allowed: str = "") -> None:
        self.categories, self.message, self.allowed = categories, message, allowed

    def __call__(self, form, field) -> None:
        for char in field.data or "":
            if char not in self.allowed and unicodedata.category(char) in self.categories:
                raise StopValidation(self.message)


# Characters that never belong in what a person types: C0/C1 controls, surrogates, line and
# paragraph separators (a description may still hold line breaks and tabs).
CONTROL = {"Cc", "Cs", "Zl", "Zp"}
CONTROL_MESSAGE = _l("Remove the invisible control characters from this field.")
# Format characters (Cf: bidi overrides, zero-width joiners) can make a name read as what it
# is not ("Ana \u202egnp.exe" shows as "Ana exe.png").
FORMAT_MESSAGE = _l("Remove the invisible formatting characters (such as text direction marks).")


class ContactForm(FlaskForm):
    class Meta:  # the view checks the CSRF token itself
        csrf = False

    def __init__(self, **kwargs) -> None:
        # The form only, not request.files: a file part named like a field is empty (422),
        # never a FileStorage (500).
        if "formdata" not in kwargs and has_request_context() and request.method in SUBMIT_METHODS:
            kwargs["formdata"] = request.form
        super().__init__(**kwargs)

    name = StringField(
        filters=[strip],
        validators=[
            DataRequired(_l("Enter your name.")),
            # Length fills in %(min)s and %(max)s itself.
            Within(max=NAME_MAX, message=_l("Your name must be %(max)s characters or fewer.")),
            Refuse(CONTROL, CONTROL_MESSAGE),
            Refuse({"Cf"}, FORMAT_MESSAGE),
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
            Refuse(CONTROL, CONTROL_MESSAGE),
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
            Refuse(CONTROL, CONTROL_MESSAGE, allowed="\n\t"),
        ],
    )
    # The honeypot: hidden from people and assistive technology. Robots that fill every field
    # fill this one too; the view then answers as if all went well and sends nothing.
    website = StringField(filters=[strip])

    @property
    def is_spam(self) -> bool:
        return bool(self.website.data)
