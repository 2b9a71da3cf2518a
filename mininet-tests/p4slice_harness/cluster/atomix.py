"""The cluster lab's Atomix 3.1.9 storage nodes: their jars, our launcher, one process per namespace.

Atomix's distribution tarball is not on Maven Central, its jars are: :func:`ensure_runtime` resolves
them with Maven from ``launcher/pom.xml`` (``dependency:copy-dependencies`` into
``<lab>/atomix/lib``; ``$MAVEN_OPTS`` is honoured, e.g. a local repository of one's own) and compiles
``launcher/AtomixNode.java`` against them (``javac --release 11``: the ONOS assembly's Java 11 runtime
has no compiler). Both are redone only when the pom or the launcher changed (a stamp of their hash).

:class:`AtomixProcess` runs ``AtomixNode <atomix.json>`` (written by
:func:`p4slice_harness.cluster.genconfig.atomix_json`) in the node's namespace with the assembly's Java
11, its data (Raft logs, ``storage.level mapped``) under ``<lab>/atomix<N>/.data``, its output appended to
``<lab>/atomix<N>/atomix.log``; ready once the launcher prints ``ATOMIX-NODE READY`` (the node joined
its partition groups, which needs a majority of the nodes up).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
from pathlib import Path
from typing import List, Optional

from ..errors import HarnessError
from ..onos import karaf as kf
from ..onos.wait import wait_for
from .genconfig import atomix_json
from .layout import ClusterLayout, Member
from .processes import kill_namespace, namespace_pids

LAUNCHER_DIR = Path(__file__).resolve().parent / "launcher"
POM = LAUNCHER_DIR / "pom.xml"
SOURCE = LAUNCHER_DIR / "AtomixNode.java"
READY = "ATOMIX-NODE READY"
DEFAULT_HEAP = "256m"


def _digest(*paths: Path) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.read_bytes())
    return h.hexdigest()


def ensure_runtime(layout: ClusterLayout, out=print, mvn: str = "mvn", javac: str = "javac") -> None:
    """Jars in ``layout.atomix_lib`` and ``AtomixNode.class`` in ``layout.atomix_classes``, up to date."""
    stamp = layout.atomix_lib.parent / "stamp"
    want = _digest(POM, SOURCE)
    if stamp.exists() and stamp.read_text().strip() == want and (layout.atomix_classes / "AtomixNode.class").exists():
        return
    for tool in (mvn, javac):
        if shutil.which(tool) is None:
            raise HarnessError(f"'{tool}' not found: the Atomix nodes need Maven (their jars) and a JDK (the launcher)")
    shutil.rmtree(layout.atomix_lib.parent, ignore_errors=True)
    layout.atomix_lib.mkdir(parents=True)
    out(f"[cluster-lab] resolving Atomix 3.1.9 into {layout.atomix_lib} (Maven)")
    cp = subprocess.run([mvn, "-B", "-f", str(POM), "dependency:copy-dependencies",
                         f"-DoutputDirectory={layout.atomix_lib}"], capture_output=True, text=True, timeout=600)
    if cp.returncode != 0:
        raise HarnessError(f"resolving Atomix with Maven failed ({cp.returncode}):\n{cp.stdout[-3000:]}")
    layout.atomix_classes.mkdir(parents=True)
    cp = subprocess.run([javac, "--release", "11", "-cp", f"{layout.atomix_lib}/*", "-d", str(layout.atomix_classes),
                         str(SOURCE)], capture_output=True, text=True, timeout=300)
    if cp.returncode != 0:
        raise HarnessError(f"compiling {SOURCE.name} failed:\n{cp.stderr}")
    stamp.write_text(want + "\n")


class AtomixProcess:
    """One Atomix node of the lab, in its namespace."""

    def __init__(self, layout: ClusterLayout, member: Member, java: Path, heap: Optional[str] = None):
        self.layout = layout
        self.member = member
        self.java = Path(java)
        self.heap = heap or os.environ.get("P4S_CLUSTER_ATOMIX_HEAP") or DEFAULT_HEAP
        self.dir = layout.atomix_dir(member)
        self.log = self.dir / "atomix.log"
        self._log_offset = 0
        self._proc: Optional[subprocess.Popen] = None

    @property
    def id(self) -> str:
        return f"atomix-{self.member.index}"

    def config(self) -> dict:
        return atomix_json(self.member.ip, [m.ip for m in self.layout.atomix])

    def command(self) -> List[str]:
        classpath = f"{self.layout.atomix_lib}/*:{self.layout.atomix_classes}"
        return ["ip", "netns", "exec", self.member.ns, str(self.java), "-Xms64m", f"-Xmx{self.heap}",
                "-XX:+UseG1GC", "-Dorg.slf4j.simpleLogger.showDateTime=true",
                "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS", "-cp", classpath, "AtomixNode", "atomix.json"]

    def pids(self) -> List[int]:
        return namespace_pids(self.member.ns)

    def running(self) -> bool:
        return bool(self.pids())

    def start(self, clean: bool = False) -> None:
        """Starts the node (its data wiped first with ``clean``); returns at once (see :meth:`wait_ready`)."""
        if self.running():
            raise HarnessError(f"{self.id} is already running in {self.member.ns} (pids {self.pids()})")
        if clean:
            shutil.rmtree(self.dir / ".data", ignore_errors=True)
        self.dir.mkdir(parents=True, exist_ok=True)
        (self.dir / "atomix.json").write_text(json.dumps(self.config(), indent=4) + "\n")
        self._log_offset = self.log.stat().st_size if self.log.exists() else 0
        with open(self.log, "ab") as f:
            self._proc = subprocess.Popen(self.command(), cwd=self.dir, stdout=f, stderr=subprocess.STDOUT,
                                          stdin=subprocess.DEVNULL, start_new_session=True)

    def ready(self) -> bool:
        try:
            with open(self.log, "rb") as f:
                f.seek(self._log_offset)
                return READY.encode() in f.read()
        except OSError:
            return False

    def wait_ready(self, timeout: float = 180.0) -> None:
        def probe():    # the process this object started, else whatever runs in the namespace
            if (self._proc.poll() is not None) if self._proc is not None else not self.running():
                raise HarnessError(f"{self.id} exited while starting; last lines of {self.log}:\n{self.tail()}")
            return self.ready()
        wait_for(probe, bool, timeout, f"{self.id} joined its partition groups ('{READY}' in {self.log})",
                 interval=0.5, tolerate=())

    def kill(self, sig: int = signal.SIGKILL) -> List[int]:
        """Signals every process of the node's namespace; waits (bounded) until they are gone."""
        return kill_namespace(self.member.ns, (sig,))

    def stop(self) -> None:
        kill_namespace(self.member.ns, (signal.SIGTERM, signal.SIGKILL))

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError as e:
            return f"({self.log}: {e})"


def java_of(env=os.environ) -> Path:
    """The Java 11 the ONOS nodes run on (``$P4S_ONOS_JAVA_HOME``, :mod:`p4slice_harness.onos.karaf`);
    the Atomix nodes use it too."""
    problem = kf.java_problem(env)
    if problem:
        raise HarnessError(problem)
    return kf.java_home(env) / "bin" / "java"
