"""The *ONOS* driver of a scenario: what a lab with a running ONOS 2.7 does instead of writing the
plan itself — push the network configuration, then create the scenario's slices through p4slice's
REST API, and let ONOS (through the pipeconf and the bmv2 driver) program the switches.

    python -m p4slice_harness.onos_driver SCENARIO --grpc 127.0.0.1:50001 [--onos http://127.0.0.1:8181]
        [--user onos --password rocks] [--remove]

``--grpc`` is the P4Runtime address of the scenario's first device; the others follow on the next
ports (s1 → 50001, s2 → 50002, ...), as ``python -m p4slice_harness.mn SCENARIO --grpc-port-base
50001`` starts them. Not run in CI (there is no ONOS here); :func:`netcfg` and :func:`slice_requests`
are pure and unit-tested, :class:`OnosRest` is tested against a loopback HTTP server.

Network configuration written (``POST /onos/v1/network/configuration``)::

    {"devices": {"device:bmv2:s1": {"basic": {"managementAddress": "grpc://127.0.0.1:50001?device_id=1",
                                              "driver": "bmv2", "pipeconf": "org.p4slice.bmv2",
                                              "name": "s1"}}, ...},
     "links": {"device:bmv2:s1/5-device:bmv2:s2/5": {"basic": {"type": "DIRECT", "bidirectional": true}}},
     "apps": {"org.p4slice": {"p4slice": {"guardBand": 0.05, "tenants": [...],
                                          "capacityOverrides": {"device:bmv2:s1/1": 40000000, ...}}}}}

The port speeds of the scenario become ``capacityOverrides`` (bmv2 reports no meaningful port
speed); the links are declared so admission sees the trunk before LLDP discovers it. Slices are
then POSTed one by one in the REST shape (with their scenario ids and VLANs); a refusal stops the
run with ONOS's message.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import urllib.error
import urllib.request
from typing import Dict, List, Mapping, Optional

from .errors import HarnessError
from .scenario import Scenario, load_scenario

PIPECONF = "org.p4slice.bmv2"
APP = "org.p4slice"
NETCFG_PATH = "/onos/v1/network/configuration"
SLICES_PATH = "/onos/p4slice/slices"


class OnosError(HarnessError):
    """ONOS refused a request (the message is ONOS's) or could not be reached."""


def grpc_addresses(scenario: Scenario, first: str) -> Dict[str, str]:
    """{ONOS device id: host:port}: the first device at ``first``, the next ones on the next ports."""
    host, _, port = first.rpartition(":")
    if not host or not port.isdigit():
        raise HarnessError(f"--grpc must be host:port, got {first!r}")
    return {d.id: f"{host}:{int(port) + i}" for i, d in enumerate(scenario.devices)}


def netcfg(scenario: Scenario, grpc: Mapping[str, str], pipeconf: str = PIPECONF,
           guard_band: Optional[float] = None) -> dict:
    """The network configuration of a scenario's switches, links and p4slice app settings."""
    devices = {}
    for d in scenario.devices:
        if d.id not in grpc:
            raise HarnessError(f"no P4Runtime address for {d.id}")
        devices[d.id] = {"basic": {"managementAddress": f"grpc://{grpc[d.id]}?device_id={d.device_id}",
                                   "driver": "bmv2", "pipeconf": pipeconf, "name": d.name}}
    links = {f"{l.src.device}/{l.src.port}-{l.dst.device}/{l.dst.port}": {"basic": {"type": "DIRECT",
                                                                                    "bidirectional": True}}
             for l in scenario.links}
    app: dict = {"capacityOverrides": {f"{d.id}/{p}": speed for d in scenario.devices
                                       for p, speed in sorted(d.ports.items())}}
    tenants = sorted({s.tenant for s in scenario.slices})
    if tenants:
        app["tenants"] = tenants
    if guard_band is not None:
        app["guardBand"] = guard_band
    cfg = {"devices": devices, "apps": {APP: {"p4slice": app}}}
    if links:
        cfg["links"] = links
    return cfg


def slice_requests(scenario: Scenario) -> List[dict]:
    """The scenario's slices as REST slice requests (northbound.md)."""
    return [{"id": s.id, "name": s.name, "tenant": s.tenant, "vlan": s.vlan, "quotaBps": s.quota_bps,
             "burstBytes": s.burst_bytes,
             "endpoints": [{"device": e.device, "port": e.port, "mode": e.mode} for e in s.endpoints]}
            for s in scenario.slices]


class OnosRest:
    """Minimal client of ONOS's REST API with basic authentication (ONOS's default onos/rocks)."""

    def __init__(self, base_url: str = "http://127.0.0.1:8181", user: str = "onos", password: str = "rocks",
                 timeout: float = 10.0):
        self.base = base_url.rstrip("/")
        self.auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        self.timeout = timeout

    def request(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Authorization": self.auth, "Accept": "application/json",
                                              **({"Content-Type": "application/json"} if data else {})})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                text = resp.read().decode()
                return json.loads(text) if text.strip() else None
        except urllib.error.HTTPError as e:
            text = e.read().decode(errors="replace")
            try:
                message = json.loads(text).get("message", text)
            except (ValueError, AttributeError):
                message = text.strip() or e.reason
            raise OnosError(f"{method} {path}: HTTP {e.code}: {message}") from None
        except (urllib.error.URLError, OSError) as e:
            raise OnosError(f"{method} {path}: cannot reach ONOS at {self.base}: {e}") from None

    def push_netcfg(self, cfg: dict) -> None:
        self.request("POST", NETCFG_PATH, cfg)

    def create_slice(self, req: dict) -> dict:
        return self.request("POST", SLICES_PATH, req)

    def remove_slice(self, slice_id: int) -> None:
        self.request("DELETE", f"{SLICES_PATH}/{slice_id}")

    def slices(self) -> List[dict]:
        return self.request("GET", SLICES_PATH)["slices"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.onos_driver", description=__doc__.split("\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--grpc", required=True, help="P4Runtime host:port of the first device")
    ap.add_argument("--onos", default="http://127.0.0.1:8181", help="ONOS base URL (default: %(default)s)")
    ap.add_argument("--user", default="onos")
    ap.add_argument("--password", default="rocks")
    ap.add_argument("--guard-band", type=float, help="p4slice guardBand to configure")
    ap.add_argument("--remove", action="store_true", help="remove the scenario's slices instead")
    args = ap.parse_args(argv)
    try:
        scenario = load_scenario(args.scenario)
        onos = OnosRest(args.onos, args.user, args.password)
        if args.remove:
            for s in scenario.slices:
                onos.remove_slice(s.id)
                print(f"removed slice {s.id}")
            return 0
        onos.push_netcfg(netcfg(scenario, grpc_addresses(scenario, args.grpc), guard_band=args.guard_band))
        print(f"netcfg pushed: {len(scenario.devices)} device(s), {len(scenario.links)} link(s)")
        for req in slice_requests(scenario):
            s = onos.create_slice(req)
            print(f"slice {s['id']} {s['name']} VLAN {s['vlan']}: {s['state']}")
        return 0
    except HarnessError as e:
        print(f"onos_driver: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
