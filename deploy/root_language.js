// nginx's copy of the app's language detection on `/` (motorlab/language/detection.py), for
// the njs module (Debian: libnginx-mod-http-js). deploy/nginx.conf serves `/` from the export
// with it: the same status, Location, cookie and page as the app (the cookie headers
// themselves are rendered into the config by motorlab.deploy_config). tests/deploy/test_nginx.py
// drives real browsers' headers through both and compares; tests/unit checks the constants.

var COOKIE_NAME = "i18n_redirected";
var LOCALES = ["es", "en"];
var DEFAULT_LOCALE = "es";
var Q_VALUE = /^-?\d+(\.\d+)?$/;

// werkzeug's parse_cookie: is the cookie there at all (any value, even empty)?
function hasCookie(header) {
    if (!header) {
        return false;
    }
    var pairs = header.split(";");
    for (var i = 0; i < pairs.length; i++) {
        var name = pairs[i].split("=", 1)[0].trim();
        if (name === COOKIE_NAME) {
            return true;
        }
    }
    return false;
}

// werkzeug's parse_accept_header: items with a malformed or out-of-range q are dropped; the
// rest sorted by (not "*", quality), highest first, list order kept among equals.
function parseAccept(header) {
    var items = [];
    var parts = (header || "").split(",");
    for (var i = 0; i < parts.length; i++) {
        var item = parts[i].trim();
        if (item.length > 1 && item[0] === '"' && item[item.length - 1] === '"') {
            item = item.slice(1, -1); // a quoted item, as werkzeug's parse_list_header reads it
        }
        if (!item) {
            continue; // empty items are skipped
        }
        var fields = item.split(";");
        var value = fields[0].trim();
        var quality = 1;
        var valid = true;
        var options = [];
        for (var j = 1; j < fields.length; j++) {
            var at = fields[j].indexOf("=");
            var key = (at < 0 ? fields[j] : fields[j].slice(0, at)).trim().toLowerCase();
            var raw = at < 0 ? "" : fields[j].slice(at + 1).trim();
            if (key === "q") {
                if (!Q_VALUE.test(raw) || Number(raw) < 0 || Number(raw) > 1) {
                    valid = false;
                }
                quality = Number(raw);
            } else if (key) {
                options.push(key + "=" + raw);
            }
        }
        if (!valid) {
            continue;
        }
        if (options.length) {
            value = value + "; " + options.join("; ");
        }
        items.push({ value: value, quality: quality, order: i });
    }
    items.sort(function (a, b) {
        var sa = a.value !== "*" ? 1 : 0;
        var sb = b.value !== "*" ? 1 : 0;
        return sb - sa || b.quality - a.quality || a.order - b.order;
    });
    return items;
}

// detection.preferred_locale: the first supported locale, exact tag before language part.
function preferredLocale(header) {
    var items = parseAccept(header);
    for (var i = 0; i < items.length; i++) {
        if (items[i].quality <= 0) {
            continue;
        }
        var tag = items[i].value.toLowerCase().replace(/_/g, "-");
        if (LOCALES.indexOf(tag) >= 0) {
            return tag;
        }
        var language = tag.split("-")[0];
        if (LOCALES.indexOf(language) >= 0) {
            return language;
        }
    }
    return null;
}

// $root_locale: the locale detected for a first visit to `/`, "" when the cookie is there.
function locale(r) {
    if (hasCookie(r.headersIn.Cookie)) {
        return "";
    }
    return preferredLocale(r.headersIn["Accept-Language"]) || DEFAULT_LOCALE;
}

export default { locale };
