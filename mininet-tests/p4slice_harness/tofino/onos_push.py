"""A real ONOS 2.7 pushes p4slice's Tofino pipeconfs to Tofino stand-ins (:mod:`.standin`).

:class:`TofinoPush` (a context manager), bounded in time at every step: takes the L3 assembly lock
(:mod:`p4slice_harness.onos.lock`, as the L3 lab does), starts ONOS clean, activates ONOS's
``org.onosproject.drivers.barefoot`` (which brings the Stratum, gNMI, gNOI and P4Runtime drivers)
with the apps the ``.oar`` requires, installs the ``.oar`` (and waits for its REST), starts one stand-in per Tofino agent
and pushes their netcfg:

- ``device:tofino:sw1``: a Stratum switch (driver ``stratum-tofino``, pipeconf
  ``org.p4slice.tofino``), ports from its gNMI;
- ``device:tofino:sw2``: a ``bf_switchd`` switch (driver ``barefoot``, pipeconf
  ``org.p4slice.tofino.bfswitchd``), ports from netcfg (no gNMI).

It waits until both are available. ``python -m p4slice_harness.tofino.onos_push`` does the same,
creates and releases a slice on each switch and prints the stand-ins' transcript.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable, Dict, Optional

from ..errors import HarnessError
from ..lifecycle import Started, timed_step
from ..onos.assembly import PREREQUISITE_APPS, OnosL3, find_oar
from ..onos.lock import AssemblyLock, take_assembly
from ..onos.rest import NETCFG, SLICES, OnosRest
from ..onos.rest import slice_request as rest_slice_request
from ..onos.wait import wait_devices_available, wait_for, wait_slice_gone, wait_slice_state
from .device_config import BF_SWITCHD, STRATUM
from .standin import TofinoStandIn

BAREFOOT_DRIVERS = "org.onosproject.drivers.barefoot"
# device id -> (agent, pipeconf, name)
SWITCHES = {"device:tofino:sw1": (STRATUM, "org.p4slice.tofino", "sw1"),
            "device:tofino:sw2": (BF_SWITCHD, "org.p4slice.tofino.bfswitchd", "sw2")}


def slice_request(name: str, device: str, ports=(1, 2), quota_bps: int = 8_000_000) -> dict:
    return rest_slice_request(name, "itb", quota_bps, [(device, p) for p in ports])


class TofinoPush(Started):
    def __init__(self, home=None, oar=None, rest: Optional[OnosRest] = None,
                 out: Callable[[str], None] = print):
        self.rest = rest or OnosRest(timeout=15.0)
        self.onos = OnosL3(home, self.rest)
        self.oar = Path(oar) if oar else find_oar()
        self.lock = AssemblyLock(self.onos.home)
        self.out = out
        self.switches: Dict[str, TofinoStandIn] = {}
        self.started_onos = False
        self.timings: Dict[str, float] = {}

    def _step(self, what: str, fn, *args, **kw):
        return timed_step(self.timings, "tofino-push", self.out, what, fn, *args, **kw)

    def start(self) -> None:
        take_assembly(self.lock, self.onos, self._step)
        self.started_onos = True
        self._step("ONOS start (clean), REST up", self.onos.start, clean=True)
        for app in (BAREFOOT_DRIVERS, *PREREQUISITE_APPS):
            self._step(f"activate {app}", self.onos.activate, app)
        self._step(f"install {self.oar.name}", self.onos.install_oar, self.oar)
        self._step("p4slice REST answering", self.wait_p4slice_rest)
        for device, (agent, _, name) in SWITCHES.items():
            self.switches[device] = self._step(f"{name} ({agent}) stand-in up",
                                               TofinoStandIn(agent, out=self.out, name=name).__enter__)
        self.rest.request("POST", NETCFG, self.netcfg())
        self._step("both Tofino devices available", wait_devices_available, self.rest, list(SWITCHES), 180)

    def wait_p4slice_rest(self, timeout: float = 120.0) -> None:
        """The app's web bundle serves ``GET /onos/p4slice/slices`` (it may lag the app's ACTIVE, as
        in the L3 lab: a slice POSTed before gets 404)."""
        wait_for(lambda: self.rest.call("GET", SLICES), lambda r: r.status == 200, timeout,
                 f"p4slice REST GET {SLICES} answering 200", interval=0.5,
                 describe=lambda r: f"HTTP {r.status} {r.text[:120]!r}")

    def netcfg(self) -> dict:
        return {"devices": {device: self.switches[device].netcfg_device(pipeconf, name)
                            for device, (_, pipeconf, name) in SWITCHES.items()}}

    def close(self) -> None:
        errors = []
        for sw in self.switches.values():
            try:
                sw.close()
            except Exception as e:   # keep stopping the rest
                errors.append(f"stand-in: {e}")
        self.switches = {}
        if self.started_onos:
            try:
                self.onos.stop()
            except HarnessError as e:
                errors.append(f"ONOS stop: {e}")
            self.started_onos = False
        self.lock.release()
        if errors:
            raise HarnessError("; ".join(errors))

    # -- slices ------------------------------------------------------------------------------
    def create_slice(self, req: dict, timeout: float = 120.0) -> dict:
        r = self.rest.call("POST", SLICES, req)
        if r.status != 201:
            raise HarnessError(f"POST {SLICES} {req['name']}: HTTP {r.status}: {r.message()}")
        return wait_slice_state(self.rest, r.body["id"], ("ACTIVE",), timeout)

    def delete_slice(self, slice_id: int, timeout: float = 120.0) -> None:
        r = self.rest.call("DELETE", f"{SLICES}/{slice_id}")
        if r.status not in (202, 204):
            raise HarnessError(f"DELETE {SLICES}/{slice_id}: HTTP {r.status}: {r.message()}")
        wait_slice_gone(self.rest, slice_id, timeout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="ONOS 2.7 pushes p4slice's Tofino pipeconfs to two stand-ins")
    parser.add_argument("--transcript", type=Path, help="also write the stand-ins' transcript to this file")
    args = parser.parse_args(argv)
    lines = []
    with TofinoPush(out=lambda line: (lines.append(line), print(line))) as push:
        for device in SWITCHES:
            s = push.create_slice(slice_request(f"push-{device.rsplit(':', 1)[1]}", device))
            print(f"slice {s['id']} on {device}: {s['state']}")
            push.delete_slice(s["id"])
    if args.transcript:
        args.transcript.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
