"""Figures of p4slice in a real ONOS 2.7 (the L3 lab of :mod:`p4slice_harness.onos.lab`)::

    sudo .venv/bin/python -m p4slice_harness.bench.onos [--runs 3] [--sizes 1,16,64] [--out reports/]

Median of ``--runs`` runs each (every run's value is kept too, with the machine's 1-minute load
average beside it):

- ``post_to_active_s``: from the first ``POST /onos/p4slice/slices`` until every one of N slices
  reads ACTIVE, for N in ``--sizes``; slice i joins port 10+i of s1 and of s2 (netcfg-only ports,
  70 per switch), 1 Mbit/s each, across the trunk; released between runs;
- ``restore_after_onos_restart_s``: with the largest N of slices ACTIVE (created once), ONOS stopped
  (state kept) and started again, ``--runs`` times: ``switches_restored`` — from the start command
  until the switches, polled over P4Runtime, hold every p4slice entry, group and meter cell as
  before, with every slice ACTIVE, both devices available and ONOS's first flow read of each done,
  for 5 s (:mod:`.restore`); ``onos_lists_all_added`` — until ONOS lists all of p4slice's entries
  ADDED again (its 30 s flow poll); each also from the app ACTIVE and from both devices available;
  per run the blackout (longest stretch a switch held fewer p4slice entries), the dips, the poll
  timeline and karaf.log's milestones (mininet-tests/README.md says what bounds each figure);
- ``traffic_after_switch_restart_s``: slice A only; s1's simple_switch_grpc SIGKILLed, ONOS seeing
  it unavailable, then started again with the same command: from that start until h1 -> h3 answers.

Writes ``<out>/onos-bench.json`` (:class:`p4slice_harness.report.Report`: environment, results).
Exit status 2 when the lab cannot run here (the reason is printed).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import List, Optional, Sequence

from ..errors import HarnessError
from ..onos.assembly import APP, lab_problem
from ..onos.lab import QUOTA_BPS, SLICE_A, OnosLab
from ..onos.rest import slice_request
from ..onos.topology import S1, S2, VIRTUAL_PORT_BASE, grpc_addresses
from ..p4rt.p4info import P4Info
from ..onos.wait import WaitTimeout, wait_app_active, wait_devices_available, wait_for, wait_slices_state
from ..paths import PIPECONF_OUT, report_dir
from .restore import HOLD_S, INCONSISTENT, blackouts, first_flow_reads, poll_interval, restored_at
from .restore_poll import RestorePoller, SwitchReader, reference

VIRTUAL_PORTS = 70
BENCH_QUOTA_BPS = 1_000_000


def parse_sizes(text: str, max_size: int = VIRTUAL_PORTS) -> List[int]:
    try:
        sizes = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise HarnessError(f"--sizes must be comma-separated integers, got {text!r}") from None
    if not sizes or any(not 1 <= n <= max_size for n in sizes):
        raise HarnessError(f"--sizes must be 1..{max_size} (one netcfg-only port per slice), got {text!r}")
    return sizes


def bench_requests(n: int) -> List[dict]:
    """N slices, slice i on port 10+i of s1 and of s2 (access), 1 Mbit/s each."""
    return [slice_request(f"bench-{i}", "bench", BENCH_QUOTA_BPS,
                          [(S1, VIRTUAL_PORT_BASE + i), (S2, VIRTUAL_PORT_BASE + i)]) for i in range(n)]


def figure(values: Sequence[Optional[float]]) -> dict:
    """Median of the runs that gave a value (a run that did not is kept in ``runs`` as None)."""
    got = [v for v in values if v is not None]
    return {"median": statistics.median(got) if got else None,
            "runs": [None if v is None else round(v, 3) for v in values]}


def create_all(lab: OnosLab, n: int, timeout: float = 900.0) -> tuple:
    """POST N slices, wait until all are ACTIVE; (seconds, ids, seconds spent in the POSTs)."""
    ids, posting = [], 0.0
    t0 = time.monotonic()
    for req in bench_requests(n):
        r = lab.post_slice(req)
        posting += r.elapsed
        if r.status != 201:
            raise HarnessError(f"POST {req['name']}: HTTP {r.status}: {r.message()}")
        ids.append(r.body["id"])
    wait_slices_state(lab.rest, ids, ("ACTIVE",), timeout, interval=0.2)
    return time.monotonic() - t0, ids, posting


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
        wait_devices_available(lab.rest, [S1, S2], timeout, interval=0.2)
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


def traffic_after_switch_restart(lab: OnosLab, timeout: float = 300.0) -> float:
    lab.wait_ping("h1", "h3", 60)
    lab.network.kill_switch(S1)
    try:
        wait_for(lambda: lab.device_available(S1), lambda up: not up, 60, "ONOS sees s1 unavailable")
    finally:
        t0 = time.monotonic()
        lab.network.start_switch(S1)
    lab.wait_ping("h1", "h3", timeout)
    return time.monotonic() - t0


def run(args, out=print) -> Path:
    from ..report import Report
    report = Report("onos-bench", args.out)
    with tempfile.TemporaryDirectory(prefix="p4s-onos-bench-") as workdir, \
            OnosLab(workdir, virtual_ports=VIRTUAL_PORTS, oar=args.oar, out=out) as lab:
        report.add("lab_setup_s", dict(lab.timings))
        per_size = {}
        for n in args.sizes:
            values, posts, loads = [], [], []
            for i in range(args.runs):
                lab.delete_all_slices(timeout=600)
                took, _, posting = create_all(lab, n)
                values.append(took)
                posts.append(posting)
                loads.append(os.getloadavg()[0])
                out(f"[bench] {n} slice(s): POST -> all ACTIVE {took:.2f} s (POSTs {posting:.2f} s), run {i + 1}, "
                    f"load average {loads[-1]:.1f}")
            per_size[n] = dict(figure(values), post_calls_s=figure(posts), load_average_1m=figure(loads))
        report.add("post_to_active_s", per_size)
        if not args.skip_restore:
            n = max(args.sizes)
            lab.delete_all_slices(timeout=600)
            _, ids, _ = create_all(lab, n)
            runs = []
            for i in range(args.runs):
                runs.append(restore_after_restart(lab, ids))
                out(f"[bench] restore of {n} slices after an ONOS restart, run {i + 1}: "
                    f"{ {k: v for k, v in runs[-1].items() if k != 'timeline'} }")
            report.add("restore_after_onos_restart_s", {
                "slices": n, **{k: figure([r[k] for r in runs]) for k in RESTORE_FIGURES},
                "longest_blackout_s": figure([max((b["s"] for b in r["blackout"].values() if b), default=0.0)
                                              for r in runs]),
                "runs": runs})
        if not args.skip_switch:
            lab.delete_all_slices(timeout=600)
            lab.create_slice(slice_request(SLICE_A[0], SLICE_A[1], QUOTA_BPS, SLICE_A[2]))
            values = []
            for i in range(args.runs):
                values.append(traffic_after_switch_restart(lab))
                out(f"[bench] h1 -> h3 answered {values[-1]:.2f} s after s1 restarted, run {i + 1}")
            report.add("traffic_after_switch_restart_s", figure(values))
    return report.write()


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.bench.onos",
                                 description="p4slice figures in a real ONOS 2.7 with two bmv2 switches")
    ap.add_argument("--runs", type=int, default=3, help="runs per figure (median reported; default 3)")
    ap.add_argument("--sizes", default="1,16,64", help="numbers of slices created at once (default 1,16,64)")
    ap.add_argument("--out", default=str(report_dir()), help="report directory (default %(default)s)")
    ap.add_argument("--oar", help="the .oar to install (default $P4S_OAR or app/target/...oar)")
    ap.add_argument("--skip-restore", action="store_true", help="no ONOS restart figure")
    ap.add_argument("--skip-switch", action="store_true", help="no switch restart figure")
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.sizes = parse_sizes(args.sizes)
        if args.runs < 1:
            raise HarnessError(f"--runs must be >= 1, got {args.runs}")
    except HarnessError as e:
        print(f"bench.onos: error: {e}", file=sys.stderr)
        return 2
    env = dict(os.environ, **({"P4S_OAR": args.oar} if args.oar else {}))
    problem = lab_problem(env)
    if problem:
        print(f"bench.onos: cannot run here: {problem}", file=sys.stderr)
        return 2
    try:
        path = run(args)
    except HarnessError as e:
        print(f"bench.onos: error: {e}", file=sys.stderr)
        return 1
    print(f"bench.onos: report written to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
