"""A real ONOS 2.7.0 driven from Python: start/stop/restart with Karaf's own scripts, bounded waits,
app activation with retries, ``.oar`` installation over REST, the Karaf CLI and ``karaf.log``.

The installation is ``$P4S_ONOS_ROOT`` (default ``/opt/onos-2.7.0``), ONOS's release tarball as it
unpacks (:mod:`.karaf` describes the layout, the Java 11 runtime and what a clean start does). The app
archive is ``$P4S_OAR`` or ``app/target/p4slice-app-1.0.0-SNAPSHOT.oar``; it is copied to a temporary
file before the upload, so a rebuild running at the same time cannot change it under the upload.

ONOS quirks handled here: activating ``org.onosproject.drivers.bmv2`` (it pulls in
``protocols.grpc``) restarts parts of the core, so REST answers 503/404 for a few seconds —
activation is retried until the app reads ACTIVE; Karaf's ``bin/start`` returns at once (REST after
20–30 s) — :meth:`OnosL3.start` waits for REST.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import List, Mapping, Optional

from ..errors import HarnessError
from ..paths import OAR
from . import apps
from . import karaf as kf
from .apps import APP, oar_problem
from .karaf import KARAF_SUBDIR, RUN_SUBDIR
from .rest import OnosError, OnosRest
from .wait import wait_for

PREREQUISITE_APPS = ("org.onosproject.drivers.bmv2", "org.onosproject.lldpprovider",
                     "org.onosproject.hostprovider")
METER_MANAGER = "org.onosproject.net.meter.impl.MeterManager"
ONOS_PORTS = (8181, 8101)
CLI_USER, CLI_PASSWORD = "onos", "rocks"
TOOL_JAVA_OPTS = "-Xmx128m"          # bin/client, bin/stop, bin/status: small JVMs beside ONOS


class OnosL3Error(HarnessError):
    """The ONOS installation cannot be used, started, stopped or configured as asked."""


def find_home(env: Mapping[str, str] = os.environ) -> Path:
    return kf.find_root(env)


def find_oar(env: Mapping[str, str] = os.environ) -> Path:
    return Path(env.get("P4S_OAR") or OAR)


def home_problem(home: Path, env: Mapping[str, str] = os.environ, which=shutil.which) -> Optional[str]:
    """Why ``home`` is not a usable ONOS 2.7.0 installation (or no Java 11 can run it), or None."""
    return kf.root_problem(Path(home)) or kf.java_problem(env, which)


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
        return (f"simple_switch_grpc not found (PATH, /opt/p4tools/bin, $P4S_SIMPLE_SWITCH_GRPC); "
                f"{kf.README_HINT}")
    return home_problem(find_home(env), env, which) or oar_problem(find_oar(env))


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
    """The ONOS of an installation (``home``, default ``$P4S_ONOS_ROOT``). ``rest`` talks to it
    (default http://127.0.0.1:8181)."""

    def __init__(self, home=None, rest: Optional[OnosRest] = None):
        self.home = Path(home) if home else find_home()
        problem = kf.root_problem(self.home)
        if problem:
            raise OnosL3Error(problem)
        self.karaf = self.home / KARAF_SUBDIR
        self.run_dir = self.home / RUN_SUBDIR
        self.log_path = self.karaf / "data" / "log" / "karaf.log"
        self.rest = rest or OnosRest(timeout=15.0)

    # -- processes -------------------------------------------------------------------------------
    def java_opts(self) -> Optional[str]:
        """JAVA_OPTS for ONOS's JVM (None: the caller's $JAVA_OPTS, else the installation's own)."""
        return None

    def command(self, script: str, *args: str) -> List[str]:
        """The command line that runs one of Karaf's scripts (a cluster node wraps it in its namespace)."""
        return [str(self.karaf / script), *args]

    def _script(self, script: str, *args: str, timeout: float = 150.0, check: bool = True,
                java_opts: Optional[str] = TOOL_JAVA_OPTS, stdin: str = ""):
        problem = kf.java_problem()
        if problem:
            raise OnosL3Error(problem)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        env = kf.script_env(kf.java_home(), self.run_dir / "karaf.out", java_opts)
        what = " ".join([script, *args])
        try:
            # a session of its own: ONOS's JVM never shares the caller's scheduling group (or its ^C)
            cp = subprocess.run(self.command(script, *args), capture_output=True, text=True, timeout=timeout,
                                env=env, cwd=self.karaf, start_new_session=True, input=stdin)
        except subprocess.TimeoutExpired:
            raise OnosL3Error(f"{self.home}: {what} did not return within {timeout:g} s") from None
        if check and cp.returncode != 0:
            raise OnosL3Error(f"{self.home}: {what} failed ({cp.returncode}): "
                              f"{cp.stderr.strip() or cp.stdout.strip()}")
        return cp

    def pid(self) -> Optional[int]:
        """PID of the JVM running this installation's Karaf, or None."""
        return kf.karaf_pid(self.karaf)

    def running(self) -> bool:
        return self.pid() is not None

    def status(self) -> str:
        """Karaf's ``bin/status`` ("Running ..." / "Not Running ...")."""
        cp = self._script("bin/status", timeout=60, check=False)
        return (cp.stdout + cp.stderr).strip()

    def prepare_start(self, clean: bool) -> None:
        """Before ``bin/start``: with ``clean``, Karaf's data/ removed and ONOS's stock apps restored."""
        if clean:
            try:
                kf.clean(self.home, kf.boot_apps())
            except OSError as e:
                raise OnosL3Error(f"{self.home}: clean start: {e}") from None

    def launch(self, clean: bool = False) -> None:
        """Karaf's ``bin/start`` (after :meth:`prepare_start`); returns at once."""
        if self.running():
            raise OnosL3Error(f"ONOS is already running (pid {self.pid()}); stop it first")
        busy = [p for p in ONOS_PORTS if port_in_use(p)]
        if busy:
            raise OnosL3Error(f"port(s) {busy} on 127.0.0.1 are in use by another process: ONOS cannot start here")
        self.prepare_start(clean)
        self._script("bin/start", timeout=60, java_opts=self.java_opts())

    def start(self, clean: bool = False, timeout: float = 240.0) -> float:
        """``bin/start`` (clean: from ONOS as installed), then wait until REST answers; returns the
        seconds that took."""
        t0 = time.monotonic()
        self.launch(clean)
        self.wait_rest(timeout)
        return time.monotonic() - t0

    def wait_rest(self, timeout: float = 240.0) -> None:
        started = time.monotonic()

        def probe():
            if not self.running() and time.monotonic() - started > 20:
                raise OnosL3Error(f"ONOS exited while starting; tail of karaf.out:\n{self.tail('karaf.out')}")
            r = self.rest.call("GET", "/onos/v1/applications", timeout=5)
            return r.status
        try:
            wait_for(probe, lambda s: s == 200, timeout, "ONOS REST /onos/v1/applications answering 200",
                     interval=1.0, tolerate=(OnosError, OSError))
        except HarnessError as e:
            raise OnosL3Error(f"{e}\n--- karaf.log (last lines) ---\n{self.tail()}") from None

    def stop(self, timeout: float = 120.0) -> None:
        """Karaf's ``bin/stop``, then waits (bounded) until the JVM is gone; TERM, then KILL, if it
        does not go."""
        pid = self.pid()
        if pid is None:
            return
        self._script("bin/stop", timeout=60, check=False)
        if not self._gone(pid, timeout):
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    break
                if self._gone(pid, 20):
                    break
        if self.running():
            raise OnosL3Error(f"ONOS (pid {self.pid()}) still running after bin/stop, TERM and KILL")

    def _gone(self, pid: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.pid() != pid:
                return True
            time.sleep(0.5)
        return self.pid() != pid

    # -- applications ----------------------------------------------------------------------------
    def app_state(self, name: str) -> Optional[str]:
        return apps.app_state(self.rest, name)

    def activate(self, name: str, timeout: float = 120.0) -> None:
        """POST .../active until the app reads ACTIVE (503/404 while the core restarts are retried)."""
        apps.activate(self.rest, name, timeout)

    def install_oar(self, oar, timeout: float = 180.0) -> dict:
        """Upload the .oar (a private copy) with ``?activate=true``; wait until the app is ACTIVE."""
        return apps.install_oar(self.rest, oar, timeout, error=OnosL3Error)

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
        """One Karaf CLI command through Karaf's ``bin/client`` (SSH 8101 as onos, 20 connection
        attempts a second apart); its output. The command goes in batch mode (``-b``, on standard
        input): given as an argument, the client closes the session when its standard input ends,
        before the command's output (seen with ONOS 2.7.0 and no terminal: "Session has been closed")."""
        args = ["-h", "127.0.0.1", "-a", "8101", "-u", CLI_USER, "-p", CLI_PASSWORD, "-r", "20", "-d", "1", "-b"]
        cp = self._script("bin/client", *args, timeout=timeout, check=False, stdin=command + "\n")
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
        path = self.log_path if name == "karaf.log" else self.run_dir / name
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
