"""The *ONOS* driver of a scenario: what a lab with a running ONOS 2.7 does instead of writing the
plan itself — push the network configuration, then create the scenario's slices through p4slice's
REST API, and let ONOS (through the pipeconf and the bmv2 driver) program the switches.

    python -m p4slice_harness.onos_driver SCENARIO --grpc 127.0.0.1:50001 [--onos http://127.0.0.1:8181]
        [--user onos --password rocks] [--remove] [--devices-timeout 120]

``--grpc`` is the P4Runtime address of the scenario's first device; the others follow on the next
ports (s1 → 50001, s2 → 50002, ...), as ``python -m p4slice_harness.mn SCENARIO --grpc-port-base
50001`` starts them. Not run in CI (there is no ONOS here); :func:`netcfg` and :func:`slice_requests`
are pure and unit-tested, :class:`OnosRest` is tested against a loopback HTTP server.

Network configuration written (``POST /onos/v1/network/configuration``) by :func:`netcfg`, the one
builder used by this driver, ``python -m p4slice_harness.mn --onos`` and the L3 suite
(:mod:`p4slice_harness.onos_lab`)::

    {"devices": {"device:bmv2:s1": {
         "basic": {"managementAddress": "grpc://127.0.0.1:50001?device_id=1", "driver": "bmv2",
                   "pipeconf": "org.p4slice.bmv2", "name": "s1"},
         "ports": {"1": {"number": 1, "name": "s1-eth1", "enabled": true, "removed": false,
                         "type": "copper", "speed": 40}, ...}}, ...},
     "links": {"device:bmv2:s1/5-device:bmv2:s2/5": {"basic": {"type": "DIRECT", "bidirectional": true}}},
     "apps": {"org.p4slice": {"p4slice": {"guardBand": 0.05, "tenants": [...],
                                          "capacityOverrides": {"device:bmv2:s1/1": 40000000, ...}}}}}

``ports``: bmv2 has no gNMI, so ONOS knows a bmv2 device's ports only from netcfg (as ONOS's own
``tools/dev/mininet/bmv2.py`` writes them); without them ONOS shows no ports, sends no LLDP and
learns no host. ``speed`` is ONOS's unit, Mbit/s; the same speeds, in bit/s, are the
``capacityOverrides`` admission uses (so a scenario's port speeds must be whole Mbit/s). Port names
are Mininet's ``<switch>-eth<port>``. A declared link only decorates the link LLDP discovers (ONOS's
LinkManager updates existing links from it; no link is created without netcfglinksprovider).
Slices are then POSTed one by one in the REST shape (with their scenario ids and VLANs); a refusal
stops the run with ONOS's message.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Dict, Iterable, List, Mapping, Optional

from .errors import HarnessError
from .scenario import Scenario, load_scenario

PIPECONF = "org.p4slice.bmv2"
APP = "org.p4slice"
NETCFG_PATH = "/onos/v1/network/configuration"
SLICES_PATH = "/onos/p4slice/slices"
BPS_PER_MBPS = 1_000_000


class OnosError(HarnessError):
    """ONOS refused a request (the message is ONOS's) or could not be reached."""


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
           guard_band: Optional[float] = None, tenants: Optional[Iterable[str]] = None) -> dict:
    """The network configuration of a scenario's switches (basic + ports), links and p4slice app
    settings. ``tenants``: the allowed tenants (default: those of the scenario's slices; none → any)."""
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
    cfg = {"devices": devices, "apps": {APP: {"p4slice": app}}}
    if links:
        cfg["links"] = links
    return cfg


def slice_requests(scenario: Scenario) -> List[dict]:
    """The scenario's slices as REST slice requests (docs/northbound.md)."""
    return [{"id": s.id, "name": s.name, "tenant": s.tenant, "vlan": s.vlan, "quotaBps": s.quota_bps,
             "burstBytes": s.burst_bytes,
             "endpoints": [{"device": e.device, "port": e.port, "mode": e.mode} for e in s.endpoints]}
            for s in scenario.slices]


@dataclass
class Reply:
    """One HTTP exchange with ONOS: status, parsed JSON body (None if empty or not JSON), raw text,
    seconds the call took."""
    status: int
    body: object
    text: str
    elapsed: float

    def message(self) -> str:
        if isinstance(self.body, dict) and "message" in self.body:
            return str(self.body["message"])
        return self.text.strip()[:500]


class OnosRest:
    """Minimal client of ONOS's REST API with basic authentication (ONOS's default onos/rocks).

    :meth:`call` answers every HTTP status as a :class:`Reply` (tests look at 201/202/204/404);
    :meth:`request` and the helpers raise :class:`OnosError` with ONOS's message on a 4xx/5xx.
    Both raise OnosError when ONOS cannot be reached."""

    def __init__(self, base_url: str = "http://127.0.0.1:8181", user: str = "onos", password: str = "rocks",
                 timeout: float = 10.0):
        self.base = base_url.rstrip("/")
        self.auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        self.timeout = timeout

    def call(self, method: str, path: str, body=None, data: Optional[bytes] = None,
             content_type: Optional[str] = None, timeout: Optional[float] = None) -> Reply:
        """``body`` is sent as JSON; ``data`` as is (with ``content_type``)."""
        if body is not None:
            data, content_type = json.dumps(body).encode(), "application/json"
        headers = {"Authorization": self.auth, "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = content_type or "application/octet-stream"
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        t0 = time.monotonic()
        try:
            with urllib.request.urlopen(req, timeout=timeout or self.timeout) as resp:
                status, raw = resp.status, resp.read()
        except urllib.error.HTTPError as e:
            status, raw = e.code, e.read()
        except (urllib.error.URLError, OSError) as e:
            raise OnosError(f"{method} {path}: cannot reach ONOS at {self.base}: {e}") from None
        text = raw.decode(errors="replace")
        try:
            parsed = json.loads(text) if text.strip() else None
        except ValueError:
            parsed = None
        return Reply(status, parsed, text, time.monotonic() - t0)

    def request(self, method: str, path: str, body=None):
        r = self.call(method, path, body)
        if r.status >= 400:
            raise OnosError(f"{method} {path}: HTTP {r.status}: {r.message() or 'no message'}")
        return r.body

    def push_netcfg(self, cfg: dict) -> None:
        self.request("POST", NETCFG_PATH, cfg)

    def create_slice(self, req: dict) -> dict:
        return self.request("POST", SLICES_PATH, req)

    def remove_slice(self, slice_id: int) -> None:
        self.request("DELETE", f"{SLICES_PATH}/{slice_id}")

    def slices(self) -> List[dict]:
        return self.request("GET", SLICES_PATH)["slices"]


def deploy(onos: OnosRest, scenario: Scenario, grpc: Mapping[str, str], out=print,
           devices_timeout: float = 120.0, guard_band: Optional[float] = None) -> List[dict]:
    """Push the scenario's netcfg, wait (bounded) until ONOS has every device available, then
    create the scenario's slices; returns the created slices as ONOS answered them."""
    from .onos_wait import wait_devices_available
    onos.push_netcfg(netcfg(scenario, grpc, guard_band=guard_band))
    out(f"netcfg pushed: {len(scenario.devices)} device(s), {len(scenario.links)} link(s)")
    wait_devices_available(onos, [d.id for d in scenario.devices], devices_timeout)
    created = []
    for req in slice_requests(scenario):
        s = onos.create_slice(req)
        out(f"slice {s['id']} {s['name']} VLAN {s['vlan']}: {s['state']}")
        created.append(s)
    return created


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.onos_driver", description=__doc__.split("\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--grpc", required=True, help="P4Runtime host:port of the first device")
    ap.add_argument("--onos", default="http://127.0.0.1:8181", help="ONOS base URL (default: %(default)s)")
    ap.add_argument("--user", default="onos")
    ap.add_argument("--password", default="rocks")
    ap.add_argument("--guard-band", type=float, help="p4slice guardBand to configure")
    ap.add_argument("--remove", action="store_true", help="remove the scenario's slices instead")
    ap.add_argument("--devices-timeout", type=float, default=120.0,
                    help="seconds to wait for ONOS to have every device available (default %(default)s)")
    args = ap.parse_args(argv)
    try:
        scenario = load_scenario(args.scenario)
        onos = OnosRest(args.onos, args.user, args.password)
        if args.remove:
            for s in scenario.slices:
                onos.remove_slice(s.id)
                print(f"removed slice {s.id}")
            return 0
        deploy(onos, scenario, grpc_addresses(scenario, args.grpc), guard_band=args.guard_band,
               devices_timeout=args.devices_timeout)
        return 0
    except HarnessError as e:
        print(f"onos_driver: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
