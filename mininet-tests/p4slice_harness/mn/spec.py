"""What a scenario becomes in Mininet, computed without Mininet (pure, unit-tested).

:func:`topo_spec` gives the switches, hosts and links with their Mininet names and raises
:class:`MininetError` for names Linux or Mininet cannot use; :func:`static_neighbours` the ARP/ND
entries each host gets; :func:`check_plan_devices` that a plan only names the scenario's devices.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from ..errors import HarnessError
from ..scenario import Scenario
from ..net.names import IFNAME_MAX, check_ifname


class MininetError(HarnessError):
    """The Mininet network cannot be built/started here, or its teardown left something behind."""



@dataclass(frozen=True)
class SwitchSpec:
    name: str          # Mininet node name = scenario device name (s1)
    onos_id: str       # device:bmv2:s1 (the plan's device string)
    device_id: int     # P4Runtime device id
    dpid: str          # 16 hex digits (Mininet wants one; = device id)


@dataclass(frozen=True)
class HostSpec:
    name: str
    mac: str
    ip: Optional[str]  # with prefix length, or None
    switch: str
    port: int


@dataclass(frozen=True)
class LinkSpec:
    node1: str
    port1: int
    node2: str
    port2: int


@dataclass(frozen=True)
class TopoSpec:
    switches: Tuple[SwitchSpec, ...]
    hosts: Tuple[HostSpec, ...]
    links: Tuple[LinkSpec, ...]   # host links first (host port 0 = <host>-eth0), then trunks


def intf_name(node: str, port: int) -> str:
    """Mininet's interface name for a node's port: ``<node>-eth<port>``."""
    return f"{node}-eth{port}"


def topo_spec(scenario: Scenario) -> TopoSpec:
    """The Mininet nodes and links of a scenario; :class:`MininetError` if a name cannot be used
    (interface names ``<node>-eth<port>`` must fit Linux's 15 characters)."""
    names = {}
    switches = []
    for d in scenario.devices:
        switches.append(SwitchSpec(d.name, d.id, d.device_id, f"{d.device_id:016x}"))
        names[d.id] = d.name
    all_names = [s.name for s in switches] + [h.name for h in scenario.hosts]
    dup = sorted({n for n in all_names if all_names.count(n) > 1})
    if dup:
        raise MininetError(f"node name(s) used twice (switches and hosts share one name space in Mininet): {dup}")
    for d in scenario.devices:
        for port in d.ports:
            _check_intf(d.name, port)
    hosts = []
    links = []
    for h in scenario.hosts:
        _check_intf(h.name, 0)
        hosts.append(HostSpec(h.name, h.mac, h.ip, names[h.device], h.port))
        links.append(LinkSpec(h.name, 0, names[h.device], h.port))
    for link in scenario.links:
        links.append(LinkSpec(names[link.src.device], link.src.port, names[link.dst.device], link.dst.port))
    return TopoSpec(tuple(switches), tuple(hosts), tuple(links))


def _check_intf(node: str, port: int) -> None:
    name = intf_name(node, port)
    try:
        check_ifname(name)
    except HarnessError:
        raise MininetError(f"interface name {name!r} of node {node!r} is not a valid Linux name "
                           f"(max {IFNAME_MAX} characters): shorten the node name") from None


def static_neighbours(scenario: Scenario) -> Dict[str, List[Tuple[str, str]]]:
    """{host: [(ip, mac) of every other host with an address of the same IP version]}."""
    out = {}
    for h in scenario.hosts:
        if not h.ip:
            out[h.name] = []
            continue
        version = ipaddress.ip_interface(h.ip).version
        out[h.name] = [(o.address, o.mac) for o in scenario.hosts
                       if o.name != h.name and o.ip and ipaddress.ip_interface(o.ip).version == version]
    return out


def check_plan_devices(plan_devices: Sequence[str], scenario: Scenario) -> None:
    """:class:`MininetError` naming plan devices the scenario does not have."""
    known = {d.id for d in scenario.devices}
    unknown = sorted(set(plan_devices) - known)
    if unknown:
        raise MininetError(f"plan has entities for device(s) {', '.join(unknown)} that the scenario does not "
                           f"declare (scenario devices: {', '.join(sorted(known))})")
