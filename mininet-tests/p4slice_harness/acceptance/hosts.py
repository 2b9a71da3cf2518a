"""The test server's NICs as hosts: each NIC cabled to a test port is moved into a network namespace of
its own (:meth:`~p4slice_harness.net.netns.TestNetwork.adopt_interface`, the namespaces of every
harness testbed) with the address the testbed file gives it, so that the server's own routing never
short-cuts traffic between two NICs and every frame crosses the switches. Leaving it moves the NICs
back to the root namespace and deletes the namespaces.

A host's MAC is the NIC's own (read before the move). ARP is dynamic: it runs through the switches, as
between the tenants' machines.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List

from ..errors import HarnessError
from ..lifecycle import Started
from ..net.netns import NetNamespace, TestNetwork
from ..net.traffic import Endpoint
from .testbed import TestPort, Testbed


@dataclass(frozen=True)
class Host:
    name: str                   # h1, h2, ... in test-port order
    port: TestPort
    netns: NetNamespace
    mac: str

    @property
    def ip(self) -> str:
        return self.port.address

    @property
    def endpoint(self) -> Endpoint:
        return Endpoint(self.netns, self.port.nic, self.name)


def nic_mac(nic: str) -> str:
    try:
        return Path(f"/sys/class/net/{nic}/address").read_text().strip().lower()
    except OSError:
        raise HarnessError(f"no interface {nic} on this server (the testbed file's NIC)") from None


class TestHosts(Started):
    __test__ = False

    def __init__(self, tb: Testbed, workdir=None):
        self.tb = tb
        self.net = TestNetwork(workdir=str(workdir) if workdir else None)
        self.hosts: List[Host] = []

    def start(self) -> None:
        missing = [p.nic for p in self.tb.test_ports if not Path(f"/sys/class/net/{p.nic}").exists()]
        if missing:
            raise HarnessError(f"NIC(s) {', '.join(missing)} of the testbed file not found on this server "
                               f"(root namespace)")
        self.net.__enter__()
        for i, p in enumerate(self.tb.test_ports, start=1):
            mac = nic_mac(p.nic)
            ns = self.net.add_namespace(f"h{i}")
            self.net.adopt_interface(ns, p.nic, offloads_off=self.tb.offloads == "off")
            ns.run("ip", "link", "set", p.nic, "mtu", str(self.tb.mtu))
            ns.run("ip", "addr", "add", p.ip, "dev", p.nic)
            self.hosts.append(Host(f"h{i}", p, ns, mac))

    def close(self) -> None:
        self.net.cleanup()

    def by_port(self) -> Dict[tuple, Host]:
        return {(h.port.switch, h.port.port): h for h in self.hosts}

    def of(self, port: TestPort) -> Host:
        return self.by_port()[(port.switch, port.port)]

    def flush_neighbours(self) -> None:
        for h in self.hosts:
            h.netns.run("ip", "neigh", "flush", "dev", h.port.nic)
