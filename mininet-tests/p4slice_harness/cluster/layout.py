"""Where the cluster lab lives: its namespaces, addresses, ports and directories (pure, no side effects).

::

      root namespace: bridge p4scl-br 10.124.0.1/24  (the address any REST client of the machine uses)
        |-- p4scl-onos1    eth0 10.124.0.11   ONOS node 1: REST :8181, Karaf SSH :8101, cluster :9876
        |-- p4scl-onos2    eth0 10.124.0.12   ONOS node 2
        |-- p4scl-onos3    eth0 10.124.0.13   ONOS node 3
        |-- p4scl-atomix1  eth0 10.124.0.21   Atomix node atomix-1 :5679
        |-- p4scl-atomix2  eth0 10.124.0.22   Atomix node atomix-2
        |-- p4scl-atomix3  eth0 10.124.0.23   Atomix node atomix-3
        '-- p4scl-sw       eth0 10.124.0.2    both simple_switch_grpc: s1 gRPC :50001, s2 :50002
                           s1-eth1..4, s2-eth1..3 -> hosts p4scl-h1 .. p4scl-h5 (eth0 10.0.0.N/24)

Every ONOS node and every Atomix node has a namespace of its own, so each one uses ONOS's and
Atomix's usual ports (8181, 8101, 9876, 5679) and none of them touches the root namespace's
127.0.0.1:8181/8101 or the L3 lab's switches (127.0.0.1:50101/50102, root-namespace ``s1-eth1``
...): the single-node L3 lab and this one run side by side. The switches live in a namespace of
their own too (their ports are named as in the L3 lab, ``s1-eth1``, but in ``p4scl-sw``).

The third octet group is ``$P4S_CLUSTER_NET`` (default ``10.124.0``); the lab's files are under
``$P4S_CLUSTER_DIR`` (default ``/opt/p4slice-cluster``): ``node<N>/`` (a copy of the ONOS assembly
per node), ``atomix<N>/`` (configuration, data, log), ``atomix/`` (jars and the launcher),
``switches/`` (bmv2 logs), ``run/`` (the lab lock and state).
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Tuple

from ..errors import HarnessError
from ..onos.topology import HOSTS, S1, S2

DEFAULT_DIR = "/opt/p4slice-cluster"
DEFAULT_NET = "10.124.0"
PREFIX = "p4scl"
BRIDGE = f"{PREFIX}-br"
NODES = 3
REST_PORT, SSH_PORT, ONOS_CLUSTER_PORT, ATOMIX_PORT = 8181, 8101, 9876, 5679
GRPC_PORTS = {S1: 50001, S2: 50002}
THRIFT_PORTS = {S1: 9090, S2: 9091}
GATEWAY, SWITCHES, ONOS_BASE, ATOMIX_BASE = 1, 2, 10, 20


@dataclass(frozen=True)
class Member:
    """One namespace of the lab: ``kind`` onos, atomix or switches; ``index`` 1..3 (0 for the
    switches); ``ns`` its namespace; ``ip`` its address on the lab bridge; ``veth`` the root end."""
    kind: str
    index: int
    ns: str
    ip: str

    @property
    def name(self) -> str:
        return f"{self.kind}{self.index}" if self.index else self.kind

    @property
    def veth(self) -> str:
        return f"{PREFIX}-{self.name}"


def check_net(net: str) -> str:
    """``a.b.c`` of a /24 the lab may use; HarnessError otherwise."""
    try:
        addr = ipaddress.IPv4Address(f"{net}.0")
    except ValueError:
        raise HarnessError(f"P4S_CLUSTER_NET must be three octets such as {DEFAULT_NET}, got {net!r}") from None
    if not addr.is_private or addr.is_loopback:
        raise HarnessError(f"P4S_CLUSTER_NET {net} must be a private, non-loopback range (the lab's "
                           f"addresses stay on this machine, in its own namespaces)")
    return net


class ClusterLayout:
    """The lab's plan. ``root``: its directory; ``net``: the first three octets of its /24."""

    def __init__(self, root=None, net: Optional[str] = None, nodes: int = NODES, env: Mapping[str, str] = os.environ):
        self.root = Path(root or env.get("P4S_CLUSTER_DIR") or DEFAULT_DIR)
        self.net = check_net(net or env.get("P4S_CLUSTER_NET") or DEFAULT_NET)
        if not 1 <= nodes <= 9:
            raise HarnessError(f"a lab has 1..9 ONOS and Atomix nodes, got {nodes}")
        self.onos: List[Member] = [Member("onos", i, f"{PREFIX}-onos{i}", self.ip(ONOS_BASE + i))
                                   for i in range(1, nodes + 1)]
        self.atomix: List[Member] = [Member("atomix", i, f"{PREFIX}-atomix{i}", self.ip(ATOMIX_BASE + i))
                                     for i in range(1, nodes + 1)]
        self.switches = Member("switches", 0, f"{PREFIX}-sw", self.ip(SWITCHES))
        self.gateway = self.ip(GATEWAY)

    def ip(self, last: int) -> str:
        return f"{self.net}.{last}"

    @property
    def members(self) -> List[Member]:
        """Every namespace on the bridge, the storage first (the order things start in)."""
        return [*self.atomix, *self.onos, self.switches]

    def host_namespaces(self) -> Dict[str, str]:
        """{host name: namespace} of the lab's hosts (the L3 lab's h1..h5)."""
        return {h: f"{PREFIX}-{h}" for h in sorted(HOSTS)}

    def namespaces(self) -> List[str]:
        return [m.ns for m in self.members] + list(self.host_namespaces().values())

    # -- ONOS ------------------------------------------------------------------------------------
    def url(self, node: Member) -> str:
        return f"http://{node.ip}:{REST_PORT}"

    def node(self, index: int) -> Member:
        if not 1 <= index <= len(self.onos):
            raise HarnessError(f"no ONOS node {index} (the lab has 1..{len(self.onos)})")
        return self.onos[index - 1]

    def node_by_id(self, node_id: str) -> Member:
        """The ONOS node of an ONOS node id (onos-gen-config makes a node's id its address)."""
        for m in self.onos:
            if m.ip == node_id:
                return m
        raise HarnessError(f"{node_id!r} is not an ONOS node of the lab ({', '.join(m.ip for m in self.onos)})")

    def node_dir(self, node: Member) -> Path:
        return self.root / f"node{node.index}"

    # -- Atomix ----------------------------------------------------------------------------------
    def atomix_dir(self, node: Member) -> Path:
        return self.root / f"atomix{node.index}"

    @property
    def atomix_lib(self) -> Path:
        return self.root / "atomix" / "lib"

    @property
    def atomix_classes(self) -> Path:
        return self.root / "atomix" / "classes"

    # -- switches --------------------------------------------------------------------------------
    def grpc_addresses(self) -> Dict[str, str]:
        """{device: host:port} of the switches' P4Runtime servers, as ONOS and the harness reach them."""
        return {d: f"{self.switches.ip}:{p}" for d, p in GRPC_PORTS.items()}

    @property
    def switch_dir(self) -> Path:
        return self.root / "switches"

    @property
    def run_dir(self) -> Path:
        return self.root / "run"

    def describe(self) -> List[Tuple[str, str]]:
        """(what, where) lines: the ONOS nodes first (``node<N>``, their REST URL), then the rest."""
        out = [(f"node{m.index}", self.url(m)) for m in self.onos]
        out += [(f"atomix-{m.index}", f"{m.ip}:{ATOMIX_PORT}") for m in self.atomix]
        out += [(f"{d.rsplit(':', 1)[1]}", f"grpc {a}") for d, a in self.grpc_addresses().items()]
        return out
