"""Starts and stops the p4slice dev server (the real REST application over ONOS's test adapters, in the
``tools/`` module) for a test: on 127.0.0.1, on a free port, with the users and netcfg the test gives.

It runs from what ``mvn -B verify`` built (the tools jar and its class path, see ``java_tools``) and
serves the generated API document (``web/target/swagger.json``) at /apidoc/swagger.json.
``skip_reason()`` says why it cannot run here (no Java, not built), so that a test can skip with
that reason. Requests go through the harness's one REST client (:meth:`DevServer.rest`)."""

import json
import socket
import subprocess
from pathlib import Path

from . import java_tools
from .onos.rest import OnosError, OnosRest
from .onos.wait import WaitTimeout, wait_for
from .paths import REPO_DIR

CONTEXT = "/onos/p4slice"
MAIN_CLASS = "org.p4slice.tools.devserver.DevServerCommand"
SWAGGER = REPO_DIR / "web/target/swagger.json"
SWAGGER_PATH = "/apidoc/swagger.json"


def skip_reason():
    """Why the dev server cannot run here (no java, the tools module or the API document not built), or None."""
    reason = java_tools.missing()
    if reason is None and not SWAGGER.exists():
        reason = f"{SWAGGER} missing ({java_tools.BUILD_HINT})"
    return reason


def launch_command(args):
    """The command line that runs the dev server with arguments `args` (as tools/run.sh devserver)."""
    return ["java", *java_tools.OPENS, "-cp", java_tools.classpath(), MAIN_CLASS, *args]


def free_port():
    """A TCP port free on the loopback interface now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevServer:
    """A running dev server: `base` is its REST base URL, `swagger_url` the API document it serves."""

    def __init__(self, users=(), netcfg=None, workdir=None, start_timeout=120.0, tenant_users=()):
        self.port = free_port()
        self.root = f"http://127.0.0.1:{self.port}"
        self.base = self.root + CONTEXT
        self.swagger_url = self.root + SWAGGER_PATH
        self.workdir = Path(workdir) if workdir else Path.cwd()
        args = ["--host", "127.0.0.1", "--port", str(self.port)]
        for u in users:
            args += ["--user", u]
        for u in tenant_users:
            args += ["--tenant-user", u]
        if netcfg is not None:
            path = self.workdir / "netcfg.json"
            path.write_text(json.dumps(netcfg))
            args += ["--netcfg", str(path)]
        self.log_path = self.workdir / "devserver.log"
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen(launch_command(args), cwd=REPO_DIR, stdout=self._log,
                                     stderr=subprocess.STDOUT)
        try:
            self._wait(start_timeout)
        except Exception:
            self.stop()
            raise

    def _wait(self, timeout):
        root = OnosRest(self.root, timeout=2, name="the dev server")

        def probe():
            if self.proc.poll() is not None:
                raise RuntimeError(f"the dev server exited ({self.proc.returncode}): {self.log()[-2000:]}")
            return root.call("GET", SWAGGER_PATH).status
        try:
            wait_for(probe, lambda status: status == 200, timeout, f"the dev server serving {SWAGGER_PATH}",
                     tolerate=(OnosError,))
        except WaitTimeout as e:
            raise RuntimeError(f"{e}: {self.log()[-2000:]}") from None

    def rest(self, user, password):
        """The REST client of its API (``base``) as ``user``: paths such as ``/slices``."""
        return OnosRest(self.base, user, password, timeout=30, name="the dev server")

    def log(self):
        """What the dev server printed so far."""
        self._log.flush()
        return self.log_path.read_text(errors="replace")

    def stop(self):
        """Stops it (SIGTERM, then SIGKILL after 15 s)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self._log.close()
