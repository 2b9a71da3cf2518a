"""One ONOS 2.7 node of the cluster lab: its own copy of the ONOS installation, run in its namespace.

:func:`prepare_node_dir` makes ``<lab>/node<N>`` from the installation (``$P4S_ONOS_ROOT``, default
``/opt/onos-2.7.0``, ONOS's release layout: :mod:`p4slice_harness.onos.karaf`): Karaf's configuration
and scripts are copied, what ONOS only reads is hard-linked (Karaf's ``system/`` repository and
``lib/``, the stock apps snapshot ``run/apps.stock.tar``; copied where the file system refuses links).
The installation's ``data/`` and ``apps/`` are never read (a single-node L3 run may be rewriting
them): a clean start unpacks the stock apps snapshot into the copy. The copy is redone when the
installation changed (a stamp of its Karaf scripts', repository's and stock apps' times).

:class:`ClusterOnos` is :class:`p4slice_harness.onos.assembly.OnosL3` for such a copy: the same Karaf
scripts, app activation, ``.oar`` install and karaf.log reading, but every script runs with
``ip netns exec``, with the lab's heap in ``JAVA_OPTS`` (``$P4S_CLUSTER_ONOS_HEAP``, default 1536m)
and with the node's ``cluster.json`` (:func:`p4slice_harness.cluster.genconfig.onos_cluster_json`)
in ``<copy>/config/``. Every node runs on the same Java 11 (``$P4S_ONOS_JAVA_HOME``).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import time
from pathlib import Path
from typing import List, Optional

from ..onos import karaf as kf
from ..onos.karaf import KARAF_SUBDIR, RUN_SUBDIR, STOCK_APPS
from ..onos.rest import OnosRest
from ..onos.assembly import OnosL3, OnosL3Error, port_in_use
from .genconfig import onos_cluster_json
from .layout import REST_PORT, SSH_PORT, ClusterLayout, Member
from .processes import java_pid, kill_namespace, namespace_pids

LINKED = ("system", "lib")                              # Karaf directories ONOS only reads
SKIPPED = ("data", "instances")                         # Karaf state: each node has its own
NOT_COPIED = ("apps", "run", KARAF_SUBDIR.name)         # the node makes its own
DEFAULT_HEAP = "1536m"


def _stamp(source: Path) -> str:
    parts = [str(source.resolve())]
    for rel in (KARAF_SUBDIR / "bin" / "start", KARAF_SUBDIR / "system", RUN_SUBDIR / STOCK_APPS):
        st = (source / rel).stat()
        parts.append(f"{rel}:{st.st_mtime_ns}:{st.st_size}")
    return "\n".join(parts) + "\n"


def _link_tree(src: Path, dst: Path) -> None:
    try:
        shutil.copytree(src, dst, symlinks=True, copy_function=os.link)
    except OSError:
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(src, dst, symlinks=True)


def _link_file(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def prepare_node_dir(source: Path, dest: Path, out=print) -> bool:
    """Make ``dest`` a node's copy of the installation at ``source`` (unless it is one already);
    returns whether it copied."""
    source, dest = Path(source), Path(dest)
    kf.snapshot_stock_apps(source)
    stamp = dest / ".installation-stamp"
    want = _stamp(source)
    if stamp.exists() and stamp.read_text() == want:
        return False
    out(f"[cluster-lab] copying the ONOS installation {source} to {dest}")
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for entry in source.iterdir():
        if entry.name in NOT_COPIED:
            continue
        if entry.is_dir():
            shutil.copytree(entry, dest / entry.name, symlinks=True)
        else:
            _link_file(entry, dest / entry.name)
    (dest / "apps").mkdir()
    (dest / RUN_SUBDIR).mkdir()
    _link_file(source / RUN_SUBDIR / STOCK_APPS, dest / RUN_SUBDIR / STOCK_APPS)
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
        """G1, the lab's heap, and Felix SCR's component lock wait raised from its 5 s: three ONOS nodes
        starting beside two bmv2 on a 2-core machine under other load gave up ClusterManager's
        activation at 10 s ("Could not obtain lock") and the node never became READY."""
        return (f"-XX:+UseG1GC -XX:MaxGCPauseMillis=200 -Xms256m -Xmx{self.heap} -Dkaraf.log.console=INFO "
                f"-Dds.lock.timeout.milliseconds=60000")

    def command(self, script: str, *args: str) -> List[str]:
        return ["ip", "netns", "exec", self.member.ns, *super().command(script, *args)]

    def write_cluster_json(self) -> Path:
        config = self.home / "config"
        config.mkdir(exist_ok=True)
        path = config / "cluster.json"
        path.write_text(json.dumps(onos_cluster_json(self.node_id, [m.ip for m in self.layout.atomix]),
                                   indent=4) + "\n")
        return path

    def launch(self, clean: bool = False) -> None:
        """Karaf's bin/start (clean: from the stock apps) in the node's namespace; returns at once
        (REST: :meth:`wait_rest`)."""
        if self.running():
            raise OnosL3Error(f"node{self.member.index}: ONOS is already running (pid {self.pid()})")
        busy = [p for p in (REST_PORT, SSH_PORT) if port_in_use(p, self.member.ip)]
        if busy:
            raise OnosL3Error(f"node{self.member.index}: port(s) {busy} on {self.member.ip} already answer")
        self.write_cluster_json()
        self.prepare_start(clean)
        self._script("bin/start", timeout=60, java_opts=self.java_opts())

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

    def stop(self, timeout: float = 90.0) -> None:
        """Karaf's bin/stop (bounded wait for the JVM to go), then whatever is left in the namespace
        is killed."""
        pid = self.pid()
        if pid is not None:
            try:
                self._script("bin/stop", timeout=60, check=False)
                self._gone(pid, timeout)
            except OnosL3Error:
                pass
        kill_namespace(self.member.ns, (signal.SIGTERM, signal.SIGKILL))
