// nginx's copy of the app's language detection on `/` (motorlab/language/detection.py), for
// the njs module (Debian: libnginx-mod-http-js 0.7.9). A Jinja template, as deploy/nginx.conf:
// motorlab.deploy.nginx_config writes in the app's values (the cookie's name, the locales of
// translations/languages.toml, the default one) and writes the module into the runtime
// folder, where deploy/nginx.conf loads it to serve `/` from the export (the same status,
// Location, cookie and page as the app; the cookie headers and redirects are rendered into
// the config too). The values stand only inside strings and regular expressions, so the
// template is JavaScript too (ESLint reads it). Line by line the same reading
// (docs/decisions/0007-one-parser-for-the-root.md): tests/unit compares the two on a corpus
// (under Node) and the constants; tests/deploy/test_nginx.py sends browsers' and hostile
// headers through both. Regular expressions use explicit ASCII classes: njs's (PCRE) `.`,
// `\s` and `$` differ from Python's and Node's.

var COOKIE_NAME = "{{ cookie_name }}";
var LOCALES = "{{ languages | map(attribute='code') | join(' ') }}".split(" "); // once, when nginx loads the module
var DEFAULT_LOCALE = "{{ default_locale }}";
var MAX_LANGUAGE_ENTRIES = Number("{{ max_language_entries }}");
var LANGUAGE_ENTRY = /^{{ language_entry }}(?![\s\S])/;
// werkzeug's parse_cookie loop, from lastIndex: the language cookie (group 1); else in one go
// every part before it, cookies of other names and what werkzeug skips when _cookie_re does
// not match (up to and with the next ";"); else the rest (nothing more to read). A part is
// werkzeug.sansio.http._cookie_re without its groups (`(?![\s\S])` is Python's \Z), written
// out three times, and "its key is COOKIE_NAME" (the whole run of key characters) twice;
// tests/unit checks the copies. A literal: njs compiles a `new RegExp` anew for every
// request, and a loop step per part cost about 1 us (14 ms for a 16 KB header of `;`).
var COOKIE_STEP =
    /((?=[ \t]*{{ cookie_name }}(?![^ \t=";]))[ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*(?:"(?:[^\\"]|\\[^\n])*"|[^ \t";]*))?[ \t]*(?:;|(?![\s\S])))|(?:(?!(?=[ \t]*{{ cookie_name }}(?![^ \t=";])))[ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*(?:"(?:[^\\"]|\\[^\n])*"|[^ \t";]*))?[ \t]*(?:;|(?![\s\S]))|(?![ \t]*[^ \t=";]+(?:[ \t]*=[ \t]*(?:"(?:[^\\"]|\\[^\n])*"|[^ \t";]*))?[ \t]*(?:;|(?![\s\S])))[^;]*;)+|[\s\S]*/g;

// One header as the app gets it: repeated fields joined with "," (gunicorn joins them so).
// (A join copies: 12 us for 15 KB.)
function header(r, name) {
    var value = null;
    var raw = r.rawHeadersIn;
    for (var i = 0; i < raw.length; i++) {
        if (raw[i][0].toLowerCase() === name) {
            value = value === null ? raw[i][1] : value + "," + raw[i][1];
        }
    }
    return value === null ? "" : value;
}

// `COOKIE_NAME in request.cookies`: werkzeug's parse_cookie loop, stopped at the first part of
// the cookie. A header without the name anywhere cannot hold it (the common case: no regex
// at all).
function hasCookie(cookie) {
    if (cookie.indexOf(COOKIE_NAME) < 0) {
        return false;
    }
    COOKIE_STEP.lastIndex = 0;
    while (COOKIE_STEP.lastIndex < cookie.length) {
        // each step matches right at lastIndex (the rest always does) and moves on
        if (COOKIE_STEP.exec(cookie)[1] !== undefined) {
            return true;
        }
    }
    return false;
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
    return firstVisitLocale(header(r, "cookie"), header(r, "accept-language"));
}

export default { locale, firstVisitLocale };
