"""The cluster lab: three ONOS 2.7 nodes on three Atomix 3.1.9 nodes, the p4slice ``.oar``, the L3
lab's two bmv2 switches and five hosts, each node in a namespace of its own (:mod:`.layout`).

:meth:`ClusterLab.up` (``make cluster-up``), bounded at every step and timed:

1. the network (:class:`.network.ClusterNetwork`); the Atomix jars and launcher (:mod:`.atomix`);
2. the three Atomix nodes from a clean state, started together (a Raft group needs a majority),
   each until it joined its partition groups;
3. a copy of the ONOS installation per node (:mod:`.onos_node`), each with its ``cluster.json``, the
   three started together from a clean state; REST up on each; every node sees three READY nodes;
4. ``drivers.bmv2``, ``lldpprovider``, ``hostprovider`` activated and the ``.oar`` installed through
   node 1 (ONOS distributes applications to the whole cluster); ACTIVE on every node; ONOS's group
   poll (``GroupManager fallbackGroupPollFrequency``, a speed knob only) set to 2 s;
5. the two switches; the netcfg of :func:`p4slice_harness.onos.netcfg.netcfg` (switches at the lab's
   P4Runtime addresses) and the lab's tenants (:data:`TENANTS`) pushed; both devices available and the
   trunk discovered, seen from every node.

The lab then runs on its own; :meth:`ClusterLab.attach` gives a later process (the drills) the same
objects, :meth:`ClusterLab.down` (``make cluster-down``) stops the ONOS nodes (Karaf's bin/stop), then
everything else of the lab's namespaces, and removes the network. The lab's lock
(:class:`p4slice_harness.onos.lock.AssemblyLock` on ``<lab>/run``) is held by whoever brings it up,
tears it down or runs the drills, so two of them never overlap.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Dict, List, Optional

from ..errors import HarnessError
from ..lifecycle import Started
from ..onos.netcfg import netcfg
from ..onos.rest import NETCFG as NETCFG_PATH
from ..onos.assembly import APP, PREREQUISITE_APPS, find_home, find_oar, home_problem
from ..onos.lock import AssemblyLock
from ..onos.topology import S1, S2, trunk_link_keys
from ..onos.rest import SLICES
from ..onos.wait import wait_app_active, wait_devices_available, wait_for, wait_links
from .atomix import AtomixProcess, ensure_runtime, java_of
from .layout import ClusterLayout, Member
from .network import ClusterNetwork
from .onos_node import ClusterOnos, prepare_node_dir
from .processes import memory_mib

# ONOS confirms P4Runtime groups at its group poll (30 s by default): a speed knob only (README), set
# lower so that the drills' many slices are ACTIVE sooner
GROUP_MANAGER = "org.onosproject.net.group.impl.GroupManager"
GROUP_POLL_S = 2
# the L3 lab's tenants, uncapped, and one that may hold one slice at a time (a cap to race for)
OPERATORS = {"users": ["onos"]}      # the drills' REST user
TENANTS = {"itb": {"name": "ITB"}, "ui": {"name": "UI"}, "capped": {"name": "one slice at a time", "maxSlices": 1}}


def in_parallel(fns: List[Callable[[], object]]) -> list:
    """Runs the calls at once (ONOS and Atomix nodes start together); the first error propagates."""
    with ThreadPoolExecutor(max_workers=max(1, len(fns))) as pool:
        return [f.result() for f in [pool.submit(fn) for fn in fns]]


class ClusterLab(Started):
    """The lab of a :class:`ClusterLayout`. As a context manager: :meth:`up` on entry (or
    :meth:`attach` when it is up already and ``reuse``), :meth:`down` on exit if it brought it up."""

    def __init__(self, layout: Optional[ClusterLayout] = None, oar=None, home=None, virtual_ports: int = 10,
                 log_level: Optional[str] = None, reuse: bool = False, out=print):
        self.layout = layout or ClusterLayout()
        self.home = find_home() if home is None else home
        self.oar = find_oar() if oar is None else oar
        self.network = ClusterNetwork(self.layout, virtual_ports, log_level)
        self.lock = AssemblyLock(self.layout.root)
        self.reuse = reuse
        self.out = out
        self.timings: Dict[str, float] = {}
        self.owned = False
        self.atomix: List[AtomixProcess] = []
        self.onos: List[ClusterOnos] = []

    def _step(self, what: str, fn, *args, **kw):
        t0 = time.monotonic()
        value = fn(*args, **kw)
        self.timings[what] = round(time.monotonic() - t0, 1)
        self.out(f"[cluster-lab] {what}: {self.timings[what]} s")
        return value

    # -- objects ---------------------------------------------------------------------------------
    def _objects(self) -> None:
        java = java_of()
        self.atomix = [AtomixProcess(self.layout, m, java) for m in self.layout.atomix]
        self.onos = [ClusterOnos(self.layout, m) for m in self.layout.onos]

    def node(self, index: int) -> ClusterOnos:
        return self.onos[index - 1]

    def node_of(self, node_id: str) -> ClusterOnos:
        member = self.layout.node_by_id(node_id)
        return self.onos[member.index - 1]

    def is_up(self) -> bool:
        return self.network.exists()

    # -- life ------------------------------------------------------------------------------------
    def start(self) -> None:
        self.lock.acquire(float(os.environ.get("P4S_CLUSTER_LOCK_WAIT", "0")))
        if self.reuse and self.is_up():
            self.attach()
            self.out("[cluster-lab] the lab is up already: using it as it is")
            return
        self.up()

    def close(self) -> None:
        try:
            if self.owned:
                self.down()
        finally:
            self.lock.release()

    def attach(self) -> "ClusterLab":
        if not self.is_up():
            raise HarnessError("the cluster lab is not up ('make cluster-up')")
        self._objects()
        return self

    def up(self) -> None:
        problem = home_problem(self.home)
        if problem:
            raise HarnessError(problem)
        if not os.path.isfile(self.oar):
            raise HarnessError(f"p4slice .oar not found: {self.oar} (build it with 'mvn install -DskipTests')")
        self.owned = True
        self._step("network (bridge, namespaces, hosts)", self.network.up)
        self._step("Atomix 3.1.9 jars and launcher", ensure_runtime, self.layout, self.out)
        for m in self.layout.onos:
            self._step(f"node{m.index}: assembly copy", prepare_node_dir, self.home, self.layout.node_dir(m),
                       self.out)
        self._objects()
        self._step("Atomix nodes started, partition groups joined", self.start_atomix, True)
        self._step("ONOS nodes started (clean), REST up", self.start_onos, True)
        self._step("cluster formed (every node sees 3 READY)", self.wait_cluster)
        n1 = self.onos[0]
        for app in PREREQUISITE_APPS:
            self._step(f"activate {app}", n1.activate, app)
        self._step(f"install {os.path.basename(self.oar)}", n1.install_oar, self.oar)
        self._step("p4slice ACTIVE and answering on every node", self.wait_app_everywhere)
        self._step(f"group poll every {GROUP_POLL_S} s", n1.rest.request, "POST",
                   f"/onos/v1/configuration/{GROUP_MANAGER}", {"fallbackGroupPollFrequency": GROUP_POLL_S})
        self.layout.switch_dir.mkdir(parents=True, exist_ok=True)
        for d in (S1, S2):
            self._step(f"{d} started", self.network.start_switch, d)
        self._step("netcfg pushed", self.push_netcfg)
        self._step("devices available, trunk discovered (every node)", self.wait_topology)

    def down(self) -> None:
        """Stops every ONOS node (Karaf's bin/stop), then everything of the lab; removes its network."""
        errors = []
        for m in self.layout.onos:                       # ONOS first, gently, where it has a copy to stop
            if home_problem(self.layout.node_dir(m)) is None:
                try:
                    ClusterOnos(self.layout, m).stop()
                except Exception as e:
                    errors.append(f"node{m.index}: {e}")
        errors += self.network.down()                    # then whatever else runs in the lab's namespaces
        self.owned = False
        if errors:
            raise HarnessError("cluster lab teardown: " + "; ".join(errors))

    # -- steps -----------------------------------------------------------------------------------
    def start_atomix(self, clean: bool = False, timeout: float = 240.0) -> None:
        for a in self.atomix:
            a.start(clean=clean)
        in_parallel([lambda a=a: a.wait_ready(timeout) for a in self.atomix])

    def start_onos(self, clean: bool = False, timeout: float = 400.0) -> None:
        for o in self.onos:
            o.launch(clean=clean)
        in_parallel([lambda o=o: o.wait_rest(timeout) for o in self.onos])

    def cluster_view(self, onos: ClusterOnos) -> Dict[str, str]:
        """{node id: status} as one node sees the cluster (``GET /onos/v1/cluster``)."""
        return {n["id"]: n.get("status") for n in onos.rest.request("GET", "/onos/v1/cluster")["nodes"]}

    def wait_cluster(self, nodes: Optional[List[ClusterOnos]] = None, timeout: float = 240.0) -> None:
        """Every node of ``nodes`` (default all) sees every one of them READY."""
        nodes = nodes or self.onos
        want = {o.node_id for o in nodes}
        for o in nodes:
            wait_for(lambda o=o: self.cluster_view(o),
                     lambda v: all(v.get(i) == "READY" for i in want), timeout,
                     f"node{o.member.index} sees {', '.join(sorted(want))} READY", interval=1.0)

    def wait_app_everywhere(self, nodes: Optional[List[ClusterOnos]] = None, timeout: float = 240.0) -> None:
        for o in nodes or self.onos:
            wait_app_active(o.rest, APP, timeout, interval=1.0)
            wait_for(lambda o=o: o.rest.call("GET", SLICES), lambda r: r.status == 200, timeout,
                     f"node{o.member.index}: p4slice REST GET {SLICES} answering 200", interval=1.0,
                     describe=lambda r: f"HTTP {r.status} {r.text[:120]!r}")

    def netcfg(self) -> dict:
        """The L3 lab's netcfg (switches at the lab's P4Runtime addresses), the lab's tenants and its
        operator: once tenants are configured only listed users operate (OperatorsConfig)."""
        cfg = netcfg(self.network.scenario, self.layout.grpc_addresses())
        cfg["apps"][APP]["tenants"] = TENANTS
        cfg["apps"][APP]["operators"] = OPERATORS
        return cfg

    def push_netcfg(self) -> None:
        self.onos[0].rest.request("POST", NETCFG_PATH, self.netcfg())

    def wait_topology(self, nodes: Optional[List[ClusterOnos]] = None, timeout: float = 180.0) -> None:
        for o in nodes or self.onos:
            wait_devices_available(o.rest, [S1, S2], timeout)
            wait_links(o.rest, trunk_link_keys(), timeout)

    # -- figures ---------------------------------------------------------------------------------
    def master_of(self, device: str, via: Optional[ClusterOnos] = None) -> Optional[str]:
        """The node id ONOS names as the device's master (asked through ``via``, default node 1), or None."""
        r = (via or self.onos[0]).rest.call("GET", f"/onos/v1/mastership/{device}/master")
        return r.body.get("nodeId") if r.status == 200 and isinstance(r.body, dict) else None

    def memory(self) -> Dict[str, Optional[float]]:
        """RSS (MiB) of every JVM of the lab and of both switches."""
        pids = {f"node{o.member.index}": o.jvm_pid() for o in self.onos}
        pids.update({a.id: a.pids()[0] if a.pids() else None for a in self.atomix})
        pids.update({d.rsplit(":", 1)[1]: self.network.switch_pid(d) for d in (S1, S2)})
        return memory_mib(pids)

    def describe(self) -> List[str]:
        """``node<N> http://<address>:8181`` per ONOS node (what ``make cluster-up`` prints)."""
        return [f"{what} {where}" for what, where in self.layout.describe() if what.startswith("node")]

    def member(self, index: int) -> Member:
        return self.layout.node(index)
