"""Scenarios: a test-bed topology and the slices run on it (``mininet-tests/scenarios/``).

The format (``docs/scenario-format.md``) has one reader: the Java ``ScenarioReader`` of ``tools/``.
:func:`load_scenario` and :func:`parse_scenario` run it (``tools/run.sh scenario-json``, through
:mod:`p4slice_harness.java_tools`) and build the harness's objects from what it prints — the
scenario as validated, every default resolved — without checking anything again. An invalid
scenario raises :class:`ScenarioError` with the Java reader's message (the JSON path and the
problem; for a file, prefixed with its name). Results are cached per file content / document for
the life of the process (one JVM start each).

The harness needs the topology — which switches with which ports, the links between them, the
hosts with their MAC/IP — and the slices' quotas and endpoints to know what to expect.
P4Runtime device ids are the devices' positions in the file, from 1 (``s1`` first → 1).
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from . import java_tools
from .errors import HarnessError


class ScenarioError(HarnessError, ValueError):
    """A scenario the Java reader refuses (its message: the JSON path and the problem), or one that
    cannot be read here (no tools jar, no file)."""


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


def _from_reader(model: dict) -> Scenario:
    """Scenario from the Java reader's JSON (already validated and defaults resolved)."""
    devices = tuple(Device(d["id"], d["name"], i, {p["port"]: p["speedBps"] for p in d["ports"]})
                    for i, d in enumerate(model["devices"], 1))
    links = tuple(Link(PortRef(**l["src"]), PortRef(**l["dst"])) for l in model["links"])
    hosts = tuple(Host(h["name"], h["mac"], h["ip"], h["device"], h["port"]) for h in model["hosts"])
    slices = tuple(SliceSpec(s["id"], s["name"], s["tenant"], s["vlan"], s["quotaBps"], s["burstBytes"],
                             tuple(SliceEndpoint(e["device"], e["port"], e["mode"]) for e in s["endpoints"]))
                   for s in model["slices"])
    return Scenario(model["description"], devices, links, hosts, slices)


_CACHE: Dict[Tuple[str, str], Scenario] = {}


def _read(args, stdin: Optional[str], key: Tuple[str, str]) -> Scenario:
    if key not in _CACHE:
        out = java_tools.output(java_tools.SCENARIO_JSON, args, ScenarioError, stdin=stdin)
        _CACHE[key] = _from_reader(json.loads(out))
    return _CACHE[key]


def parse_scenario(doc) -> Scenario:
    """Scenario from its parsed JSON; :class:`ScenarioError` with the Java reader's message."""
    text = json.dumps(doc)
    return _read(["-"], text, ("-", text))


def load_scenario(path) -> Scenario:
    """Scenario from a file; errors (the Java reader's) start with the file name."""
    path = Path(path)
    try:
        content = path.read_text()
    except OSError as e:
        raise ScenarioError(f"{path}: {e}") from None
    return _read([str(path)], None, (str(path.resolve()), content))
