// What gunicorn refuses in a header value with a bare page of its own (gunicorn/http/message.py,
// RFC9110_5_5_INVALID_AND_DANGEROUS: a control character other than tab, or DEL), nginx
// refuses first with the site's 400 page. Run only for requests that go to the app (the
// `to the app` lines of deploy/nginx.conf): nginx serves the rest itself and takes such values.
// Also the header bytes' limit, for every request (bytesRefusal, below).
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

// $header_bytes_counted: "494" (nginx's code for the site's 431 page) when the request's header
// lines, counted as HTTP/1.1 writes them ("Name: value" and CRLF, HTTP/2's cookie crumbs as
// the one Cookie nginx joins them into, which is the one line a browser sends over HTTP/1.1),
// hold a line longer than $header_line_limit or more than $header_bytes_limit in all
// (motorlab/http_limits.py): the limits nginx's parser applies to HTTP/1.1, applied to HTTP/2
// too, with a page (HTTP/2's own limits, nginx's buffers, drop the connection). Run only for
// a request whose head took 8 kB or more ($request_length).
function bytesRefusal(r) {
    var lineLimit = Number(r.variables.header_line_limit);
    var limit = Number(r.variables.header_bytes_limit);
    var headers = r.rawHeadersIn;
    var total = 0;
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
