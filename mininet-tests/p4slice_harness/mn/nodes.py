"""Mininet's node classes for p4slice: :class:`P4SliceSwitch` runs ``simple_switch_grpc`` (through
:class:`~p4slice_harness.net.bmv2.Bmv2Switch`, in the node's namespaces via :class:`MnexecNamespace`) and
:class:`P4SliceTopo` lays out a scenario's switches, hosts and links. Importable without Mininet
(``HAVE_MININET`` is then False and using the classes raises :class:`~.spec.MininetError`).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Dict, List, Mapping, Optional

from ..scenario import Scenario
from ..net.bmv2 import LOG_LEVELS, Bmv2Switch
from ..net.netns import OFFLOADS_OFF
from .spec import MininetError, topo_spec

try:  # the pure parts (and their unit tests) work without Mininet
    from mininet.node import Switch as _MnSwitch
    from mininet.topo import Topo as _MnTopo
    HAVE_MININET = True
except ImportError:  # pragma: no cover - depends on the machine
    _MnSwitch = _MnTopo = object
    HAVE_MININET = False

DEFAULT_CPU_PORT = 255


class MnexecNamespace:
    """``cmd(*argv)`` running ``argv`` in the namespaces of Mininet node process ``pid``
    (``mnexec -a``: network and mount namespace — a Mininet node has its own mount namespace with
    a ``/sys`` of its network namespace, where bmv2 polls ``/sys/class/net/<port>/operstate``).
    mnexec execs in place, so a Popen of the command has the program's own pid."""

    def __init__(self, pid: int, mnexec: str = "mnexec"):
        self.pid = int(pid)
        self.mnexec = mnexec

    def cmd(self, *argv: str) -> List[str]:
        return [self.mnexec, "-a", str(self.pid), *argv]


# ----------------------------------------------------------------------------------------------
# Mininet classes
# ----------------------------------------------------------------------------------------------
def _require_mininet() -> None:
    if not HAVE_MININET:
        raise MininetError("Mininet is not importable: install Debian's 'mininet' package (apt-get install "
                           "--no-install-recommends mininet) and use /usr/bin/python3 or the harness venv")


class P4SliceSwitch(_MnSwitch):
    """A Mininet switch running ``simple_switch_grpc`` (no OpenFlow, no controller).

    device_id: P4Runtime device id; workdir: directory for the gRPC unix socket (``<name>.grpc``),
    stdout and log (default: a new temporary directory, kept: it holds the log); log_level: bmv2
    log level written to ``<workdir>/<name>.log.txt`` (None: no log —
    benchmark mode); cpu_port: bmv2's CPU port. Use ``inNamespace=True`` (what :class:`P4SliceTopo`
    sets) to keep the switch and its ports out of the root namespace. Port N of the switch is the
    interface Mininet numbered N (``addLink(..., port2=N)`` → ``<name>-ethN``).
    """

    def __init__(self, name, device_id: int = 1, workdir=None, log_level: Optional[str] = "info",
                 cpu_port: int = DEFAULT_CPU_PORT, binary: Optional[str] = None, start_timeout: float = 60.0,
                 onos_id: Optional[str] = None, dpid: Optional[str] = None, grpc_port: Optional[int] = None,
                 **params):
        _require_mininet()
        if log_level is not None and log_level not in LOG_LEVELS:
            raise MininetError(f"{name}: log_level must be one of {', '.join(LOG_LEVELS)} or None, got {log_level!r}")
        super().__init__(name, dpid=dpid or f"{int(device_id):016x}", **params)
        self.device_id = int(device_id)
        self.onos_id = onos_id or f"device:bmv2:{name}"
        self.workdir = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix=f"p4s-mn-{name}-"))
        self.log_level = log_level
        self.cpu_port = cpu_port
        self.binary = binary
        self.start_timeout = start_timeout
        self.bmv2: Optional[Bmv2Switch] = None
        # ONOS lab mode: P4Runtime on TCP (the switch then runs in the root namespace, where ONOS is)
        self.grpc_port = grpc_port

    def port_map(self) -> Dict[int, str]:
        """{bmv2 port: interface name} of the switch's data ports (the loopback excluded)."""
        return {int(p): i.name for p, i in self.intfs.items() if i.name != "lo"}

    def bmv2_switch(self) -> Bmv2Switch:
        """The :class:`Bmv2Switch` (command line, start/stop) for the current ports."""
        ns = MnexecNamespace(self.pid) if self.inNamespace else None
        return Bmv2Switch(self.name, self.port_map(), ns, self.workdir, device_id=self.device_id,
                          cpu_port=self.cpu_port, log_level=self.log_level, binary=self.binary,
                          grpc_addr=None if self.grpc_port is None else f"0.0.0.0:{self.grpc_port}")

    @property
    def grpc_address(self) -> str:
        if self.grpc_port is not None:
            return f"127.0.0.1:{self.grpc_port}"
        return f"unix:{self.workdir / (self.name + '.grpc')}"

    def start(self, controllers):  # noqa: ARG002 - Mininet's signature; no controller is used
        if self.bmv2 is not None and self.bmv2.alive():
            return
        for ifname in self.port_map().values():
            self.cmd("ethtool", "-K", ifname, *OFFLOADS_OFF)
            self.cmd("ip", "link", "set", ifname, "up")
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.bmv2 = self.bmv2_switch()
        self.bmv2.start(timeout=self.start_timeout)

    def alive(self) -> bool:
        return self.bmv2 is not None and self.bmv2.alive()

    def stop(self, deleteIntfs=True):
        if self.bmv2 is not None:
            self.bmv2.stop()
        super().stop(deleteIntfs)


class P4SliceTopo(_MnTopo):
    """Mininet topology of a :class:`~p4slice_harness.scenario.Scenario`: its devices as
    :class:`P4SliceSwitch` (in their own namespaces), its hosts with their MAC/IP on the ports the
    scenario names, its inter-switch links port to port.

    switch_opts: extra options for every switch (e.g. ``log_level=None``, ``workdir=...``).
    """

    def build(self, scenario: Scenario, workdir=None, switch_opts: Optional[Mapping] = None):
        _require_mininet()
        spec = topo_spec(scenario)
        for i, s in enumerate(spec.switches):
            opts = dict(switch_opts or {})
            base = opts.pop("grpc_port_base", None)
            # ONOS lab mode (TCP P4Runtime for a controller in the root namespace): switch there too
            in_ns = base is None
            if base is not None:
                opts["grpc_port"] = base + i
            opts.update(cls=P4SliceSwitch, device_id=s.device_id, onos_id=s.onos_id, dpid=s.dpid, inNamespace=in_ns)
            if workdir is not None:
                opts["workdir"] = str(workdir)
            self.addSwitch(s.name, **opts)
        for h in spec.hosts:
            self.addHost(h.name, ip=h.ip, mac=h.mac)
        for link in spec.links:
            self.addLink(link.node1, link.node2, port1=link.port1, port2=link.port2)
