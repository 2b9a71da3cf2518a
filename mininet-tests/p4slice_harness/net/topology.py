"""A scenario's topology as namespaces: bmv2 switches, hosts, links; pipeline pushed, hosts addressed.

:func:`scenario_testbed` (a context manager) builds, for a :class:`~p4slice_harness.scenario.Scenario`:

- one namespace per switch running ``simple_switch_grpc`` (gRPC on a unix socket, see
  :mod:`p4slice_harness.net.bmv2`) with port ``N`` on interface ``<switch>-ethN``;
- one namespace per host with ``eth0`` (the host's MAC, its IP) on the switch port the scenario
  names, and a *static* ARP entry for every other host (no ARP traffic during measurements);
- one veth pair per inter-switch link (``s1-eth5`` <-> ``s2-eth5``);
- the pipeline pushed to every switch over P4Runtime (the test process stays primary controller).

Everything lives in one :class:`~p4slice_harness.net.netns.TestNetwork`: leaving the context stops the
switches and deletes every namespace it created, also on errors. Nothing is created in the root
namespace.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, Optional

from ..p4rt.client import P4RuntimeClient
from ..scenario import Scenario
from .bmv2 import Bmv2Switch
from .netns import NetNamespace, TestNetwork
from .probe import PingResult, ping
from .traffic import Endpoint

COUNTERS = {"rx": "P4SliceIngress.slice_rx_counter", "drop": "P4SliceIngress.slice_drop_counter",
            "tx": "P4SliceEgress.slice_tx_counter"}


@dataclass
class ScenarioTestbed:
    """A running scenario. ``clients`` are keyed by ONOS device id (the plan's device strings)."""
    __test__ = False
    scenario: Scenario
    net: TestNetwork
    switches: Dict[str, Bmv2Switch]
    clients: Dict[str, P4RuntimeClient]
    hosts: Dict[str, NetNamespace]

    def endpoint(self, host: str) -> Endpoint:
        """The host's ``eth0`` for raw send/capture (:mod:`p4slice_harness.net.traffic`)."""
        return Endpoint(self.hosts[host], "eth0", host)

    def run(self, host: str, *argv: str, timeout: float = 20.0, check: bool = True):
        """Run a command inside a host's namespace."""
        return self.hosts[host].run(*argv, timeout=timeout, check=check)

    def ping(self, src: str, dst: str, count: int = 3, timeout: float = 1.0, interval: float = 0.1) -> PingResult:
        """ICMP echo from host ``src`` to host ``dst``'s address (:func:`p4slice_harness.net.probe.ping`)."""
        return ping(self.hosts[src], self.scenario.host(dst).address, count=count, timeout=timeout,
                    interval=interval)

    def counters(self, device: str) -> Dict[str, Dict[int, tuple]]:
        """All cells of the three slice counters of a device: {"rx"|"tx"|"drop": {index: (packets, bytes)}}."""
        client = self.clients[device]
        return {k: client.read_counter(name) for k, name in COUNTERS.items()}

    def alive(self) -> bool:
        return all(s.alive() for s in self.switches.values())


def switch_port_ifname(switch: str, port: int) -> str:
    return f"{switch}-eth{port}"


@contextlib.contextmanager
def scenario_testbed(scenario: Scenario, p4info: Path, bmv2_json: Path, workdir,
                     log_level: Optional[str] = None, start_timeout: float = 60.0) -> Iterator[ScenarioTestbed]:
    """Build and start ``scenario``; yields a :class:`ScenarioTestbed`; tears everything down on exit."""
    workdir = Path(workdir)
    with TestNetwork(workdir=str(workdir)) as net:
        sw_ns = {d.id: net.add_namespace(d.name) for d in scenario.devices}
        host_ns = {h.name: net.add_namespace(h.name) for h in scenario.hosts}
        ports: Dict[str, Dict[int, str]] = {d.id: {} for d in scenario.devices}
        for link in scenario.links:
            a, b = scenario.device(link.src.device), scenario.device(link.dst.device)
            if_a, if_b = switch_port_ifname(a.name, link.src.port), switch_port_ifname(b.name, link.dst.port)
            net.add_veth(sw_ns[a.id], if_a, sw_ns[b.id], if_b)
            ports[a.id][link.src.port] = if_a
            ports[b.id][link.dst.port] = if_b
        for h in scenario.hosts:
            sw = scenario.device(h.device)
            ifname = switch_port_ifname(sw.name, h.port)
            net.add_veth(sw_ns[sw.id], ifname, host_ns[h.name], "eth0", mac_b=h.mac)
            ports[sw.id][h.port] = ifname
            if h.ip:
                host_ns[h.name].run("ip", "addr", "add", h.ip, "dev", "eth0")
        for h in scenario.hosts:
            for other in scenario.hosts:
                if other is not h and other.address and h.ip:
                    host_ns[h.name].run("ip", "neigh", "replace", other.address, "lladdr", other.mac,
                                        "dev", "eth0", "nud", "permanent")

        switches: Dict[str, Bmv2Switch] = {}
        for d in scenario.devices:
            sw = Bmv2Switch(d.name, ports[d.id], sw_ns[d.id], workdir, device_id=d.device_id, log_level=log_level)
            net.register_stop(sw.stop)
            switches[d.id] = sw
        for sw in switches.values():
            sw.start(timeout=start_timeout)
        clients: Dict[str, P4RuntimeClient] = {}
        try:
            for d in scenario.devices:
                c = P4RuntimeClient(switches[d.id].address, d.device_id, timeout=20)
                clients[d.id] = c
                c.connect()
                c.set_forwarding_pipeline(p4info, bmv2_json)
            yield ScenarioTestbed(scenario, net, switches, clients, host_ns)
        finally:
            for c in clients.values():
                c.close()
            dead = [f"{n}:\n{s.tail()}" for n, s in switches.items() if s.proc is not None and not s.alive()]
            if dead:
                print("simple_switch_grpc died during the run:\n" + "\n".join(dead))
