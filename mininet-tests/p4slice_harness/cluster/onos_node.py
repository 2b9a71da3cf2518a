"""One ONOS 2.7 node of the cluster lab: its own copy of the onos-l3 assembly, run in its namespace.

:func:`prepare_node_dir` makes ``<lab>/node<N>`` from the assembly (``$P4S_ONOS_L3``, default
``/opt/onos-l3``): the scripts (``start-onos.sh``, ``stop-onos.sh``, ``onos-cli.sh``) and Karaf's
configuration are copied, what ONOS only reads is hard-linked (Karaf's ``system/`` repository and
``lib/``, the stock ``apps.stock.tar``; copied where the file system refuses links), the Java 11
runtime is a symbolic link. The assembly's ``data/`` and ``apps/`` are never read (a single-node L3
run may be rewriting them): ``start-onos.sh --clean`` unpacks the stock apps into the copy. The copy
is redone when the assembly changed (a stamp of its scripts' and stock apps' times).

:class:`ClusterOnos` is :class:`p4slice_harness.onos.assembly.OnosL3` for such a copy: the same scripts, app
activation, ``.oar`` install and karaf.log reading, but every script runs with ``ip netns exec``, with
the lab's heap (``$P4S_CLUSTER_ONOS_HEAP``, default 1536m) and with the node's ``cluster.json``
(:func:`p4slice_harness.cluster.genconfig.onos_cluster_json`) in ``<assembly>/config/``.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Optional

from ..onos.rest import OnosRest
from ..onos.assembly import KARAF_SUBDIR, SCRIPTS, OnosL3, OnosL3Error, port_in_use
from .genconfig import onos_cluster_json
from .layout import REST_PORT, SSH_PORT, ClusterLayout, Member
from .processes import java_pid, kill_namespace, namespace_pids

ONOS_SUBDIR = KARAF_SUBDIR.parent                       # assembly/onos-2.7.0
LINKED = ("system", "lib")                              # Karaf directories ONOS only reads
SKIPPED = ("data", "instances")                         # Karaf state: each node has its own
DEFAULT_HEAP = "1536m"


def _stamp(source: Path) -> str:
    parts = [str(source.resolve())]
    for rel in (*SCRIPTS, ONOS_SUBDIR / "apps.stock.tar", KARAF_SUBDIR / "system"):
        st = (source / rel).stat()
        parts.append(f"{rel}:{st.st_mtime_ns}:{st.st_size}")
    return "\n".join(parts) + "\n"


def _link_tree(src: Path, dst: Path) -> None:
    try:
        shutil.copytree(src, dst, symlinks=True, copy_function=os.link)
    except OSError:
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(src, dst, symlinks=True)


def prepare_node_dir(source: Path, dest: Path, out=print) -> bool:
    """Make ``dest`` a node's copy of the assembly at ``source`` (unless it is one already); returns
    whether it copied."""
    source, dest = Path(source), Path(dest)
    stamp = dest / ".assembly-stamp"
    want = _stamp(source)
    if stamp.exists() and stamp.read_text() == want:
        return False
    out(f"[cluster-lab] copying the ONOS assembly {source} to {dest}")
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for script in SCRIPTS:
        shutil.copy2(source / script, dest / script)
    os.symlink((source / "jdk11").resolve(), dest / "jdk11")
    src_onos, dst_onos = source / ONOS_SUBDIR, dest / ONOS_SUBDIR
    dst_onos.mkdir(parents=True)
    for entry in src_onos.iterdir():
        if entry.name in ("apps", "config", KARAF_SUBDIR.name):
            continue
        target = dst_onos / entry.name
        if entry.is_dir():
            shutil.copytree(entry, target, symlinks=True)
        else:
            try:
                os.link(entry, target)
            except OSError:
                shutil.copy2(entry, target)
    src_karaf, dst_karaf = source / KARAF_SUBDIR, dest / KARAF_SUBDIR
    dst_karaf.mkdir()
    for entry in src_karaf.iterdir():
        target = dst_karaf / entry.name
        if entry.name in SKIPPED:
            continue
        if entry.name in LINKED:
            _link_tree(entry, target)
        elif entry.is_dir():
            shutil.copytree(entry, target, symlinks=True)
        else:
            shutil.copy2(entry, target)
    stamp.write_text(want)
    return True


class ClusterOnos(OnosL3):
    """The ONOS of one lab node (``member``), reached at its REST URL."""

    def __init__(self, layout: ClusterLayout, member: Member, rest: Optional[OnosRest] = None,
                 heap: Optional[str] = None):
        super().__init__(layout.node_dir(member), rest or OnosRest(layout.url(member), timeout=15.0))
        self.layout = layout
        self.member = member
        self.heap = heap or os.environ.get("P4S_CLUSTER_ONOS_HEAP") or DEFAULT_HEAP

    @property
    def node_id(self) -> str:
        return self.member.ip

    def java_opts(self) -> str:
        return (f"-XX:+UseG1GC -XX:MaxGCPauseMillis=200 -Xms256m -Xmx{self.heap} -Dkaraf.log.console=INFO "
                f"-Dds.lock.timeout.milliseconds=10000")

    def _script(self, name: str, *args: str, timeout: float = 150.0) -> str:
        env = dict(os.environ, JAVA_OPTS=self.java_opts())
        cmd = ["ip", "netns", "exec", self.member.ns, str(self.home / name), *args]
        try:
            cp = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            raise OnosL3Error(f"node{self.member.index}: {name} {' '.join(args)} did not return within "
                              f"{timeout:g} s") from None
        if cp.returncode != 0:
            raise OnosL3Error(f"node{self.member.index}: {name} {' '.join(args)} failed ({cp.returncode}): "
                              f"{cp.stderr.strip() or cp.stdout.strip()}")
        return cp.stdout

    def write_cluster_json(self) -> Path:
        config = self.home / ONOS_SUBDIR / "config"
        config.mkdir(exist_ok=True)
        path = config / "cluster.json"
        path.write_text(json.dumps(onos_cluster_json(self.node_id, [m.ip for m in self.layout.atomix]),
                                   indent=4) + "\n")
        return path

    def launch(self, clean: bool = False) -> None:
        """start-onos.sh [--clean] in the node's namespace; returns at once (REST: :meth:`wait_rest`)."""
        if self.running():
            raise OnosL3Error(f"node{self.member.index}: ONOS is already running (pid {self.pid()})")
        busy = [p for p in (REST_PORT, SSH_PORT) if port_in_use(p, self.member.ip)]
        if busy:
            raise OnosL3Error(f"node{self.member.index}: port(s) {busy} on {self.member.ip} already answer")
        self.write_cluster_json()
        self._script("start-onos.sh", *(["--clean"] if clean else []), timeout=60)

    def start(self, clean: bool = False, timeout: float = 300.0) -> float:
        t0 = time.monotonic()
        self.launch(clean)
        self.wait_rest(timeout)
        return time.monotonic() - t0

    def running(self) -> bool:
        return bool(namespace_pids(self.member.ns)) and self.pid() is not None

    def jvm_pid(self) -> Optional[int]:
        return java_pid(self.member.ns, "org.apache.karaf.main.Main")

    def kill(self) -> list:
        """kill -9 of the node (its JVM and the Karaf wrapper): no goodbye to the cluster."""
        return kill_namespace(self.member.ns, (signal.SIGKILL,))

    def stop(self) -> None:
        """stop-onos.sh (bounded), then whatever is left in the namespace is killed."""
        if self.pid() is not None:
            try:
                self._script("stop-onos.sh", timeout=150)
            except OnosL3Error:
                pass
        kill_namespace(self.member.ns, (signal.SIGTERM, signal.SIGKILL))

    def cli(self, command: str, timeout: float = 60.0) -> str:
        try:
            cp = subprocess.run(["ip", "netns", "exec", self.member.ns, str(self.home / "onos-cli.sh"), command],
                                capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise OnosL3Error(f"node{self.member.index}: onos-cli.sh {command!r} did not return within "
                              f"{timeout:g} s") from None
        return cp.stdout + cp.stderr
