"""The testbed file of the acceptance run: what the switches are, how they are cabled to the test
server, what to measure and what passes. Pure (no network, no ONOS): read, validated, unit-tested.

The format is documented in ``docs/tofino.md`` ("The testbed file"). Every problem is a
:class:`TestbedError` naming the file, the JSON path and what is wrong, e.g.
``bmv2-lab.json: $.switches[1].agent: must be one of bmv2, stratum, bf_switchd, got 'tofino'``;
an unknown member is refused too (a misspelt threshold must not silently fall back to its default).
"""

from __future__ import annotations

import ipaddress
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from ..errors import HarnessError
from ..net.names import IFNAME_MAX
from ..paths import PIPECONF_OUT, TOFINO_OUT

AGENTS = ("bmv2", "stratum", "bf_switchd")
PROFILES = ("two-pipe", "four-pipe")
LABS = ("bmv2",)
OFFLOADS = ("off", "keep")
# (agent, profile) -> the pipeconf p4slice registers for it (pipeconf/, P4SlicePipeconfs)
PIPECONFS = {("bmv2", None): "org.p4slice.bmv2",
             ("stratum", "two-pipe"): "org.p4slice.tofino",
             ("bf_switchd", "two-pipe"): "org.p4slice.tofino.bfswitchd",
             ("stratum", "four-pipe"): "org.p4slice.tofino.fourpipe",
             ("bf_switchd", "four-pipe"): "org.p4slice.tofino.fourpipe.bfswitchd"}
# ONOS 2.7's driver of each agent: bmv2's own; Stratum on Tofino; P4Studio's bf_switchd (drivers/barefoot)
DRIVERS = {"bmv2": "bmv2", "stratum": "stratum-tofino", "bf_switchd": "barefoot"}
DRIVER_APPS = {"bmv2": "org.onosproject.drivers.bmv2", "stratum": "org.onosproject.drivers.barefoot",
               "bf_switchd": "org.onosproject.drivers.barefoot"}
# the seed's Table VI as the default pass marks (docs/tofino.md, "What each figure means")
DEFAULT_THRESHOLDS = {"oneSliceLineRate": 0.95, "fourSlicesLineRate": 0.9, "cvMax": 0.03, "jainMin": 0.99,
                      "meterTolerance": 0.05, "counterTolerance": 0.01, "rttPerHopMs": 0.2}
DEFAULT_MEASURE = {"seconds": 8.0, "warmupSeconds": 2.0, "runs": 3, "pings": 100, "counterFrames": 200,
                   "meterLadder": [0.01, 0.1, 0.25, 0.5], "offerFactor": 1.05}
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$")
_IFNAME = re.compile(r"^[A-Za-z0-9_.-]+$")
_DEVICE_ID = re.compile(r"^[a-z0-9]+:[^\s/]+$")
_TENANT = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


class TestbedError(HarnessError, ValueError):
    """A testbed file that cannot be used: its path, the JSON path and the problem."""

    __test__ = False


@dataclass(frozen=True)
class Switch:
    name: str
    device_id: str               # ONOS device id, e.g. device:tofino:sw1
    p4runtime: str               # host:port of the agent's P4Runtime server
    p4rt_device_id: int          # P4Runtime device id
    agent: str                   # bmv2 | stratum | bf_switchd
    profile: Optional[str]       # two-pipe | four-pipe (Tofino agents), None for bmv2
    pipeconf: str
    cpu_port: Optional[int]

    @property
    def driver(self) -> str:
        return DRIVERS[self.agent]

    @property
    def ports_from_netcfg(self) -> bool:
        """bmv2 and bf_switchd have no gNMI: ONOS knows their ports only from netcfg (Stratum reports its own)."""
        return self.agent != "stratum"


@dataclass(frozen=True)
class PortRef:
    switch: str                  # the switch's name in the file
    port: int


@dataclass(frozen=True)
class Trunk:
    a: PortRef
    b: PortRef
    tap: Optional[str]           # an interface of the test server that sees the trunk's frames


@dataclass(frozen=True)
class TestPort:
    switch: str
    port: int
    nic: str                     # the test server's NIC cabled to it
    ip: str                      # address/prefix given to the NIC in its namespace

    __test__ = False

    @property
    def address(self) -> str:
        return self.ip.split("/")[0]


@dataclass(frozen=True)
class Testbed:
    name: str
    path: Optional[Path]
    document: dict               # the file as read (it goes into the report)
    lab: Optional[str]
    onos_url: Optional[str]
    onos_user: Optional[str]
    onos_password: Optional[str]
    tenant: str
    line_rate_bps: int
    mtu: int
    datagram: int
    offloads: str
    streams: int
    switches: Tuple[Switch, ...]
    trunks: Tuple[Trunk, ...]
    test_ports: Tuple[TestPort, ...]
    measure: Dict[str, object] = field(default_factory=dict)
    thresholds: Dict[str, float] = field(default_factory=dict)

    __test__ = False

    def switch(self, name: str) -> Switch:
        return next(s for s in self.switches if s.name == name)

    def device(self, ref) -> str:
        """ONOS device id of a port reference (anything with ``switch``)."""
        return self.switch(ref.switch).device_id

    def pairs(self) -> List[Tuple[TestPort, TestPort]]:
        """Test ports facing each other across the first trunk: the i-th port of its first end's switch
        with the i-th of its second end's, in file order (as many pairs as the smaller side has)."""
        t = self.trunks[0]
        left = [p for p in self.test_ports if p.switch == t.a.switch]
        right = [p for p in self.test_ports if p.switch == t.b.switch]
        return list(zip(left, right))


class _Reader:
    def __init__(self, source: str):
        self.source = source

    def fail(self, path: str, problem: str):
        raise TestbedError(f"{self.source}: {path}: {problem}")

    def obj(self, value, path: str, required: Sequence[str], optional: Sequence[str]) -> dict:
        if not isinstance(value, dict):
            self.fail(path, f"must be an object, got {_kind(value)}")
        unknown = sorted(set(value) - set(required) - set(optional))
        if unknown:
            self.fail(f"{path}.{unknown[0]}", f"unknown member (allowed: {', '.join(list(required) + list(optional))})")
        for k in required:
            if k not in value:
                self.fail(f"{path}.{k}", "required")
        return value

    def string(self, value, path: str, pattern=None, what: str = "") -> str:
        if not isinstance(value, str) or not value:
            self.fail(path, f"must be a non-empty string, got {_kind(value)}")
        if pattern is not None and not pattern.match(value):
            self.fail(path, f"{what}, got {value!r}")
        return value

    def integer(self, value, path: str, lo: int, hi: Optional[int] = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"must be a whole number, got {_kind(value)}")
        if value < lo or (hi is not None and value > hi):
            self.fail(path, f"must be {lo}..{hi}, got {value}" if hi is not None else f"must be >= {lo}, got {value}")
        return value

    def number(self, value, path: str, lo: float, hi: float) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(path, f"must be a number, got {_kind(value)}")
        if not lo <= value <= hi:
            self.fail(path, f"must be in [{lo:g}, {hi:g}], got {value}")
        return float(value)

    def choice(self, value, path: str, choices: Sequence[str]) -> str:
        if value not in choices:
            self.fail(path, f"must be one of {', '.join(choices)}, got {value!r}")
        return value

    def array(self, value, path: str, min_len: int) -> list:
        if not isinstance(value, list):
            self.fail(path, f"must be an array, got {_kind(value)}")
        if len(value) < min_len:
            self.fail(path, f"must hold at least {min_len} element(s), got {len(value)}")
        return value


def _kind(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"number {value}"
    if isinstance(value, str):
        return f"string {value!r}" if value else "an empty string"
    return {list: "an array", dict: "an object"}.get(type(value), type(value).__name__)


TOP_REQUIRED = ("name", "lineRateMbps", "switches", "trunks", "testPorts")
TOP_OPTIONAL = ("lab", "onos", "tenant", "subnet", "mtu", "datagramBytes", "offloads", "streamsPerSlice",
                "measure", "thresholds", "comment")


def parse_testbed(doc, source: str = "testbed", path: Optional[Path] = None) -> Testbed:
    """The testbed of a parsed JSON document; TestbedError with the first problem found."""
    r = _Reader(source)
    r.obj(doc, "$", TOP_REQUIRED, TOP_OPTIONAL)
    name = r.string(doc["name"], "$.name", _NAME, "must be 1..32 characters of [A-Za-z0-9_.-]")
    line_mbps = r.integer(doc["lineRateMbps"], "$.lineRateMbps", 1, 1_000_000)
    lab = r.choice(doc["lab"], "$.lab", LABS) if "lab" in doc else None
    onos = r.obj(doc.get("onos", {}), "$.onos", (), ("url", "user", "password"))
    for k in onos:
        r.string(onos[k], f"$.onos.{k}")
    if "url" in onos and not re.match(r"^https?://[^/\s]+/?$", onos["url"]):
        r.fail("$.onos.url", f"must be http(s)://host:port, got {onos['url']!r}")
    tenant = r.string(doc.get("tenant", "acceptance"), "$.tenant", _TENANT, "must be 1..64 characters of [A-Za-z0-9._-]")
    mtu = r.integer(doc.get("mtu", 1500), "$.mtu", 576, 9216)
    datagram = r.integer(doc.get("datagramBytes", 1400), "$.datagramBytes", 64, mtu - 28)
    offloads = r.choice(doc.get("offloads", "off"), "$.offloads", OFFLOADS)
    streams = r.integer(doc.get("streamsPerSlice", 1), "$.streamsPerSlice", 1, 64)

    switches = tuple(_switch(r, s, f"$.switches[{i}]", lab)
                     for i, s in enumerate(r.array(doc["switches"], "$.switches", 2)))
    _unique(r, [s.name for s in switches], "$.switches", "name")
    _unique(r, [s.device_id for s in switches], "$.switches", "deviceId")
    _unique(r, [s.p4runtime for s in switches], "$.switches", "p4runtime")
    by_name = {s.name: s for s in switches}

    trunks = tuple(_trunk(r, t, f"$.trunks[{i}]", by_name)
                   for i, t in enumerate(r.array(doc["trunks"], "$.trunks", 1)))
    subnet = _subnet(r, doc.get("subnet", "10.99.0.0/24"))
    raw_ports = r.array(doc["testPorts"], "$.testPorts", 4)
    hosts = subnet.hosts()
    test_ports = []
    for i, p in enumerate(raw_ports):
        test_ports.append(_test_port(r, p, f"$.testPorts[{i}]", by_name, next(hosts, None), subnet))
    test_ports = tuple(test_ports)

    ends = [(e, f"$.trunks[{i}].ends[{j}]") for i, t in enumerate(trunks) for j, e in enumerate((t.a, t.b))]
    seen: Dict[Tuple[str, int], str] = {}
    for ref, where in ends + [(p, f"$.testPorts[{i}]") for i, p in enumerate(test_ports)]:
        key = (ref.switch, ref.port)
        if key in seen:
            r.fail(where, f"port {ref.switch}/{ref.port} is already used at {seen[key]}")
        seen[key] = where
        cpu = by_name[ref.switch].cpu_port
        if cpu is not None and ref.port == cpu:
            r.fail(f"{where}.port", f"{ref.port} is {ref.switch}'s CPU port")
    nics = [(p.nic, f"$.testPorts[{i}].nic") for i, p in enumerate(test_ports)] + \
        [(t.tap, f"$.trunks[{i}].tap") for i, t in enumerate(trunks) if t.tap]
    first: Dict[str, str] = {}
    for nic, where in nics:
        if nic in first:
            r.fail(where, f"interface {nic} is already used at {first[nic]}")
        first[nic] = where
    t0 = trunks[0]
    for side in (t0.a.switch, t0.b.switch):
        if sum(p.switch == side for p in test_ports) < 2:
            r.fail("$.testPorts", f"needs at least two test ports on {side} (the first trunk's ends: two slices "
                                  f"cross it for the isolation rows, one hop of RTT needs two ports on a switch)")
    if lab == "bmv2":
        for i, t in enumerate(trunks):
            if t.tap and t.tap not in (lab_ifname(t.a), lab_ifname(t.b)):
                r.fail(f"$.trunks[{i}].tap", f"with lab bmv2 the tap is the trunk's own veth "
                                             f"({lab_ifname(t.a)} or {lab_ifname(t.b)}), got {t.tap!r}")
        for nic, where in nics:
            if nic.startswith(tuple(f"{s.name}-eth" for s in switches)) and "tap" not in where:
                r.fail(where, f"{nic!r}: names <switch>-eth<port> are the lab's switch ports")

    measure = _measure(r, doc.get("measure", {}))
    thresholds = _thresholds(r, doc.get("thresholds", {}))
    return Testbed(name, path, doc, lab, onos.get("url"), onos.get("user"), onos.get("password"), tenant,
                   line_mbps * 1_000_000, mtu, datagram, offloads, streams, switches, trunks, test_ports,
                   measure, thresholds)


def pipeline_cpu_port(agent: str, profile: Optional[str]) -> Optional[int]:
    """The CPU port p4slice's pipeline for the agent and profile is compiled for (its committed
    ``cpu_port.txt``), or None when that file is not in this checkout."""
    f = PIPECONF_OUT / "cpu_port.txt" if agent == "bmv2" else TOFINO_OUT / str(profile) / "cpu_port.txt"
    try:
        return int(f.read_text().strip())
    except (OSError, ValueError):
        return None


def lab_ifname(ref: PortRef) -> str:
    """The veth the bmv2 lab makes for a switch port (Mininet's ``<switch>-eth<port>``)."""
    return f"{ref.switch}-eth{ref.port}"


def _switch(r: _Reader, s, path: str, lab: Optional[str]) -> Switch:
    r.obj(s, path, ("name", "deviceId", "p4runtime", "agent"),
          ("p4runtimeDeviceId", "profile", "pipeconf", "cpuPort", "comment"))
    name = r.string(s["name"], f"{path}.name", re.compile(r"^[a-z][a-z0-9]{0,7}$"),
                    "must be 1..8 characters of [a-z0-9], starting with a letter")
    device_id = r.string(s["deviceId"], f"{path}.deviceId", _DEVICE_ID, "must be an ONOS device id like device:tofino:sw1")
    addr = r.string(s["p4runtime"], f"{path}.p4runtime", re.compile(r"^[A-Za-z0-9.\-\[\]:]+:\d{1,5}$"),
                    "must be host:port")
    port = int(addr.rsplit(":", 1)[1])
    if not 1 <= port <= 65535:
        r.fail(f"{path}.p4runtime", f"port must be 1..65535, got {port}")
    agent = r.choice(s["agent"], f"{path}.agent", AGENTS)
    if lab == "bmv2":
        if agent != "bmv2":
            r.fail(f"{path}.agent", f"with lab bmv2 every switch is a bmv2 the harness starts, got {agent!r}")
        if addr.rsplit(":", 1)[0] not in ("127.0.0.1", "localhost"):
            r.fail(f"{path}.p4runtime", f"with lab bmv2 the switch listens on 127.0.0.1, got {addr!r}")
    if agent == "bmv2":
        if "profile" in s:
            r.fail(f"{path}.profile", "bmv2 has no Tofino profile")
        profile = None
    else:
        if "profile" not in s:
            r.fail(f"{path}.profile", f"required for agent {agent} (one of {', '.join(PROFILES)})")
        profile = r.choice(s["profile"], f"{path}.profile", PROFILES)
    pipeconf = PIPECONFS[(agent, profile)]
    if "pipeconf" in s and s["pipeconf"] != pipeconf:
        r.fail(f"{path}.pipeconf", f"agent {agent}{' profile ' + profile if profile else ''} runs {pipeconf}, "
                                   f"got {s['pipeconf']!r}")
    cpu = r.integer(s["cpuPort"], f"{path}.cpuPort", 0, 511) if "cpuPort" in s else None
    compiled = pipeline_cpu_port(agent, profile)
    if cpu is not None and compiled is not None and cpu != compiled:
        r.fail(f"{path}.cpuPort", f"{pipeconf} is compiled for CPU port {compiled} (its cpu_port.txt), got {cpu}")
    dev = r.integer(s.get("p4runtimeDeviceId", 1), f"{path}.p4runtimeDeviceId", 0, 2 ** 32 - 1)
    return Switch(name, device_id, addr, dev, agent, profile, pipeconf, cpu)


def _port_ref(r: _Reader, e, path: str, by_name: Mapping[str, Switch]) -> PortRef:
    r.obj(e, path, ("switch", "port"), ())
    if e["switch"] not in by_name:
        r.fail(f"{path}.switch", f"no switch named {e['switch']!r} (switches: {', '.join(by_name)})")
    return PortRef(e["switch"], r.integer(e["port"], f"{path}.port", 0, 511))


def _trunk(r: _Reader, t, path: str, by_name: Mapping[str, Switch]) -> Trunk:
    r.obj(t, path, ("ends",), ("tap", "comment"))
    ends = r.array(t["ends"], f"{path}.ends", 2)
    if len(ends) != 2:
        r.fail(f"{path}.ends", f"must hold exactly two ports, got {len(ends)}")
    a, b = (_port_ref(r, e, f"{path}.ends[{i}]", by_name) for i, e in enumerate(ends))
    if a.switch == b.switch:
        r.fail(f"{path}.ends", f"both ends are on {a.switch}: a trunk joins two switches")
    tap = _ifname(r, t["tap"], f"{path}.tap") if "tap" in t else None
    return Trunk(a, b, tap)


def _test_port(r: _Reader, p, path: str, by_name, default_ip, subnet) -> TestPort:
    r.obj(p, path, ("switch", "port", "nic"), ("ip", "comment"))
    ref = _port_ref(r, {"switch": p["switch"], "port": p["port"]}, path, by_name)
    nic = _ifname(r, p["nic"], f"{path}.nic")
    if "ip" in p:
        ip = r.string(p["ip"], f"{path}.ip")
        try:
            iface = ipaddress.IPv4Interface(ip)
        except ValueError:
            r.fail(f"{path}.ip", f"must be an IPv4 address with its prefix length, got {ip!r}")
        if iface.network != subnet:
            r.fail(f"{path}.ip", f"must be in the testbed's subnet {subnet}, got {ip!r}")
    else:
        if default_ip is None:
            r.fail(path, f"no address left in the subnet {subnet}")
        ip = f"{default_ip}/{subnet.prefixlen}"
    return TestPort(ref.switch, ref.port, nic, ip)


def _ifname(r: _Reader, value, path: str) -> str:
    name = r.string(value, path)
    if len(name) > IFNAME_MAX or not _IFNAME.match(name):
        r.fail(path, f"must be a Linux interface name (1..{IFNAME_MAX} characters of [A-Za-z0-9_.-]), got {name!r}")
    return name


def _subnet(r: _Reader, value) -> ipaddress.IPv4Network:
    text = r.string(value, "$.subnet")
    try:
        net = ipaddress.IPv4Network(text, strict=True)
    except ValueError as e:
        r.fail("$.subnet", f"must be an IPv4 network like 10.99.0.0/24 ({e})")
    if net.prefixlen > 29:
        r.fail("$.subnet", f"must hold at least 6 addresses (/29 or wider), got /{net.prefixlen}")
    return net


def _measure(r: _Reader, m) -> Dict[str, object]:
    r.obj(m, "$.measure", (), tuple(DEFAULT_MEASURE))
    out = dict(DEFAULT_MEASURE)
    if "seconds" in m:
        out["seconds"] = r.number(m["seconds"], "$.measure.seconds", 2, 600)
    if "warmupSeconds" in m:
        out["warmupSeconds"] = r.number(m["warmupSeconds"], "$.measure.warmupSeconds", 0, 60)
    if out["warmupSeconds"] + 1 > out["seconds"]:
        r.fail("$.measure.warmupSeconds", f"must leave at least 1 s of the {out['seconds']:g} s measured, "
                                          f"got {out['warmupSeconds']:g}")
    for k, hi in (("runs", 100), ("pings", 10000), ("counterFrames", 100000)):
        if k in m:
            out[k] = r.integer(m[k], f"$.measure.{k}", 1, hi)
    if "offerFactor" in m:
        out["offerFactor"] = r.number(m["offerFactor"], "$.measure.offerFactor", 1.0, 2.0)
    if "meterLadder" in m:
        ladder = r.array(m["meterLadder"], "$.measure.meterLadder", 1)
        out["meterLadder"] = [r.number(x, f"$.measure.meterLadder[{i}]", 0.0001, 0.5) for i, x in enumerate(ladder)]
    return out


def _thresholds(r: _Reader, t) -> Dict[str, float]:
    r.obj(t, "$.thresholds", (), tuple(DEFAULT_THRESHOLDS))
    out = dict(DEFAULT_THRESHOLDS)
    bounds = {"oneSliceLineRate": (0, 1), "fourSlicesLineRate": (0, 1), "cvMax": (0, 1), "jainMin": (0, 1),
              "meterTolerance": (0, 1), "counterTolerance": (0, 1), "rttPerHopMs": (0.001, 10000)}
    for k, v in t.items():
        out[k] = r.number(v, f"$.thresholds.{k}", *bounds[k])
    return out


def _unique(r: _Reader, values: Sequence[str], path: str, member: str) -> None:
    seen = {}
    for i, v in enumerate(values):
        if v in seen:
            r.fail(f"{path}[{i}].{member}", f"{v!r} is already used by {path}[{seen[v]}]")
        seen[v] = i


def load_testbed(path) -> Testbed:
    """Read and validate a testbed file; TestbedError naming the file otherwise."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise TestbedError(f"{path}: cannot read the testbed file: {e.strerror or e}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise TestbedError(f"{path.name}: not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    return parse_testbed(doc, path.name, path)
