"""A real ONOS 2.7 (the ``onos-l3`` assembly) driven from Python: start/stop/restart with its own
scripts, bounded waits, app activation with retries, ``.oar`` installation over REST, the Karaf CLI
and ``karaf.log``.

The assembly is ``$P4S_ONOS_L3`` or ``/opt/onos-l3`` (``start-onos.sh [--clean]``, ``stop-onos.sh``,
``onos-cli.sh "CMD"``, Karaf under ``assembly/onos-2.7.0/apache-karaf-4.2.9``). The app archive is
``$P4S_OAR`` or ``app/target/p4slice-app-1.0.0-SNAPSHOT.oar``; it is copied to a temporary file
before the upload, so a rebuild running at the same time cannot change it under the upload.

ONOS quirks handled here: activating ``org.onosproject.drivers.bmv2`` (it pulls in
``protocols.grpc``) restarts parts of the core, so REST answers 503/404 for a few seconds —
activation is retried until the app reads ACTIVE; ``start-onos.sh`` returns at once (REST after
20–30 s) — :meth:`OnosL3.start` waits for REST.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import List, Mapping, Optional

from ..errors import HarnessError
from ..paths import OAR
from .rest import OnosError, OnosRest
from .wait import wait_app_active, wait_for

DEFAULT_HOME = "/opt/onos-l3"
KARAF_SUBDIR = Path("assembly/onos-2.7.0/apache-karaf-4.2.9")
SCRIPTS = ("start-onos.sh", "stop-onos.sh", "onos-cli.sh")
APP = "org.p4slice"
PREREQUISITE_APPS = ("org.onosproject.drivers.bmv2", "org.onosproject.lldpprovider",
                     "org.onosproject.hostprovider")
METER_MANAGER = "org.onosproject.net.meter.impl.MeterManager"
ONOS_PORTS = (8181, 8101)


class OnosL3Error(HarnessError):
    """The ONOS assembly cannot be used, started, stopped or configured as asked."""


def find_home(env: Mapping[str, str] = os.environ) -> Path:
    return Path(env.get("P4S_ONOS_L3") or DEFAULT_HOME)


def find_oar(env: Mapping[str, str] = os.environ) -> Path:
    return Path(env.get("P4S_OAR") or OAR)


def home_problem(home: Path) -> Optional[str]:
    """Why ``home`` is not a usable assembly, or None."""
    missing = [s for s in SCRIPTS if not os.access(home / s, os.X_OK)]
    if missing:
        return (f"ONOS 2.7 assembly not found at {home} (no executable {', '.join(missing)}; "
                f"set $P4S_ONOS_L3 or build it with /work/shared/tools/onos-l3/build.sh)")
    if not (home / KARAF_SUBDIR).is_dir():
        return f"ONOS assembly {home} has no Karaf directory {home / KARAF_SUBDIR}"
    return None


def oar_problem(oar: Path) -> Optional[str]:
    if not oar.is_file():
        return f"p4slice .oar not found: {oar} (build it with 'mvn install -DskipTests', or set $P4S_OAR)"
    return None


def lab_problem(env: Mapping[str, str] = os.environ, is_root: Optional[bool] = None,
                which=shutil.which, find_switch=None) -> Optional[str]:
    """Why the L3 lab cannot run here (first missing thing), or None."""
    if find_switch is None:
        from ..net.bmv2 import find_simple_switch_grpc as find_switch
    if not (os.geteuid() == 0 if is_root is None else is_root):
        return "needs root (network namespaces, veth pairs, raw sockets)"
    for tool, pkg in (("ip", "iproute2"), ("ethtool", "ethtool"), ("ss", "iproute2")):
        if which(tool) is None:
            return f"'{tool}' not found (Debian package {pkg})"
    if find_switch() is None:
        return "simple_switch_grpc not found (PATH, /opt/p4tools/bin, $P4S_SIMPLE_SWITCH_GRPC)"
    home = find_home(env)
    return home_problem(home) or oar_problem(find_oar(env))


def port_in_use(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex((host, port)) == 0


@dataclass(frozen=True)
class LogMark:
    """A position in karaf.log (inode, offset): :meth:`OnosL3.log_since` reads what follows it
    (from the start of the file if it was rotated or truncated since)."""
    inode: int
    offset: int


class OnosL3:
    """The ONOS of an onos-l3 assembly. ``rest`` talks to it (default http://127.0.0.1:8181)."""

    def __init__(self, home=None, rest: Optional[OnosRest] = None):
        self.home = Path(home) if home else find_home()
        problem = home_problem(self.home)
        if problem:
            raise OnosL3Error(problem)
        self.karaf = self.home / KARAF_SUBDIR
        self.log_path = self.karaf / "data" / "log" / "karaf.log"
        self.rest = rest or OnosRest(timeout=15.0)

    # -- processes -------------------------------------------------------------------------------
    def _script(self, name: str, *args: str, timeout: float = 150.0) -> str:
        try:
            cp = subprocess.run([str(self.home / name), *args], capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise OnosL3Error(f"{name} {' '.join(args)} did not return within {timeout:g} s") from None
        if cp.returncode != 0:
            raise OnosL3Error(f"{name} {' '.join(args)} failed ({cp.returncode}): {cp.stderr.strip() or cp.stdout.strip()}")
        return cp.stdout

    def pid(self) -> Optional[int]:
        """PID of the running Karaf wrapper started by start-onos.sh, or None."""
        try:
            pid = int((self.home / "run" / "karaf.pid").read_text().strip())
            os.kill(pid, 0)
            return pid
        except (OSError, ValueError):
            return None

    def running(self) -> bool:
        return self.pid() is not None

    def start(self, clean: bool = False, timeout: float = 240.0) -> float:
        """start-onos.sh [--clean], then wait until REST answers; returns the seconds that took."""
        t0 = time.monotonic()
        if self.running():
            raise OnosL3Error(f"ONOS is already running (pid {self.pid()}); stop it first")
        busy = [p for p in ONOS_PORTS if port_in_use(p)]
        if busy:
            raise OnosL3Error(f"port(s) {busy} on 127.0.0.1 are in use by another process: ONOS cannot start here")
        self._script("start-onos.sh", *(["--clean"] if clean else []), timeout=60)
        self.wait_rest(timeout)
        return time.monotonic() - t0

    def wait_rest(self, timeout: float = 240.0) -> None:
        def probe():
            if not self.running():
                raise OnosL3Error(f"ONOS exited while starting; tail of karaf.out:\n{self.tail('karaf.out')}")
            r = self.rest.call("GET", "/onos/v1/applications", timeout=5)
            return r.status
        try:
            wait_for(probe, lambda s: s == 200, timeout, "ONOS REST /onos/v1/applications answering 200",
                     interval=1.0, tolerate=(OnosError, OSError))
        except HarnessError as e:
            raise OnosL3Error(f"{e}\n--- karaf.log (last lines) ---\n{self.tail()}") from None

    def stop(self) -> None:
        """stop-onos.sh (Karaf bin/stop, then TERM/KILL of its own pids; bounded)."""
        self._script("stop-onos.sh", timeout=150)
        if self.running():
            raise OnosL3Error(f"ONOS (pid {self.pid()}) still running after stop-onos.sh")

    # -- applications ----------------------------------------------------------------------------
    def app_state(self, name: str) -> Optional[str]:
        r = self.rest.call("GET", f"/onos/v1/applications/{name}")
        return r.body.get("state") if r.status == 200 and isinstance(r.body, dict) else None

    def activate(self, name: str, timeout: float = 120.0) -> None:
        """POST .../active until the app reads ACTIVE (503/404 while the core restarts are retried)."""
        def probe():
            state = self.app_state(name)
            if state != "ACTIVE":
                self.rest.call("POST", f"/onos/v1/applications/{name}/active")
            return state
        wait_for(probe, lambda s: s == "ACTIVE", timeout, f"application {name} ACTIVE", interval=3.0,
                 tolerate=(OnosError, OSError))

    def install_oar(self, oar, timeout: float = 180.0) -> dict:
        """Upload the .oar (a private copy) with ``?activate=true``; wait until the app is ACTIVE."""
        oar = Path(oar)
        problem = oar_problem(oar)
        if problem:
            raise OnosL3Error(problem)
        with tempfile.TemporaryDirectory(prefix="p4s-oar-") as tmp:
            copy = Path(tmp) / oar.name
            shutil.copyfile(oar, copy)
            data = copy.read_bytes()
        deadline = time.monotonic() + timeout

        def upload():
            r = self.rest.call("POST", "/onos/v1/applications?activate=true", data=data,
                               content_type="application/octet-stream", timeout=120)
            if r.status not in (200, 201):
                raise OnosError(f"install {oar.name}: HTTP {r.status}: {r.message()}")
            return r.body

        body = wait_for(upload, lambda b: True, timeout / 2, f"upload of {oar.name}", interval=3.0,
                        tolerate=(OnosError, OSError))
        wait_app_active(self.rest, APP, max(10.0, deadline - time.monotonic()), interval=1.0)
        return body

    def component_config(self, component: str) -> dict:
        """{property: value as a string} of ``GET /onos/v1/configuration/{component}``."""
        body = self.rest.request("GET", f"/onos/v1/configuration/{component}")
        props = (body or {}).get(component, body) or {}
        out = {}
        for k, v in props.items():
            out[k] = str(v.get("value")) if isinstance(v, dict) else str(v)
        return out

    # -- CLI and log ---------------------------------------------------------------------------
    def cli(self, command: str, timeout: float = 60.0) -> str:
        """One Karaf CLI command (onos-cli.sh: SSH 8101, retries the connection ~20 s); its output."""
        try:
            cp = subprocess.run([str(self.home / "onos-cli.sh"), command], capture_output=True, text=True,
                                timeout=timeout)
        except subprocess.TimeoutExpired:
            raise OnosL3Error(f"onos-cli.sh {command!r} did not return within {timeout:g} s") from None
        return cp.stdout + cp.stderr

    def mark(self) -> LogMark:
        try:
            st = self.log_path.stat()
            return LogMark(st.st_ino, st.st_size)
        except FileNotFoundError:
            return LogMark(0, 0)

    def log_since(self, mark: Optional[LogMark] = None) -> str:
        """karaf.log text after ``mark`` (the whole file without one)."""
        try:
            st = self.log_path.stat()
        except FileNotFoundError:
            return ""
        offset = 0
        if mark is not None and mark.inode == st.st_ino and mark.offset <= st.st_size:
            offset = mark.offset
        with open(self.log_path, "rb") as f:
            f.seek(offset)
            return f.read().decode(errors="replace")

    def grep(self, pattern: str, mark: Optional[LogMark] = None, level: Optional[str] = None) -> List[str]:
        """Lines of karaf.log after ``mark`` matching the regular expression ``pattern`` (and, if
        given, logged at ``level``, e.g. "ERROR")."""
        return grep_lines(self.log_since(mark), pattern, level)

    def tail(self, name: str = "karaf.log", lines: int = 40) -> str:
        path = self.log_path if name == "karaf.log" else self.home / "run" / name
        try:
            return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
        except OSError as e:
            return f"({path}: {e})"


def grep_lines(text: str, pattern: str, level: Optional[str] = None) -> List[str]:
    """Lines of a Karaf log (``time | LEVEL | thread | ...``) matching ``pattern`` (and ``level``)."""
    rx = re.compile(pattern)
    out = []
    for line in text.splitlines():
        if level is not None:
            fields = [f.strip() for f in line.split("|", 3)]
            if len(fields) < 2 or fields[1] != level:
                continue
        if rx.search(line):
            out.append(line)
    return out
