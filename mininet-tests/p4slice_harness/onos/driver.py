"""The *ONOS* driver of a scenario: what a lab with a running ONOS 2.7 does instead of writing the
plan itself — push the network configuration, then create the scenario's slices through p4slice's
REST API, and let ONOS (through the pipeconf and the bmv2 driver) program the switches.

    python -m p4slice_harness.onos.driver SCENARIO --grpc 127.0.0.1:50001 [--onos http://127.0.0.1:8181]
        [--user onos --password rocks] [--remove] [--devices-timeout 120]

``--grpc`` is the P4Runtime address of the scenario's first device; the others follow on the next
ports (s1 → 50001, s2 → 50002, ...), as ``python -m p4slice_harness.mn SCENARIO --grpc-port-base
50001`` starts them. Not run in CI (there is no ONOS here); the netcfg (:mod:`.netcfg`) and the
requests (:func:`slice_requests`) are pure and unit-tested, the REST calls are tested against a
loopback HTTP server.

Slices are POSTed one by one in the REST shape (with their scenario ids and VLANs); a refusal
stops the run with ONOS's message.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Mapping, Optional

from ..errors import HarnessError
from ..scenario import Scenario, load_scenario
from .netcfg import grpc_addresses, netcfg
from .rest import OnosRest, slice_request
from .wait import wait_devices_available


def slice_requests(scenario: Scenario) -> List[dict]:
    """The scenario's slices as REST slice requests, with their ids, VLANs and bursts."""
    return [slice_request(s.name, s.tenant, s.quota_bps, [(e.device, e.port, e.mode) for e in s.endpoints],
                          id=s.id, vlan=s.vlan, burstBytes=s.burst_bytes)
            for s in scenario.slices]


def deploy(onos: OnosRest, scenario: Scenario, grpc: Mapping[str, str], out=print,
           devices_timeout: float = 120.0, guard_band: Optional[float] = None,
           operators: Optional[List[str]] = None) -> List[dict]:
    """Push the scenario's netcfg (naming ``operators``, if given, as p4slice operators: ONOS's GUI
    shows p4slice's view to named operators only), wait (bounded) until ONOS has every device available,
    then create the scenario's slices; returns the created slices as ONOS answered them."""
    onos.push_netcfg(netcfg(scenario, grpc, guard_band=guard_band, operators=operators))
    out(f"netcfg pushed: {len(scenario.devices)} device(s), {len(scenario.links)} link(s)")
    wait_devices_available(onos, [d.id for d in scenario.devices], devices_timeout)
    created = []
    for req in slice_requests(scenario):
        s = onos.create_slice(req)
        out(f"slice {s['id']} {s['name']} VLAN {s['vlan']}: {s['state']}")
        created.append(s)
    return created


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.onos.driver", description=__doc__.split("\n")[0])
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
               devices_timeout=args.devices_timeout, operators=[args.user])
        return 0
    except HarnessError as e:
        print(f"onos.driver: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
