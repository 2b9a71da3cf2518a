"""The bench's restore after an ONOS restart (``restore_after_onos_restart_s`` of
:mod:`p4slice_harness.bench.onos`): ONOS stopped with 64 slices ACTIVE, started again with its state,
the switches polled from the stop on (:mod:`.restore_poll`) and the moment they are restored decided
from that timeline (:mod:`.restore`), next to the moment ONOS lists every p4slice entry ADDED again.
What each figure means and what bounds it: mininet-tests/README.md, "The restore after an ONOS restart".
"""

from __future__ import annotations

import os
import re
import time
from typing import Sequence

from ..errors import HarnessError
from ..onos.assembly import APP
from ..onos.lab import OnosLab
from ..onos.topology import S1, S2, grpc_addresses
from ..onos.wait import WaitTimeout, wait_app_active, wait_devices_available, wait_for, wait_slices_state
from ..p4rt.p4info import P4Info
from ..paths import PIPECONF_OUT
from .restore import HOLD_S, INCONSISTENT, blackouts, first_flow_reads, poll_interval, restored_at
from .restore_poll import RestorePoller, SwitchReader, reference

DEVICES_TIMEOUT_S = 180.0    # devices available again after an ONOS start (seen: 8-10 s after the app ACTIVE)


def restore_after_restart(lab: OnosLab, ids: Sequence[int], timeout: float = 900.0, hold: float = HOLD_S) -> dict:
    """ONOS stopped and started with its state: the slices are listed ACTIVE from the store at once,
    so two moments are measured. *On the switches* (:mod:`.restore`): the first poll of both switches
    (P4Runtime, from the start on) at which every slice is ACTIVE, both devices available, ONOS has
    done its first flow read of each, and each switch holds as many p4slice entries, and every group
    and meter cell, as before — for ``hold`` s. *In ONOS*: every slice ACTIVE and ONOS listing all of
    p4slice's entries ADDED (as many per switch as before), which waits for ONOS's flow poll. "Before"
    is taken once ONOS holds every p4slice entry ADDED (none pending)."""
    t_settle = time.monotonic()
    added_before = {d: settled_app_flows(lab, d) for d in (S1, S2)}
    settle = time.monotonic() - t_settle
    readers = switch_readers(lab, ids)
    ref = reference(readers)
    before = {d: ref[d][0] for d in readers}
    mark = lab.onos.mark()
    lab.onos.stop()
    poller = RestorePoller(readers, ref, lab.rest, ids)
    poller.start()
    try:
        t0, t0_wall = time.monotonic(), time.time()
        lab.onos.start(clean=False)
        rest_up = time.monotonic() - t0
        wait_app_active(lab.rest, APP, 180, interval=0.5)
        app_active = time.monotonic() - t0
        reloaded = lab.reload_bmv2_drivers_if_lost(mark)
        wait_devices_available(lab.rest, [S1, S2], DEVICES_TIMEOUT_S, interval=0.2)
        devices_available = time.monotonic() - t0
        wait_slices_state(lab.rest, ids, ("ACTIVE",), timeout, give_up=(), interval=0.5)
        for device in (S1, S2):
            wait_for(lambda: app_flows(lab, device), lambda n: n >= added_before[device], timeout,
                     f"{added_before[device]} p4slice entries ADDED on {device}", interval=0.5, describe=str)
        added = time.monotonic() - t0

        def verdict():
            karaf = {d: lab.onos.grep(INCONSISTENT.format(device=re.escape(d)), mark) for d in before}
            reads = first_flow_reads(karaf, poller.samples, added_before)
            return reads, restored_at(list(poller.samples), before, reads, hold)
        try:     # ONOS may delete what it finds at its first read after the app restored it: up to 120 s more
            wait_for(verdict, lambda v: v[1].restored is not None, max(0.0, added + 120 - (time.monotonic() - t0)),
                     "the switches restored", interval=1.0, describe=lambda v: v[1].reason)
        except WaitTimeout:
            pass     # reported as not restored, with the reason
    finally:
        samples = poller.stop()
    reads, found = verdict()
    rel = lambda t: None if t is None else round(t - t0_wall, 3)   # noqa: E731
    switches = rel(found.restored)
    since = lambda t: None if switches is None else switches - t   # noqa: E731
    return {"switches_restored": switches, "switches_restored_from_app_active": since(app_active),
            "switches_restored_from_devices_available": since(devices_available),
            "switches_not_restored_because": found.reason if switches is None else None,
            "onos_lists_all_added": added, "onos_lists_all_added_from_app_active": added - app_active,
            "onos_lists_all_added_from_devices_available": added - devices_available,
            "rest_up": rest_up, "app_active": app_active, "devices_available": devices_available,
            "first_flow_read": {d: r and {"s": rel(r[0]), "evidence": r[1]} for d, r in reads.items()},
            "dips": [{"s": rel(t), "missing": what} for t, what in found.dips],
            "blackout": {d: b and {"from_s": rel(b["from"]), "to_s": rel(b["to"]), "s": round(b["s"], 3),
                                   "fewest": b["fewest"]} for d, b in blackouts(samples, before).items()},
            "poll_interval_s": poll_interval(samples), "polls": len(samples), "poll_errors": poller.errors,
            "timeline": [[rel(s.t)] + [s.switches[d] and s.switches[d].entries for d in (S1, S2)]
                         + [s.added.get(d) for d in (S1, S2)] + [s.all_active, s.available] for s in samples],
            "karaf_log": karaf_milestones(lab, mark),
            "load_average_1m": os.getloadavg()[0],
            "switch_entries_before": before, "onos_entries_added_before": added_before,
            "bmv2_drivers_reloaded": reloaded, "waited_for_entries_added_before_s": round(settle, 2)}


def restore_run(lab: OnosLab, ids: Sequence[int], out=print) -> dict:
    """One restore, or {"error": why} when this ONOS start failed (e.g. ONOS 2.7's driver loading race
    that re-activating drivers.bmv2 did not cure): ONOS is restarted once more so the next run starts
    from a working one, and the failed run is counted, never averaged in."""
    try:
        return restore_after_restart(lab, ids)
    except HarnessError as e:
        out(f"[bench] restore run failed: {e}; restarting ONOS before the next run")
        try:
            lab.restart_onos()
        except HarnessError as again:
            out(f"[bench] ONOS restart after the failed run: {again}")
        return {"error": str(e), "load_average_1m": os.getloadavg()[0]}


def switch_readers(lab: OnosLab, ids: Sequence[int]) -> dict:
    p4info = P4Info.from_file(PIPECONF_OUT / "p4info.txt")
    return {d: SwitchReader(grpc_addresses()[d], lab.scenario.device(d).device_id, p4info, ids) for d in (S1, S2)}


RESTORE_FIGURES = ("switches_restored", "switches_restored_from_app_active", "switches_restored_from_devices_available",
                   "onos_lists_all_added", "onos_lists_all_added_from_app_active",
                   "onos_lists_all_added_from_devices_available", "rest_up", "app_active", "devices_available")

# what the restore waits for, from karaf.log: ONOS's device connections, its removal of entries it
# finds inconsistent, p4slice's start and its reprogramming (first and last line of each)
MILESTONES = {
    "p4slice_started": r"p4slice.*Started with",
    "device_connected": r"(?i)device:bmv2:s[12].*(connected|available|added)|Setting mastership",
    "inconsistent_entries_removed": r"(?i)inconsistent|Removing.*stale|not in store",
    "p4slice_reprogrammed": r"p4slice.*(ACTIVE \(reprogrammed|ACTIVE \(restored|reprogrammed after)",
}


def karaf_milestones(lab: OnosLab, mark) -> dict:
    out = {}
    for name, pattern in MILESTONES.items():
        lines = lab.onos.grep(pattern, mark)
        if lines:
            out[name] = {"count": len(lines), "first": lines[0][:23], "last": lines[-1][:23]}
    return out


def settled_app_flows(lab: OnosLab, device: str, timeout: float = 300.0) -> int:
    """The number of p4slice's entries on a device once ONOS holds every one of them ADDED."""
    def probe():
        return [f["state"] for f in lab.flows(device) if f.get("appId") == APP]
    states = wait_for(probe, lambda st: st and all(x == "ADDED" for x in st), timeout,
                      f"every p4slice entry on {device} ADDED", interval=1.0,
                      describe=lambda st: f"{len(st)} entries, {sum(x == 'ADDED' for x in st)} ADDED")
    return len(states)


def app_flows(lab: OnosLab, device: str) -> int:
    """p4slice's flow entries that ONOS holds ADDED on a device."""
    return sum(1 for f in lab.flows(device) if f.get("appId") == APP and f.get("state") == "ADDED")
