"""Starts and stops the p4slice dev server (the real REST application over ONOS's test adapters) for a
test: on 127.0.0.1, on a free port, with the users and netcfg the test gives.

The dev server is run from what `mvn verify` built (class directories and the classpath file Maven
writes next to them; see `launch_command`). `skip_reason()` says why it cannot run here (no Java, not
built), so that a test can skip with that reason."""

import json
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from base64 import b64encode
from pathlib import Path

REPO_DIR = Path(__file__).resolve().parent.parent.parent
CONTEXT = "/onos/p4slice"
MAIN_CLASS = "org.p4slice.web.DevServer"
# what `mvn verify` leaves in web/target for the dev server (see web/pom.xml)
CLASSPATH_FILE = REPO_DIR / "web/target/devserver.classpath"
CLASS_DIRS = (REPO_DIR / "web/target/test-classes", REPO_DIR / "web/target/classes")
SWAGGER = REPO_DIR / "web/target/swagger.json"
# Kryo (the slice store's serializer) reflects into the JDK on Java 17 (as in web/devserver.sh)
OPENS = ["java.lang", "java.lang.invoke", "java.lang.reflect", "java.math", "java.net", "java.nio", "java.text",
         "java.time", "java.util", "java.util.concurrent", "java.util.concurrent.atomic",
         "java.util.concurrent.locks", "java.util.regex"]


def java():
    """The java launcher: $JAVA_HOME/bin/java, else java on the PATH, else None."""
    home = os.environ.get("JAVA_HOME")
    if home and os.access(Path(home) / "bin/java", os.X_OK):
        return str(Path(home) / "bin/java")
    return shutil.which("java")


def skip_reason():
    """Why the dev server cannot run here, or None."""
    if java() is None:
        return "no Java runtime (java on the PATH or $JAVA_HOME)"
    missing = [p for p in (CLASSPATH_FILE, SWAGGER, *CLASS_DIRS) if not p.exists()]
    if missing:
        return ("the dev server is not built (missing " + ", ".join(str(p) for p in missing)
                + "); run `mvn -B verify` at the repository root first")
    return None


def launch_command(args):
    """The command line that runs the dev server with arguments `args`."""
    cp = [str(d) for d in CLASS_DIRS] + [CLASSPATH_FILE.read_text().strip()]
    opens = [a for p in OPENS for a in ("--add-opens", f"java.base/{p}=ALL-UNNAMED")]
    return [java(), *opens, "-cp", os.pathsep.join(cp), MAIN_CLASS, *args]


def free_port():
    """A TCP port free on the loopback interface now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevServer:
    """A running dev server: `base` is its REST base URL, `swagger_url` the API document it serves."""

    def __init__(self, users=(), netcfg=None, workdir=None, start_timeout=120.0):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}{CONTEXT}"
        self.swagger_url = f"http://127.0.0.1:{self.port}/apidoc/swagger.json"
        self.workdir = Path(workdir) if workdir else Path.cwd()
        args = ["--host", "127.0.0.1", "--port", str(self.port)]
        for u in users:
            args += ["--user", u]
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
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the dev server exited ({self.proc.returncode}): {self.log()[-2000:]}")
            try:
                with urllib.request.urlopen(self.swagger_url, timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.5)
        raise RuntimeError(f"the dev server did not answer within {timeout} s: {self.log()[-2000:]}")

    def request(self, method, path, user, password, body=None):
        """One REST request; returns (status, parsed JSON or text)."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Authorization", "Basic " + b64encode(f"{user}:{password}".encode()).decode())
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                status, text = r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            status, text = e.code, e.read().decode()
        try:
            return status, json.loads(text) if text else None
        except ValueError:
            return status, text

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
