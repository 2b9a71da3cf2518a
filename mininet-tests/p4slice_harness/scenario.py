"""Scenarios: a test-bed topology and the slices run on it (``mininet-tests/scenarios/``).

The Java side (``ScenarioReader`` and the plan exporter of ``tools/``) owns the full format and its
rules (``docs/scenario-format.md``) and turns the slices into a plan through the real slice
manager. The harness needs the topology — which
switches with which ports, the links between them, the hosts with their MAC/IP — and the slices'
quotas and endpoints to know what to expect. :func:`parse_scenario` reads exactly that and checks
what the harness relies on (references resolve, names/MACs/ports unique); anything it does not
know is left to the Java reader, so one format has one authority.

P4Runtime device ids are the devices' positions in the file, from 1 (``s1`` first → 1).
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from .errors import HarnessError

DEFAULT_BURST_BYTES = 65536


class ScenarioError(HarnessError, ValueError):
    """A scenario the harness cannot use; the message names the JSON path."""


@dataclass(frozen=True)
class Device:
    id: str                      # ONOS device id, e.g. device:bmv2:s1
    name: str                    # short name, e.g. s1 (namespace/interface names)
    device_id: int               # P4Runtime device id
    ports: Dict[int, int]        # port number -> speed bit/s


@dataclass(frozen=True)
class PortRef:
    device: str
    port: int


@dataclass(frozen=True)
class Link:
    src: PortRef
    dst: PortRef


@dataclass(frozen=True)
class Host:
    name: str
    mac: str
    ip: Optional[str]            # address with prefix length ("10.0.0.1/24"), or None
    device: str
    port: int

    @property
    def address(self) -> Optional[str]:
        """The IP address without prefix length."""
        return self.ip.split("/")[0] if self.ip else None


@dataclass(frozen=True)
class SliceEndpoint:
    device: str
    port: int
    mode: str                    # access | trunk


@dataclass(frozen=True)
class SliceSpec:
    id: int
    name: str
    tenant: str
    vlan: int
    quota_bps: int
    burst_bytes: int
    endpoints: Tuple[SliceEndpoint, ...]


@dataclass(frozen=True)
class Scenario:
    description: str
    devices: Tuple[Device, ...]
    links: Tuple[Link, ...]
    hosts: Tuple[Host, ...]
    slices: Tuple[SliceSpec, ...]

    def device(self, key: str) -> Device:
        """Device by ONOS id or short name."""
        for d in self.devices:
            if key in (d.id, d.name):
                return d
        raise ScenarioError(f"no device {key!r} (devices: {', '.join(d.name for d in self.devices)})")

    def host(self, name: str) -> Host:
        for h in self.hosts:
            if h.name == name:
                return h
        raise ScenarioError(f"no host {name!r}")

    def slice(self, slice_id: int) -> SliceSpec:
        for s in self.slices:
            if s.id == slice_id:
                return s
        raise ScenarioError(f"no slice {slice_id}")

    def host_at(self, device: str, port: int) -> Optional[Host]:
        for h in self.hosts:
            if h.device == device and h.port == port:
                return h
        return None

    def slice_hosts(self, slice_id: int) -> List[Host]:
        """Hosts attached to the slice's endpoints, in endpoint order."""
        found = [self.host_at(e.device, e.port) for e in self.slice(slice_id).endpoints]
        return [h for h in found if h is not None]

    def slice_of_host(self, name: str) -> Optional[SliceSpec]:
        h = self.host(name)
        for s in self.slices:
            if any(e.device == h.device and e.port == h.port for e in s.endpoints):
                return s
        return None

    def link_ports(self, device: str) -> Dict[int, PortRef]:
        """{local port: the far end} for the device's inter-switch links."""
        out = {}
        for link in self.links:
            if link.src.device == device:
                out[link.src.port] = link.dst
            if link.dst.device == device:
                out[link.dst.port] = link.src
        return out


def expected_reachability(scenario: Scenario) -> Dict[Tuple[str, str], bool]:
    """{(src, dst): reachable?} for every ordered pair of IPv4 hosts: True exactly when both hosts
    sit on endpoints of the same slice (a slice is an L2 island; hosts outside every slice reach
    nobody)."""
    v4 = [h for h in scenario.hosts if h.ip and ipaddress.ip_interface(h.ip).version == 4]
    slice_of = {h.name: scenario.slice_of_host(h.name) for h in v4}
    out = {}
    for a in v4:
        for b in v4:
            if a.name != b.name:
                sa, sb = slice_of[a.name], slice_of[b.name]
                out[(a.name, b.name)] = sa is not None and sb is not None and sa.id == sb.id
    return out



def _get(obj, key, kind, path, required=True, default=None):
    if not isinstance(obj, dict):
        raise ScenarioError(f"{path}: expected an object")
    if key not in obj:
        if required:
            raise ScenarioError(f"{path}.{key}: missing")
        return default
    value = obj[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ScenarioError(f"{path}.{key}: expected an integer, got {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise ScenarioError(f"{path}.{key}: expected {kind.__name__}, got {value!r}")
    return value


def _port_ref(obj, path, devices: Dict[str, Device]) -> PortRef:
    dev = _get(obj, "device", str, path)
    port = _get(obj, "port", int, path)
    if dev not in devices:
        raise ScenarioError(f"{path}.device: unknown device {dev!r}")
    if port not in devices[dev].ports:
        raise ScenarioError(f"{path}.port: {dev} has no port {port}")
    return PortRef(dev, port)


def parse_scenario(doc) -> Scenario:
    """Scenario from its parsed JSON; :class:`ScenarioError` naming the path on a problem."""
    if not isinstance(doc, dict):
        raise ScenarioError("$: expected an object")
    devices: Dict[str, Device] = {}
    names = set()
    for i, d in enumerate(_get(doc, "devices", list, "$")):
        path = f"$.devices[{i}]"
        dev_id = _get(d, "id", str, path)
        name = _get(d, "name", str, path, required=False, default=dev_id.rsplit(":", 1)[-1])
        if dev_id in devices or name in names:
            raise ScenarioError(f"{path}: duplicate device {dev_id!r} / name {name!r}")
        ports = {}
        for j, p in enumerate(_get(d, "ports", list, path)):
            number = _get(p, "port", int, f"{path}.ports[{j}]")
            speed = _get(p, "speedBps", int, f"{path}.ports[{j}]")
            if number in ports:
                raise ScenarioError(f"{path}.ports[{j}].port: duplicate port {number}")
            if not 0 <= number <= 511 or speed <= 0:
                raise ScenarioError(f"{path}.ports[{j}]: port must be 0..511 and speedBps > 0")
            ports[number] = speed
        devices[dev_id] = Device(dev_id, name, len(devices) + 1, ports)
        names.add(name)
    if not devices:
        raise ScenarioError("$.devices: at least one device is needed")

    links, used = [], set()
    for i, link in enumerate(_get(doc, "links", list, "$", required=False, default=[])):
        path = f"$.links[{i}]"
        src = _port_ref(_get(link, "src", dict, path), f"{path}.src", devices)
        dst = _get(link, "dst", dict, path)
        dst = _port_ref(dst, f"{path}.dst", devices)
        if src.device == dst.device:
            raise ScenarioError(f"{path}: a link joins two different devices")
        for end in (src, dst):
            if end in used:
                raise ScenarioError(f"{path}: {end.device}/{end.port} is already on a link")
            used.add(end)
        links.append(Link(src, dst))

    hosts, macs, hnames, hports = [], set(), set(), set()
    for i, h in enumerate(_get(doc, "hosts", list, "$", required=False, default=[])):
        path = f"$.hosts[{i}]"
        name = _get(h, "name", str, path)
        mac = _get(h, "mac", str, path).lower()
        ip = _get(h, "ip", str, path, required=False)
        at = _port_ref(h, path, devices)
        if name in hnames or mac in macs or at in hports:
            raise ScenarioError(f"{path}: duplicate host name, MAC or port ({name}, {mac}, {at.device}/{at.port})")
        if at in used:
            raise ScenarioError(f"{path}: {at.device}/{at.port} is a link port")
        if ip is not None:
            try:
                ipaddress.ip_interface(ip)
            except ValueError as e:
                raise ScenarioError(f"{path}.ip: {e}") from None
        hnames.add(name)
        macs.add(mac)
        hports.add(at)
        hosts.append(Host(name, mac, ip, at.device, at.port))

    slices, ids = [], set()
    for i, s in enumerate(_get(doc, "slices", list, "$", required=False, default=[])):
        path = f"$.slices[{i}]"
        sid = _get(s, "id", int, path)
        if sid in ids:
            raise ScenarioError(f"{path}.id: duplicate slice id {sid}")
        ids.add(sid)
        eps = []
        for j, e in enumerate(_get(s, "endpoints", list, path)):
            ref = _port_ref(e, f"{path}.endpoints[{j}]", devices)
            mode = _get(e, "mode", str, f"{path}.endpoints[{j}]")
            if mode not in ("access", "trunk"):
                raise ScenarioError(f"{path}.endpoints[{j}].mode: access or trunk, got {mode!r}")
            eps.append(SliceEndpoint(ref.device, ref.port, mode))
        if not eps:
            raise ScenarioError(f"{path}.endpoints: at least one endpoint")
        slices.append(SliceSpec(sid, _get(s, "name", str, path), _get(s, "tenant", str, path),
                                _get(s, "vlan", int, path), _get(s, "quotaBps", int, path),
                                _get(s, "burstBytes", int, path, required=False, default=DEFAULT_BURST_BYTES),
                                tuple(eps)))
    return Scenario(_get(doc, "description", str, "$", required=False, default=""), tuple(devices.values()),
                    tuple(links), tuple(hosts), tuple(slices))


def load_scenario(path) -> Scenario:
    """Scenario from a file; errors are prefixed with the file name."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as e:
        raise ScenarioError(f"{path}: {e}") from None
    try:
        return parse_scenario(doc)
    except ScenarioError as e:
        raise ScenarioError(f"{path}: {e}") from None
