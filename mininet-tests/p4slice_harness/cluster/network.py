"""The cluster lab's network: a bridge in the root namespace, one namespace per ONOS and Atomix node
and one for the switches, and the L3 lab's hosts behind the switches (see :mod:`.layout`).

:class:`ClusterNetwork` outlives the process that made it (``make cluster-up`` returns, the lab keeps
running): nothing is remembered but names, so :meth:`ClusterNetwork.down` (``make cluster-down``)
finds everything again from the layout. Only the lab's own names are touched: the bridge
``p4scl-br``, the namespaces ``p4scl-*`` of the layout, and the root ends ``p4scl-<member>`` of their
veths (deleted with the bridge's ports).

Switches: both ``simple_switch_grpc --no-p4`` run in ``p4scl-sw`` (device ids 1 and 2, cpu port 255,
P4Runtime on ``<switches ip>:50001`` and ``:50002``, thrift 9090/9091), their ports ``s1-eth1`` ... are
veths to the host namespaces (``eth0``, the host's MAC and ``10.0.0.N/24``, no static neighbours: ARP
crosses the switches, ONOS learns the hosts) and the trunk ``s1-eth3`` -- ``s2-eth3``; exactly the L3
lab's topology (:func:`p4slice_harness.onos.topology.lab_scenario`). Their pids are kept in
``<lab>/switches/<name>.pid`` so a drill can restart one.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Dict, List, Optional

from ..net.bmv2 import Bmv2Switch
from ..errors import HarnessError
from ..net.netns import NetNamespace, run
from ..onos.netcfg import port_ifname
from ..onos.topology import CPU_PORT, OFFLOADS_OFF, lab_scenario, root_link_names
from ..net.probe import PingResult, ping
from ..scenario import Scenario
from .layout import BRIDGE, THRIFT_PORTS, ClusterLayout
from .processes import kill_namespace

IPV6_OFF = "for k in all default; do f=/proc/sys/net/ipv6/conf/$k/disable_ipv6; [ -e $f ] && echo 1 > $f; done; true"


def _ns_add(name: str) -> NetNamespace:
    run(["ip", "netns", "add", name])
    ns = NetNamespace(name=name, short=name)
    ns.run("ip", "link", "set", "lo", "up")
    ns.run("sh", "-c", IPV6_OFF)
    return ns


class ClusterNetwork:
    """Bridge, namespaces, hosts and switches of a :class:`ClusterLayout`."""

    def __init__(self, layout: ClusterLayout, virtual_ports: int = 10, log_level: Optional[str] = None):
        self.layout = layout
        self.scenario: Scenario = lab_scenario(virtual_ports)
        self.log_level = log_level
        self.sw = NetNamespace(layout.switches.ns, "sw")
        self.hosts: Dict[str, NetNamespace] = {h: NetNamespace(ns, h) for h, ns in layout.host_namespaces().items()}

    def exists(self) -> bool:
        return os.path.exists(f"/sys/class/net/{BRIDGE}")

    def present(self) -> List[str]:
        """What of the lab exists on this machine (bridge, namespaces)."""
        found = [BRIDGE] if self.exists() else []
        return found + [ns for ns in self.layout.namespaces() if os.path.exists(f"/run/netns/{ns}")]

    # -- bring up --------------------------------------------------------------------------------
    def up(self) -> None:
        left = self.present()
        if left:
            raise HarnessError(f"the cluster lab's {', '.join(left)} already exist: 'make cluster-down' first")
        lay = self.layout
        run(["ip", "link", "add", BRIDGE, "type", "bridge"])
        run(["ip", "addr", "add", f"{lay.gateway}/24", "dev", BRIDGE])
        run(["ip", "link", "set", BRIDGE, "up"])
        for m in lay.members:
            ns = _ns_add(m.ns)
            run(["ip", "link", "add", m.veth, "type", "veth", "peer", "name", "eth0", "netns", m.ns])
            run(["ip", "link", "set", m.veth, "master", BRIDGE])
            run(["ip", "link", "set", m.veth, "up"])
            ns.run("ip", "addr", "add", f"{m.ip}/24", "dev", "eth0")
            ns.run("ip", "link", "set", "eth0", "up")
        self._hosts_and_ports()

    def _hosts_and_ports(self) -> None:
        sc = self.scenario
        for h in sc.hosts:
            ns = _ns_add(self.hosts[h.name].name)
            port = port_ifname(sc.device(h.device).name, h.port)
            run(["ip", "link", "add", port, "netns", self.sw.name, "type", "veth", "peer", "name", "eth0",
                 "netns", ns.name, "address", h.mac])
            ns.run("ethtool", "-K", "eth0", *OFFLOADS_OFF)
            ns.run("ip", "addr", "add", h.ip, "dev", "eth0")
            ns.run("ip", "link", "set", "eth0", "up")
            self._sw_port_up(port)
        for link in sc.links:
            a = port_ifname(sc.device(link.src.device).name, link.src.port)
            b = port_ifname(sc.device(link.dst.device).name, link.dst.port)
            run(["ip", "link", "add", a, "netns", self.sw.name, "type", "veth", "peer", "name", b,
                 "netns", self.sw.name])
            self._sw_port_up(a)
            self._sw_port_up(b)

    def _sw_port_up(self, ifname: str) -> None:
        self.sw.run("ethtool", "-K", ifname, *OFFLOADS_OFF)
        self.sw.run("ip", "link", "set", ifname, "up")

    # -- switches --------------------------------------------------------------------------------
    def switch(self, device: str) -> Bmv2Switch:
        d = self.scenario.device(device)
        wired = set(root_link_names(self.scenario))
        ports = {p: port_ifname(d.name, p) for p in d.ports if port_ifname(d.name, p) in wired}
        return Bmv2Switch(d.name, ports, self.sw, self.layout.switch_dir, device_id=d.device_id, cpu_port=CPU_PORT,
                          grpc_addr=self.layout.grpc_addresses()[device], thrift_port=THRIFT_PORTS[device],
                          log_level=self.log_level)

    def pid_file(self, device: str) -> Path:
        return self.layout.switch_dir / f"{self.scenario.device(device).name}.pid"

    def start_switch(self, device: str, timeout: float = 60.0) -> int:
        """Starts the switch (empty, ``--no-p4``; ONOS pushes the pipeline); returns its pid."""
        if self.switch_pid(device):
            raise HarnessError(f"{device} is already running (pid {self.switch_pid(device)})")
        sw = self.switch(device)
        sw.start(timeout=timeout)
        pid = sw.proc.pid
        self.pid_file(device).write_text(f"{pid}\n")
        sw.proc = None          # the lab outlives this object: the process is found again by its pid file
        return pid

    def switch_pid(self, device: str) -> Optional[int]:
        try:
            pid = int(self.pid_file(device).read_text().strip())
        except (OSError, ValueError):
            return None
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                alive = b"simple_switch_grpc" in f.read()
        except OSError:
            alive = False
        return pid if alive else None

    def kill_switch(self, device: str) -> int:
        pid = self.switch_pid(device)
        if pid is None:
            raise HarnessError(f"{device} is not running")
        os.kill(pid, signal.SIGKILL)
        self.pid_file(device).unlink()
        return pid

    # -- hosts -----------------------------------------------------------------------------------
    def ip(self, host: str) -> str:
        return self.scenario.host(host).address

    def ping(self, src: str, dst: str, count: int = 3, timeout: float = 1.0) -> PingResult:
        return ping(self.hosts[src], self.ip(dst), count=count, timeout=timeout)

    # -- tear down -------------------------------------------------------------------------------
    def down(self) -> List[str]:
        """Kills what still runs in the lab's namespaces, deletes them and the bridge; returns errors."""
        errors = []
        for ns in self.layout.namespaces():
            if not os.path.exists(f"/run/netns/{ns}"):
                continue
            kill_namespace(ns, (signal.SIGTERM, signal.SIGKILL), grace=5.0)
            cp = run(["ip", "netns", "delete", ns], check=False)
            if cp.returncode != 0:
                errors.append(f"ip netns delete {ns}: {cp.stderr.strip()}")
        for m in self.layout.members:
            if os.path.exists(f"/sys/class/net/{m.veth}"):
                run(["ip", "link", "del", m.veth], check=False)
        if self.exists():
            cp = run(["ip", "link", "del", BRIDGE], check=False)
            if cp.returncode != 0:
                errors.append(f"ip link del {BRIDGE}: {cp.stderr.strip()}")
        for f in self.layout.switch_dir.glob("*.pid") if self.layout.switch_dir.exists() else ():
            f.unlink()
        return errors
