"""The L3 lab's topology: two bmv2 switches for a real ONOS, hosts in namespaces, one trunk.

::

    h1 (10.0.0.1) --1-+      +-1-- h3 (10.0.0.3)
    h2 (10.0.0.2) --2-+ s1 3=====3 s2 +-2-- h4 (10.0.0.4)
    h5 (10.0.0.5) --4-+

s1 = ``device:bmv2:s1`` (P4Runtime device id 1, gRPC 127.0.0.1:50101), s2 = ``device:bmv2:s2``
(2, 127.0.0.1:50102); cpu port 255 (the pipeconf's ``cpu_port.txt``). Ports 10, 11, ... of each
switch are declared to ONOS (netcfg) but have no interface: slices may use them (the benchmark's
64 slices, a slice on a dead switch) although no frame ever crosses them.

Where things live: ONOS reaches P4Runtime over TCP on the root namespace's loopback, so both
``simple_switch_grpc`` run in the root namespace (as ``e2e.sh`` and ``python -m p4slice_harness.mn --onos``
do) and their ports are the root-namespace ends of veth pairs named ``s1-eth1`` ... (the netcfg's port names);
each host is a namespace of a :class:`~p4slice_harness.net.netns.TestNetwork` with ``eth0`` (its MAC,
``10.0.0.N/24``, IPv6 off, **no static neighbour entries**: ARP runs through the switches). IPv6 is
disabled on the root ends before they come up (no router solicitations into the slices). Leaving
the context stops the switches, deletes the root-namespace links and the namespaces (bounded).
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from ..errors import HarnessError
from ..lifecycle import Started
from ..net.bmv2 import Bmv2Switch
from ..net.netns import OFFLOADS_OFF, NetNamespace, TestNetwork, run
from ..net.probe import PingResult, ping
from ..scenario import Device, Host, Link, PortRef, Scenario
from .netcfg import port_ifname

S1, S2 = "device:bmv2:s1", "device:bmv2:s2"
GRPC_PORTS = {S1: 50101, S2: 50102}
THRIFT_PORTS = {S1: 50201, S2: 50202}   # two bmv2 in one namespace: the default 9090 would collide
CPU_PORT = 255
TRUNK_PORT = 3
PORT_SPEED_BPS = 100_000_000            # every port 100 Mbit/s (netcfg speed 100, capacityOverrides)
VIRTUAL_PORT_BASE = 10
# host: (switch, port, MAC); IP 10.0.0.N/24
HOSTS: Dict[str, Tuple[str, int, str]] = {
    "h1": (S1, 1, "00:00:00:00:00:01"), "h2": (S1, 2, "00:00:00:00:00:02"), "h5": (S1, 4, "00:00:00:00:00:05"),
    "h3": (S2, 1, "00:00:00:00:00:03"), "h4": (S2, 2, "00:00:00:00:00:04"),
}


MAX_PORT = 510                          # bmv2's ports are 9-bit numbers; 511 is v1model's drop port
MAX_VIRTUAL_PORTS = MAX_PORT - VIRTUAL_PORT_BASE    # 10..510 without the CPU port


def virtual_port_numbers(count: int) -> List[int]:
    """The first ``count`` netcfg-only port numbers of a lab switch: 10, 11, ... (CPU_PORT skipped)."""
    if not 0 <= count <= MAX_VIRTUAL_PORTS:
        raise HarnessError(f"virtual_ports must be 0..{MAX_VIRTUAL_PORTS}, got {count}")
    return [p for p in range(VIRTUAL_PORT_BASE, MAX_PORT + 1) if p != CPU_PORT][:count]


def lab_scenario(virtual_ports: int = 8, speed_bps: int = PORT_SPEED_BPS) -> Scenario:
    """The lab as a :class:`Scenario` (no slices: the tests create them over REST), with
    ``virtual_ports`` extra ports (10, 11, ..., :func:`virtual_port_numbers`) on each switch."""
    numbers = virtual_port_numbers(virtual_ports)
    devices = []
    for i, dev in enumerate((S1, S2), start=1):
        real = {p for d, p, _ in HOSTS.values() if d == dev} | {TRUNK_PORT}
        ports = sorted(real) + numbers
        devices.append(Device(dev, dev.rsplit(":", 1)[1], i, {p: speed_bps for p in ports}))
    hosts = tuple(Host(name, mac, f"10.0.0.{name[1:]}/24", dev, port)
                  for name, (dev, port, mac) in sorted(HOSTS.items()))
    link = Link(PortRef(S1, TRUNK_PORT), PortRef(S2, TRUNK_PORT))
    return Scenario("p4slice L3 lab: s1, s2, trunk s1/3-s2/3, h1 h2 h5 on s1, h3 h4 on s2",
                    tuple(devices), (link,), hosts, ())


def grpc_addresses() -> Dict[str, str]:
    return {d: f"127.0.0.1:{p}" for d, p in GRPC_PORTS.items()}


def trunk_link_keys() -> set:
    """Both directions of the trunk as ONOS lists links (``GET /onos/v1/links``)."""
    a, b = f"{S1}/{TRUNK_PORT}", f"{S2}/{TRUNK_PORT}"
    return {f"{a}-{b}", f"{b}-{a}"}


def root_link_names(scenario: Scenario) -> Tuple[str, ...]:
    """Root-namespace interfaces the lab creates: one per switch port that has a host or a link."""
    names = [port_ifname(scenario.device(h.device).name, h.port) for h in scenario.hosts]
    for l in scenario.links:
        names += [port_ifname(scenario.device(e.device).name, e.port) for e in (l.src, l.dst)]
    return tuple(names)


def root_ifup(ifname: str) -> None:
    """A root-namespace interface up: IPv6 off before it comes up, offloads off (OFFLOADS_OFF)."""
    knob = f"/proc/sys/net/ipv6/conf/{ifname}/disable_ipv6"
    if os.path.exists(knob):
        with open(knob, "w") as f:
            f.write("1")
    run(["ethtool", "-K", ifname, *OFFLOADS_OFF])
    run(["ip", "link", "set", ifname, "up"])


class LabNetwork(Started):
    """Host namespaces, veths and the two switches of :func:`lab_scenario`; a context manager."""

    def __init__(self, scenario: Scenario, workdir, log_level: Optional[str] = None):
        self.scenario = scenario
        self.workdir = Path(workdir)
        self.log_level = log_level
        self.net = TestNetwork(workdir=str(self.workdir))
        self.hosts: Dict[str, NetNamespace] = {}
        self.switches: Dict[str, Bmv2Switch] = {}
        self._root_links: list = []

    def start(self) -> None:
        self.net.__enter__()
        taken = [n for n in root_link_names(self.scenario) if os.path.exists(f"/sys/class/net/{n}")]
        if taken:
            raise HarnessError(f"interface(s) {', '.join(taken)} already exist in the root namespace "
                               f"(another lab or 'python -m p4slice_harness.mn --onos' running?)")
        self.net.register_stop(self._delete_root_links)      # runs after the switches stopped (LIFO)
        sc = self.scenario
        for h in sc.hosts:
            ns = self.net.add_namespace(h.name)
            self.hosts[h.name] = ns
            root_end = port_ifname(sc.device(h.device).name, h.port)
            run(["ip", "link", "add", "name", root_end, "type", "veth", "peer", "name", "eth0", "netns", ns.name,
                 "address", h.mac])
            self._root_links.append(root_end)
            root_ifup(root_end)
            ns.run("ethtool", "-K", "eth0", *OFFLOADS_OFF)
            ns.run("ip", "addr", "add", h.ip, "dev", "eth0")
            ns.run("ip", "link", "set", "eth0", "up")
        for l in sc.links:
            a = port_ifname(sc.device(l.src.device).name, l.src.port)
            b = port_ifname(sc.device(l.dst.device).name, l.dst.port)
            run(["ip", "link", "add", "name", a, "type", "veth", "peer", "name", b])
            self._root_links.append(a)
            root_ifup(a)
            root_ifup(b)
        wired = set(root_link_names(sc))
        for d in sc.devices:
            ports = {p: port_ifname(d.name, p) for p in d.ports if port_ifname(d.name, p) in wired}
            sw = Bmv2Switch(d.name, ports, None, self.workdir, device_id=d.device_id, cpu_port=CPU_PORT,
                            grpc_addr=f"127.0.0.1:{GRPC_PORTS[d.id]}", thrift_port=THRIFT_PORTS[d.id],
                            log_level=self.log_level)
            self.switches[d.id] = sw
            self.net.register_stop(sw.stop)
        for sw in self.switches.values():
            sw.start(timeout=60)

    def _delete_root_links(self) -> None:
        for name in self._root_links:
            if os.path.exists(f"/sys/class/net/{name}"):
                run(["ip", "link", "del", name], check=False, timeout=10)
        self._root_links = []

    def close(self) -> None:
        self.net.cleanup()

    # -- switches --------------------------------------------------------------------------------
    def kill_switch(self, device: str) -> int:
        """SIGKILL the switch's simple_switch_grpc (no goodbye to ONOS); returns the dead pid."""
        sw = self.switches[device]
        if sw.proc is None:
            raise HarnessError(f"{device}: switch not running")
        proc, sw.proc = sw.proc, None
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        return proc.pid

    def start_switch(self, device: str, timeout: float = 60.0) -> None:
        """Start the switch again with the very same command line (empty, ``--no-p4``)."""
        self.switches[device].start(timeout=timeout)

    def command(self, device: str):
        return self.switches[device].command()

    # -- hosts -----------------------------------------------------------------------------------
    def ip(self, host: str) -> str:
        return self.scenario.host(host).address

    def ping(self, src: str, dst: str, count: int = 3, timeout: float = 1.0) -> PingResult:
        return ping(self.hosts[src], self.ip(dst), count=count, timeout=timeout)

    def flush_neighbours(self, host: str) -> None:
        self.hosts[host].run("ip", "neigh", "flush", "dev", "eth0")
