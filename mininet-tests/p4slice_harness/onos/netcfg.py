"""The one network-configuration builder of a scenario for ONOS, used by :mod:`.driver` (``python -m
p4slice_harness.onos.driver``, ``python -m p4slice_harness.mn --onos``) and by the L3 lab
(:mod:`.lab`). Pure, unit-tested.

Written (``POST /onos/v1/network/configuration``)::

    {"devices": {"device:bmv2:s1": {
         "basic": {"managementAddress": "grpc://127.0.0.1:50001?device_id=1", "driver": "bmv2",
                   "pipeconf": "org.p4slice.bmv2", "name": "s1"},
         "ports": {"1": {"number": 1, "name": "s1-eth1", "enabled": true, "removed": false,
                         "type": "copper", "speed": 40}, ...}}, ...},
     "links": {"device:bmv2:s1/5-device:bmv2:s2/5": {"basic": {"type": "DIRECT", "bidirectional": true}}},
     "apps": {"org.p4slice": {"p4slice": {"guardBand": 0.05, "tenants": [...],
                                          "capacityOverrides": {"device:bmv2:s1/1": 40000000, ...},
                                          "infrastructurePorts": ["device:bmv2:s1/5", "device:bmv2:s2/5"]},
                              "operators": {"users": ["onos"]}}}}

``operators`` (when given): the ONOS users p4slice treats as operators. ONOS's classic GUI does not
tell p4slice a user's roles, so a GUI user is an operator only if named there, never by default
(docs/tenants.md); the L3 lab and the demo driver name their REST user.

``ports``: bmv2 has no gNMI, so ONOS knows a bmv2 device's ports only from netcfg (as ONOS's own
``tools/dev/mininet/bmv2.py`` writes them); without them ONOS shows no ports, sends no LLDP and
learns no host. ``speed`` is ONOS's unit, Mbit/s; the same speeds, in bit/s, are the
``capacityOverrides`` admission uses (so a scenario's port speeds must be whole Mbit/s). Port names
are Mininet's ``<switch>-eth<port>``. A declared link only decorates the link LLDP discovers (ONOS's
LinkManager updates existing links from it; no link is created without netcfglinksprovider).
``infrastructurePorts``: both ends of every scenario link, the only ports p4slice takes link probes from
and runs trunks between (a link learnt between two hosts' ports, from probes a host relayed, carries none).
"""

from __future__ import annotations

from typing import Dict, Iterable, Mapping, Optional

from ..errors import HarnessError
from ..scenario import Scenario

PIPECONF = "org.p4slice.bmv2"
APP = "org.p4slice"
BPS_PER_MBPS = 1_000_000


def grpc_addresses(scenario: Scenario, first: str) -> Dict[str, str]:
    """{ONOS device id: host:port}: the first device at ``first``, the next ones on the next ports."""
    host, _, port = first.rpartition(":")
    if not host or not port.isdigit():
        raise HarnessError(f"--grpc must be host:port, got {first!r}")
    return {d.id: f"{host}:{int(port) + i}" for i, d in enumerate(scenario.devices)}


def port_ifname(switch: str, port: int) -> str:
    """Interface name of a switch port: Mininet's ``<switch>-eth<port>`` (also :mod:`.topology`'s)."""
    return f"{switch}-eth{port}"


def port_speed_mbps(device: str, port: int, speed_bps: int) -> int:
    """ONOS's port speed (Mbit/s) of a scenario port; HarnessError unless it is a whole number of Mbit/s."""
    if speed_bps <= 0 or speed_bps % BPS_PER_MBPS:
        raise HarnessError(f"{device}/{port}: speed {speed_bps} bit/s is not a whole number of Mbit/s "
                           f"(ONOS port speeds are Mbit/s; capacityOverrides must match them)")
    return speed_bps // BPS_PER_MBPS


def ports_config(device) -> dict:
    """The netcfg ``ports`` of a scenario device: every port, enabled, with its speed in Mbit/s."""
    return {str(p): {"number": p, "name": port_ifname(device.name, p), "enabled": True, "removed": False,
                     "type": "copper", "speed": port_speed_mbps(device.id, p, speed)}
            for p, speed in sorted(device.ports.items())}


def netcfg(scenario: Scenario, grpc: Mapping[str, str], pipeconf: str = PIPECONF,
           guard_band: Optional[float] = None, tenants: Optional[Iterable[str]] = None,
           operators: Optional[Iterable[str]] = None) -> dict:
    """The network configuration of a scenario's switches (basic + ports), links and p4slice app
    settings. ``tenants``: the allowed tenants (default: those of the scenario's slices; none → any).
    ``operators``: the ONOS users named as p4slice operators (default: no operators block)."""
    devices = {}
    for d in scenario.devices:
        if d.id not in grpc:
            raise HarnessError(f"no P4Runtime address for {d.id}")
        devices[d.id] = {"basic": {"managementAddress": f"grpc://{grpc[d.id]}?device_id={d.device_id}",
                                   "driver": "bmv2", "pipeconf": pipeconf, "name": d.name},
                         "ports": ports_config(d)}
    links = {f"{l.src.device}/{l.src.port}-{l.dst.device}/{l.dst.port}": {"basic": {"type": "DIRECT",
                                                                                    "bidirectional": True}}
             for l in scenario.links}
    app: dict = {"capacityOverrides": {f"{d.id}/{p}": port_speed_mbps(d.id, p, speed) * BPS_PER_MBPS
                                       for d in scenario.devices for p, speed in sorted(d.ports.items())}}
    tenants = sorted(set(tenants) if tenants is not None else {s.tenant for s in scenario.slices})
    if tenants:
        app["tenants"] = tenants
    if guard_band is not None:
        app["guardBand"] = guard_band
    if scenario.links:
        app["infrastructurePorts"] = sorted({f"{end.device}/{end.port}" for l in scenario.links
                                             for end in (l.src, l.dst)})
    cfg = {"devices": devices, "apps": {APP: {"p4slice": app}}}
    if operators:
        cfg["apps"][APP]["operators"] = {"users": sorted(set(operators))}
    if links:
        cfg["links"] = links
    return cfg
