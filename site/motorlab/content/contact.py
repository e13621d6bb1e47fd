"""Content of the contact page."""

from flask_babel import lazy_gettext as _l

from motorlab.content.types import ContactLabels, ContactSent

# How soon the team answers: one phrase, which each sentence that promises it takes whole.
# TRANSLATORS: how soon the agency answers a contact request. It ends sentences such as
# "A person from our team answers %(reply_time)s."
REPLY_TIME = _l("within two working days")

PAGE_TITLE = _l("Ready to start?")
PAGE_DESCRIPTION = _l(
    "Tell Motorlab Digital about your project: a website, an app or a platform for car "
    "brands. We answer %(reply_time)s.",
    reply_time=REPLY_TIME,
)

# What the form accepts, in characters: read by the form's validators (contact/forms.py) and
# by the showcase's example fields (content/examples.py).
NAME_MAX = 100
EMAIL_MAX = 254  # the longest address SMTP can carry (RFC 5321)
DESCRIPTION_MIN = 10
DESCRIPTION_MAX = 5000

LABELS = ContactLabels(
    name=_l("Your name"),
    email=_l("Your email address"),
    description=_l("Tell us about your project"),
    # TRANSLATORS: the contact form's submit button ("Enviar" in Spanish).
    submit=_l("Send"),
    sending=_l("Sending…"),
    privacy_note=_l("We only use your details to answer your request."),
    summary_title=_l("Please check the form"),
)
PRIVACY_LINK = _l("Read our privacy and terms")

INTRO = _l(
    "Tell us what you want to build, improve or rescue: a dealer website, a workshop app, "
    "a platform for several brands."
)
PROMISE = _l("A person from our team answers %(reply_time)s.", reply_time=REPLY_TIME)
DESCRIPTION_HINT = _l(
    "What is it for, who will use it, and when do you need it? A few lines are enough."
)

DIRECT_TITLE = _l("Prefer to talk?")
DIRECT_TEXT = _l("Write to us or call us from Monday to Friday, 9:00 to 18:00 (CET).")
# TRANSLATORS: labels the agency's email address beside "Prefer to talk?" on the contact
# page; the same word labels the visitor's address in the staff mail and a form field.
EMAIL_LABEL = _l("Email")
# TRANSLATORS: labels the agency's phone number beside "Prefer to talk?" on the contact page.
PHONE_LABEL = _l("Phone")

STEPS_TITLE = _l("What happens next")
STEPS = (
    _l("We read your message and reply with a few questions, or a date for a first call."),
    _l("In a free 45-minute session we look at your goals, your users and your deadline."),
    _l("Within a week you receive a proposal with scope, team, timeline and budget."),
)

SUCCESS = _l(
    "Thank you: we have received your message and will answer %(reply_time)s.",
    reply_time=REPLY_TIME,
)
# What a sent form gives way to: the page the no-JS post leads to, and the widget's panel.
SENT = ContactSent(
    # TRANSLATORS: title of the confirmation that replaces the contact form once it is sent.
    title=_l("Message sent"),
    message=SUCCESS,
    steps_title=STEPS_TITLE,
    steps=STEPS,
    back=_l("Back to the home page"),
    send_another=_l("Send another message"),
)
CSRF_EXPIRED = _l(
    "Your form expired before it was sent. Your text is still here: please send it again."
)
NOT_VERIFIED = _l("Your form could not be verified. Your text is still here: please send it again.")
# %(max)s: DESCRIPTION_MAX. The body was too large to read, so no text can be shown again.
TOO_LONG = _l(
    "Your message was too long to be read: a description may have at most %(max)s "
    "characters. Please shorten it and send it again."
)
NO_COOKIES = _l(
    "Your form could not be checked because your browser did not send our cookie. Allow "
    "cookies for this site (its only cookie protects this form), then send it again. Your "
    "text is still here."
)
UNREADABLE = _l(
    "Part of your text could not be read because your browser did not send it as UTF-8. "
    "The unreadable characters are shown as �: please check your text and send it again."
)
UNAVAILABLE = _l(
    "We could not save your request just now. Your text is still here: please try again in "
    "a few minutes, or write to us at %(email)s."
)
TOO_MANY = _l(
    "You have sent several requests in a short time. Your text is still here: please try "
    "again later, or write to us at %(email)s."
)
