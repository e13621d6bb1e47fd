"""The operator's environment file is read as systemd's EnvironmentFile= reads it, and a bad
one is refused in one line that names the file and the line."""

from __future__ import annotations

import pytest

from motorlab.deploy.environment_file import PROCESS, EnvironmentFileError, environment, read

GOOD = """\
# the site
; also a comment

SITE_URL=https://www.motorlab.example
SECRET_KEY="double quoted"
  MAIL_PASSWORD='single quoted'
EMPTY=
HALF="only one
"""


def test_settings_are_read_as_systemd_does(tmp_path, monkeypatch):
    path = tmp_path / "env"
    path.write_text(GOOD)
    settings = {
        "SITE_URL": "https://www.motorlab.example",
        "SECRET_KEY": "double quoted",
        "MAIL_PASSWORD": "single quoted",
        "EMPTY": "",
        "HALF": '"only one',
    }
    assert read(path) == settings
    monkeypatch.setenv("PATH", "/usr/bin")
    monkeypatch.setenv("MAIL_SERVER", "from.the.shell")  # a setting of the shell's is not kept
    process = environment(path)
    assert {name: value for name, value in process.items() if name not in PROCESS} == settings
    assert process["PATH"] == "/usr/bin"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("SITE_URL=x\nSECRET_KEY = spaced\n", "{path}, line 2: not a KEY=value line"),
        ("export SITE_URL=x\n", "{path}, line 1: not a KEY=value line"),
        (b"SITE_URL=\xff\n", "cannot read the environment file {path}: "),
        (None, "cannot read the environment file {path}: "),
    ],
)
def test_a_bad_file_is_refused_in_one_line(tmp_path, content, message):
    path = tmp_path / "env"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    with pytest.raises(EnvironmentFileError) as refused:
        read(path)
    assert str(refused.value).startswith(message.format(path=path))
    assert "\n" not in str(refused.value)
