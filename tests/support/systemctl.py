"""A stand-in for `systemctl` where systemd does not run: it starts (as the test's user), signals
and stops only what the unit files say, as systemd would; `nginx` as Debian's unit runs it.
Set by the test: SYSTEMCTL_UNITS, SYSTEMCTL_STATE, SYSTEMCTL_NGINX_CONF and SYSTEMCTL_NGINX_LOG."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from deploy_tools import service_section  # this script's folder is on sys.path

# The app's reader of environment files, by its path: importing the package costs a second.
_READER = Path(__file__).resolve().parents[2] / "site/motorlab/deploy/environment_file.py"
_spec = importlib.util.spec_from_file_location("environment_file", _READER)
environment_file = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(environment_file)

UNITS = Path(os.environ["SYSTEMCTL_UNITS"])
STATE = Path(os.environ["SYSTEMCTL_STATE"])
NGINX = "/usr/sbin/nginx"


def service(name: str) -> dict[str, str]:
    return {key: values[-1] for key, values in service_section(UNITS / name).items()}


def pid_of(name: str) -> int | None:
    try:
        pid = int((STATE / f"{name}.pid").read_text())
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, ValueError):
        return None
    return None if state == "Z" else pid


def start(name: str) -> int:
    if name == "nginx.service":
        return nginx_signal(None)
    if pid_of(name):
        return 0
    unit = service(name)
    command = unit["ExecStart"].replace("%%", "%").replace("$$", "$")
    env = environment_file.environment(unit["EnvironmentFile"])
    for unset in unit.get("UnsetEnvironment", "").split():
        env.pop(unset, None)
    log = open(STATE / f"{name}.log", "a")  # noqa: SIM115 (the service's, kept open)
    args = ["/bin/sh", "-c", f"umask {unit.get('UMask', '0022')}; exec {command}"]
    if unit.get("Type") == "oneshot":
        return subprocess.run(args, cwd=unit["WorkingDirectory"], env=env, stdout=log,
                              stderr=log).returncode  # fmt: skip
    process = subprocess.Popen(args, cwd=unit["WorkingDirectory"], env=env, stdout=log,
                               stderr=log, start_new_session=True)  # fmt: skip
    (STATE / f"{name}.pid").write_text(str(process.pid))
    return 0


def stop(name: str) -> int:
    if name == "nginx.service":
        return nginx_signal("quit")
    pid = pid_of(name)
    if pid is None:
        return 0
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + float(service(name).get("TimeoutStopSec", "90"))
    while pid_of(name) and time.monotonic() < deadline:
        time.sleep(0.05)
    if pid_of(name):
        os.killpg(pid, signal.SIGKILL)
    return 0


def nginx_signal(action: str | None) -> int:
    conf = os.environ["SYSTEMCTL_NGINX_CONF"]
    args = [NGINX, "-c", conf, "-e", os.environ["SYSTEMCTL_NGINX_LOG"]]
    return subprocess.run([*args, *(["-s", action] if action else [])]).returncode


def main(argv: list[str]) -> int:
    command, *rest = argv
    names = [n if "." in n else f"{n}.service" for n in rest if not n.startswith("-")]
    STATE.mkdir(parents=True, exist_ok=True)
    if command == "daemon-reload":
        return 0
    if command in ("enable", "disable"):
        with open(STATE / "enabled.log", "a") as record:
            record.writelines(f"{command} {name}\n" for name in names)
        if "--now" in rest:
            return max((start(n) for n in names if n.endswith(".service")), default=0)
        return 0
    if command == "is-active":
        return 0 if all(pid_of(name) for name in names) else 3
    if command == "reload":
        assert names == ["nginx.service"], names
        return nginx_signal("reload")
    handlers = {"start": [start], "stop": [stop], "restart": [stop, start]}
    status = 0
    for name in names:
        for handler in handlers[command]:
            status = max(status, handler(name))
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
