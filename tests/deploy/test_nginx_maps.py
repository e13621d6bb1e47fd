"""The config's map regexes read a request header in linear time (a static rule, then timings),
and `$image_variant` picks a format the app would pick (negotiation.py). The static rule: no
lookaround holds an unbounded quantifier, no unbounded quantifier repeats a group holding one, and
an unanchored regex begins with `(?:^|c)` and repeats only possessively over classes without c."""

from __future__ import annotations

import random
import re
import re._parser
import time

import pytest

from motorlab.deploy import nginx_config
from motorlab.web.negotiation import accepts_explicitly

# The variables a client's bytes reach.
CLIENT_VARIABLES = re.compile(r"\$(http_\w+|request|request_uri|uri|args|arg_\w+|cookie_\w+)\b")
MAP = re.compile(r"^\s*map (\S+) (\$\w+) \{\n(.*?)^\s*\}", re.M | re.S)
ENTRY = re.compile(r'^\s*"(~\*?)((?:[^"\\]|\\.)*)"', re.M)
UNBOUNDED = re.compile(r"(?:\*|\+|\{\d+,\})")


def unquote(text: str) -> str:
    """What nginx's parser makes of a double-quoted string (ngx_conf_read_token)."""
    escapes = {'"': '"', "'": "'", "\\": "\\", "t": "\t", "r": "\r", "n": "\n"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m[1], m[0]), text)


@pytest.fixture(scope="module")
def conf(tmp_path_factory) -> str:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SITE_URL", "https://www.motorlab.example")
        runtime = tmp_path_factory.mktemp("run")
        return nginx_config.render(listen="80", root="/srv", app="127.0.0.1:8000", runtime=runtime)


@pytest.fixture(scope="module")
def client_regexes(conf) -> list[tuple[str, str, int]]:
    """(map, regex, flags) for every regex of a map whose source holds a client's bytes."""
    found = []
    for source, name, body in MAP.findall(conf):
        if CLIENT_VARIABLES.search(source):
            for kind, quoted in ENTRY.findall(body):
                flags = re.I if kind == "~*" else 0
                found.append((f"{source} {name}", unquote(quoted), flags))
    return found


def tokens(regex: str):
    """(kind, text) of a regex: escape, class, open (with its group kind), close, quantifier
    (with its possessive/lazy suffix), literal."""
    pattern = re.compile(
        r"(?P<escape>\\.)|(?P<klass>\[\^?\]?(?:\\.|[^\]])*\])|(?P<open>\((?:\?(?:[:>=!]|<[=!]))?)"
        r"|(?P<close>\))|(?P<quantifier>(?:[*+?]|\{\d+(?:,\d*)?\})[+?]?)|(?P<literal>.)",
        re.S,
    )
    for match in pattern.finditer(regex):
        yield match.lastgroup, match.group()


def backtracking_hazards(regex: str) -> list[str]:
    """What breaks the module's static rule, in words ([] for a linear regex)."""
    hazards = []
    stack: list[dict] = [{"kind": "(", "unbounded": False}]
    last = None  # the atom before a quantifier: ("group", frame) or ("atom", text)
    items = list(tokens(regex))
    anchored = regex.startswith("^")
    start = re.match(r"\(\?:\^\|(\\.|[^\\()|])\)", regex)
    if not anchored and not start and UNBOUNDED.search(regex):
        hazards.append("unanchored, without a (?:^|c) start")
    for kind, text in items:
        if kind == "open":
            stack.append({"kind": text, "unbounded": False})
            last = None
        elif kind == "close":
            frame = stack.pop()
            if frame["kind"] in ("(?=", "(?!", "(?<=", "(?<!") and frame["unbounded"]:
                hazards.append(f"lookaround {frame['kind']} with an unbounded quantifier")
            stack[-1]["unbounded"] |= frame["unbounded"]
            last = ("group", frame)
        elif kind == "quantifier":
            unbounded = text[0] in "*+" or text.rstrip("+?").endswith(",}")
            possessive = len(text) > 1 and text.endswith("+") and not text.startswith("{")
            possessive |= text.startswith("{") and text.endswith("}+")
            if unbounded:
                if last and last[0] == "group" and last[1]["unbounded"] and not possessive:
                    hazards.append("nested unbounded quantifiers")
                if not anchored:
                    if not possessive:
                        hazards.append(f"unanchored repetition {text} not possessive")
                    elif (
                        start
                        and last
                        and last[0] == "atom"
                        and re.fullmatch(last[1], start[1].encode().decode("unicode_escape"))
                    ):
                        hazards.append(f"repetition {last[1]}{text} crosses the start {start[1]}")
                stack[-1]["unbounded"] = True
            last = None
        else:
            last = ("atom", text)
    return hazards


@pytest.mark.parametrize(
    ("regex", "hazard"),
    [
        (r"image/avif(?![^,]*;\s*q\s*=\s*0(\.0*)?\s*(,|$))", "lookaround (?! with an unbounded"),
        (r"^(a+)+$", "nested unbounded quantifiers"),
        (r"a[^,]*b", "unanchored, without a (?:^|c) start"),
        (r"(?:^|,)[^;]*+b", "repetition [^;]*+ crosses the start ,"),
        (r"(?:^|,)[ \t]*b", "unanchored repetition * not possessive"),
    ],
)
def test_the_static_rule_finds_each_kind_of_hazard(regex, hazard):
    assert any(found.startswith(hazard) for found in backtracking_hazards(regex))


def test_no_map_regex_read_against_a_request_can_backtrack_over_the_rest(client_regexes):
    assert [name for name, *_ in client_regexes if "$image_variant" in name], "maps found"
    hazards = {
        (name, regex): found
        for name, regex, _ in client_regexes
        if (found := backtracking_hazards(regex))
    }
    assert hazards == {}


def pathological(regex: str, size: int) -> list[str]:
    """Inputs of at least `size` characters repeating the regex's own literal runs (with and
    without a separator), where a backtracking regex does its most work."""
    words = [w for w in re.findall(r"[A-Za-z0-9/_.:=;-]+", re.sub(r"\\.", " ", regex)) if w]
    pieces = [*words, "".join(words), "image/avif;q=0", " ", "a"]
    pieces = [piece for piece in pieces if piece]
    inputs = []
    for piece in pieces:
        for tail in ("", ",", ";", " "):
            unit = piece + tail
            inputs.append(unit * -(-size // len(unit)))  # whole units: the regex's end is there
    return inputs


def test_each_regex_takes_about_as_long_on_16_kb_of_its_own_literals(client_regexes):
    """On 16 KB of its own literals a regex takes at most 20 times a normal header's time, and
    per byte at most 4 times its time on 2 KB (linear: about 1; the old quadratic
    `$image_variant`: about 8), the short input at least the regex's minimum width (`^.{8190}.`
    fails shorter ones at once). Each figure is the fastest of five runs; an input is slow only
    if three measurements in a row say so (a busy machine slows one run, not the growth)."""
    line = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8,"
    normal = (line * (16 * 1024 // len(line) + 1))[: 16 * 1024]

    def fastest(compiled, text, times=1):
        runs = []
        for _ in range(5):
            begin = time.perf_counter()
            for _ in range(times):
                compiled.search(text)
            runs.append((time.perf_counter() - begin) / times)
        return max(min(runs), 1e-7)

    def measure(compiled, base, small, large):
        took = fastest(compiled, large)
        small_took = fastest(compiled, small, len(large) // len(small))
        growth = took / len(large) / (small_took / len(small))
        return round(took / base), round(growth, 1)

    slow = {}
    for name, regex, flags in client_regexes:
        compiled = re.compile(regex, flags)
        base = fastest(compiled, normal)
        width = re._parser.parse(regex, flags).getwidth()[0]
        smalls = pathological(regex, max(2 * 1024, width))
        for small, large in zip(smalls, pathological(regex, 16 * 1024), strict=True):
            for _ in range(3):
                ratio, growth = measure(compiled, base, small, large)
                if ratio <= 20 and growth <= 4:
                    break
            else:
                slow[name, regex] = (ratio, growth)
    assert slow == {}


@pytest.fixture(scope="module")
def variant_entries(conf) -> list[tuple[re.Pattern, str]]:
    """$image_variant's regexes, compiled as nginx reads them, each with its value."""
    body = next(b for s, n, b in MAP.findall(conf) if n == "$image_variant")
    entries = re.findall(r'^\s*"(~\*?)((?:[^"\\]|\\.)*)" "([^"]*)";', body, re.M)
    return [(re.compile(unquote(r), re.I if k == "~*" else 0), value) for k, r, value in entries]


def nginx_variant(entries, accept: str) -> str:
    """The first matching entry's value, as nginx's map picks it."""
    return next((value for regex, value in entries if regex.search(accept)), "")


def app_variant(accept: str) -> str:
    for media_type in ("image/avif", "image/webp"):
        if accepts_explicitly(accept, media_type):
            return "." + media_type.split("/")[1]
    return ""


CORPUS = [
    "",
    "*/*",
    "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
    "image/webp,*/*",
    "image/png,image/*;q=0.8,*/*;q=0.5",
    "image/avif;q=0,image/webp,*/*;q=0.8",
    "image/avif;q=0.0, image/webp;q=0, image/png",
    "image/webp;q=0, image/avif;q=0.5",
    "IMAGE/AVIF ; Q=1 , image/webp",
    "image/avif;q=1.000",
    "image/avif;q=0.001",
    "image/avif;q=0.000,image/avif;q=0.1",
    "image/avif;q=1.5,image/webp;q=-0.5",
    "image/avifx,ximage/avif, image/avif2",
    "image/avif;q=0" + ",image/avif;q=0" * 1163,
    "image/avif" * 1600,
    ",;" * 8000,
    "image/avif " * 1400 + ",image/webp",
    ",".join(["image/avif;q=0"] * 1000 + ["image/webp;q=0.3"]),
    ";q=0" * 4000,
    " " * 16000 + "image/webp",
]


def test_the_image_variant_map_agrees_with_the_app(variant_entries):
    """On the corpus nginx picks the app's format; on random headers (the app's parser skips
    what is malformed, quotes and all) it may send the original where the app would convert,
    never a format the app refuses."""
    assert [a for a in CORPUS if nginx_variant(variant_entries, a) != app_variant(a)] == []
    pieces = ["image/avif", "IMAGE/WEBP", ";", "q", "Q", "=", "0", "1", ".", "5", " ", "\t"]
    pieces += [",", "x", "*/*", '"', "level=1", "-", "\\", "00", "image/avifx"]
    chooser = random.Random(35)
    accepts = ["".join(chooser.choices(pieces, k=chooser.randint(0, 10))) for _ in range(30000)]
    picked = {accept: nginx_variant(variant_entries, accept) for accept in accepts}
    assert [a for a, variant in picked.items() if variant and variant != app_variant(a)] == []
