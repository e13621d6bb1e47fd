// What gunicorn refuses in a header value with a bare page of its own (gunicorn/http/message.py,
// RFC9110_5_5_INVALID_AND_DANGEROUS: a control character other than tab, or DEL), nginx
// refuses first with the site's 400 page. Run only for requests that go to the app (the
// `to the app` lines of deploy/nginx.conf): nginx serves the rest itself and takes such values.
// Also the head's size over HTTP/2 (bytesRefusal, below).
// tests/deploy/test_front_door.py sends them through nginx.

// Control characters are the point of this one.
// eslint-disable-next-line no-control-regex
var INVALID_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;

// $header_refusal: "400" when a header value has such a character, else "".
function refusal(r) {
    var headers = r.rawHeadersIn;
    for (var i = 0; i < headers.length; i++) {
        if (INVALID_VALUE.test(headers[i][1])) {
            return "400";
        }
    }
    return "";
}

// $header_bytes_counted: "494" (nginx's code for the site's 431 page) when an HTTP/2 request's
// head, counted as HTTP/1.1 writes it (the request line, "Name: value" and CRLF per line,
// the cookie crumbs as the one Cookie line nginx joins them into, which is the line a browser
// sends over HTTP/1.1, the blank line), holds a line longer than $header_line_limit or more
// than $header_bytes_limit in all (motorlab/web/http_limits.py): HTTP/1.1's limits, which nginx's
// parser and $request_length apply over HTTP/1.1, with the same page (HTTP/2's own limit,
// nginx's buffers, drops the connection). Run only for a head of 8 kB or more.
function bytesRefusal(r) {
    var lineLimit = Number(r.variables.header_line_limit);
    var limit = Number(r.variables.header_bytes_limit);
    var headers = r.rawHeadersIn;
    var total = r.variables.request.length + 4;
    for (var i = 0; i < headers.length; i++) {
        var line = headers[i][0].length + headers[i][1].length + 4;
        if (line > lineLimit) {
            return "494";
        }
        total += line;
    }
    return total > limit ? "494" : "";
}

export default { refusal, bytesRefusal };
