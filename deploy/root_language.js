// nginx's copy of the app's reading of a visitor's headers, for the njs module (Debian:
// libnginx-mod-http-js 0.7.9): the language detection on `/` (motorlab/language/detection.py)
// and, with ANALYTICS_ID set, the analytics choice on every page (motorlab/consent). A
// template: motorlab.deploy_config fills in the placeholders (the cookies' names, the locales
// of translations/languages.toml, the default one, the choices) and writes the module into
// the runtime folder, where deploy/nginx.conf loads it to serve `/` from the export (the same
// status, Location, cookie and page as the app; the cookie headers and redirects are
// rendered into the config too) and each page in the variant of the visitor's choice. Line
// by line the same reading (docs/decisions/0007-one-parser-for-the-root.md, 0014):
// tests/unit compares the two on a corpus (under Node) and the constants;
// tests/deploy/test_nginx.py and test_nginx_consent.py send browsers' and hostile headers
// through both. Regular expressions use explicit ASCII classes: njs's (PCRE) `.`, `\s` and
// `$` differ from Python's and Node's.

var COOKIE_NAME = "${COOKIE_NAME}";
var LOCALES = "${LOCALES}".split(" "); // once, when nginx loads the module
var DEFAULT_LOCALE = "${DEFAULT_LOCALE}";
var CONSENT_NAME = "${CONSENT_NAME}";
var CHOICES = "${CHOICES}".split(" ");
var MAX_LANGUAGE_ENTRIES = 16;
var LANGUAGE_ENTRY =
    /^[ \t]*([A-Za-z0-9*_-]+)(?:[ \t]*;[ \t]*[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?[ \t]*(?![\s\S])/;
// werkzeug's parse_cookie loop, from lastIndex: the language cookie (group 1); else in one go
// every part before it, cookies of other names and what werkzeug skips when _cookie_re does
// not match (up to and with the next ";"); else the rest (nothing more to read). A part is
// werkzeug.sansio.http._cookie_re without its groups (`(?![\s\S])` is Python's \Z), written
// out three times, and "its key is COOKIE_NAME" (the whole run of key characters) twice;
// tests/unit checks the copies. A literal: njs compiles a `new RegExp` anew for every
// request, and a loop step per part cost about 1 us (14 ms for a 16 KB header of `;`).
var COOKIE_STEP =
    /((?=[ \t]*${COOKIE_NAME}(?![^ \t=";]))[ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*(?:"(?:[^\\"]|\\[^\n])*"|[^ \t";]*))?[ \t]*(?:;|(?![\s\S])))|(?:(?!(?=[ \t]*${COOKIE_NAME}(?![^ \t=";])))[ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*(?:"(?:[^\\"]|\\[^\n])*"|[^ \t";]*))?[ \t]*(?:;|(?![\s\S]))|(?![ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*(?:"(?:[^\\"]|\\[^\n])*"|[^ \t";]*))?[ \t]*(?:;|(?![\s\S])))[^;]*;)+|[\s\S]*/g;

// The same steps for the consent cookie: its part (group 1) and value (group 2).
var CONSENT_STEP =
    /((?=[ \t]*${CONSENT_NAME}(?![^ \t=";]))[ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*("(?:[^\\"]|\\[^\n])*"|[^ \t";]*))?[ \t]*(?:;|(?![\s\S])))|(?:(?!(?=[ \t]*${CONSENT_NAME}(?![^ \t=";])))[ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*(?:"(?:[^\\"]|\\[^\n])*"|[^ \t";]*))?[ \t]*(?:;|(?![\s\S]))|(?![ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*(?:"(?:[^\\"]|\\[^\n])*"|[^ \t";]*))?[ \t]*(?:;|(?![\s\S])))[^;]*;)+|[\s\S]*/g;
// werkzeug's _cookie_unslash_re: in a quoted value, `\ooo` (octal) is that byte, `\x` is x.
var ESCAPE = /\\([0-3][0-7]{2}|[^\n])/g;

// How repeated Cookie fields reach the app: joined with "," by gunicorn, or with ANALYTICS_ID
// set joined with "; " by nginx, which passes the app that one field (deploy_config).
var COOKIE_JOIN = "${COOKIE_JOIN}";

// One header as the app gets it: repeated fields joined with `join`. (A join copies: 12 us
// for 15 KB.)
function header(r, name, join) {
    var value = null;
    var raw = r.rawHeadersIn;
    for (var i = 0; i < raw.length; i++) {
        if (raw[i][0].toLowerCase() === name) {
            value = value === null ? raw[i][1] : value + join + raw[i][1];
        }
    }
    return value === null ? "" : value;
}

// werkzeug's parse_cookie loop with `step` (COOKIE_STEP, CONSENT_STEP), stopped at the first
// part of the cookie `name`: that step's match, or null. A header without the name anywhere
// cannot hold it (the common case: no regex at all).
function namedPart(step, name, cookie) {
    if (cookie.indexOf(name) < 0) {
        return null;
    }
    step.lastIndex = 0;
    while (step.lastIndex < cookie.length) {
        // each step matches right at lastIndex (the rest always does) and moves on
        var match = step.exec(cookie);
        if (match[1] !== undefined) {
            return match;
        }
    }
    return null;
}

// `COOKIE_NAME in request.cookies`.
function hasCookie(cookie) {
    return namedPart(COOKIE_STEP, COOKIE_NAME, cookie) !== null;
}

// A quoted value without its quotes and escapes, as werkzeug's parse_cookie stores it (it
// works on the UTF-8 bytes; a choice is ASCII, so bytes and characters agree on it).
function unquote(value) {
    if (value.charAt(0) !== '"') {
        return value;
    }
    return value.slice(1, -1).replace(ESCAPE, function (escape, code) {
        return code.length === 1 ? code : String.fromCharCode(parseInt(code, 8));
    });
}

// consent.current_choice: the first consent cookie's value if it is a choice, else "".
function consentChoice(cookie) {
    var part = namedPart(CONSENT_STEP, CONSENT_NAME, cookie);
    if (part === null) {
        return "";
    }
    var value = unquote(part[2] || "");
    return CHOICES.indexOf(value) >= 0 ? value : "";
}

// detection.preferred_locale: the supported locale of the best entry (highest quality, then
// list order) among the first MAX_LANGUAGE_ENTRIES; null when none matches.
function preferredLocale(acceptLanguage) {
    var best = null;
    var bestQuality = 0;
    var entries = acceptLanguage.split(",", MAX_LANGUAGE_ENTRIES);
    for (var i = 0; i < entries.length; i++) {
        var match = LANGUAGE_ENTRY.exec(entries[i]);
        if (match === null) {
            continue;
        }
        var tag = match[1].toLowerCase();
        if (tag.indexOf("_") >= 0) {
            tag = tag.split("_").join("-"); // njs: replace(/_/g) costs 5 us
        }
        var dash = tag.indexOf("-");
        var locale = LOCALES.indexOf(tag) >= 0 || dash < 0 ? tag : tag.slice(0, dash);
        var quality = Number(match[2] || 1);
        if (LOCALES.indexOf(locale) >= 0 && quality > bestQuality) {
            best = locale;
            bestQuality = quality;
        }
    }
    return best;
}

// detection.first_visit_locale: "" when the cookie is there, else the locale detected.
function firstVisitLocale(cookie, acceptLanguage) {
    if (hasCookie(cookie)) {
        return "";
    }
    return preferredLocale(acceptLanguage) || DEFAULT_LOCALE;
}

// $root_locale
function locale(r) {
    return firstVisitLocale(header(r, "cookie", COOKIE_JOIN), header(r, "accept-language", ","));
}

// $consent_read: the suffix of the export's file for the visitor's choice ("", ".granted").
function consent(r) {
    var choice = consentChoice(header(r, "cookie", COOKIE_JOIN));
    return choice === "" ? "" : "." + choice;
}

export default { locale, firstVisitLocale, consent, consentChoice };
