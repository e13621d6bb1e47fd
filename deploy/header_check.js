// What gunicorn refuses in a header value with a bare page of its own (gunicorn/http/message.py,
// RFC9110_5_5_INVALID_AND_DANGEROUS: a control character other than tab, or DEL), nginx
// refuses first with the site's 400 page. Run only for requests that go to the app (the
// `to the app` lines of deploy/nginx.conf): nginx serves the rest itself and takes such values.
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

export default { refusal };
