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
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import List, Optional, Sequence

from ..errors import HarnessError
from ..onos.assembly import lab_problem
from ..onos.lab import QUOTA_BPS, SLICE_A, OnosLab
from ..onos.rest import slice_request
from ..onos.topology import S1, S2, VIRTUAL_PORT_BASE
from ..onos.wait import wait_for, wait_slices_state
from ..paths import report_dir
from .onos_restore import RESTORE_FIGURES, restore_run

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


def create_restore_slices(lab: OnosLab, n: int, out=print, attempts: int = 3) -> List[int]:
    """The restore figure's N slices, all ACTIVE (a creation that fails is said and tried again)."""
    for attempt in range(1, attempts + 1):
        lab.delete_all_slices(timeout=600)
        try:
            return create_all(lab, n)[1]
        except HarnessError as e:
            if attempt == attempts:
                raise
            out(f"[bench] creating the {n} slices of the restore figure failed ({e}); again")


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
            values, posts, loads, failed = [], [], [], []
            for i in range(args.runs):
                lab.delete_all_slices(timeout=600)
                try:
                    took, _, posting = create_all(lab, n)
                except HarnessError as e:     # e.g. a slice FAILED: the run is reported, never averaged in
                    took = posting = None
                    failed.append(f"run {i + 1}: {e}")
                values.append(took)
                posts.append(posting)
                loads.append(os.getloadavg()[0])
                out(f"[bench] {n} slice(s): POST -> all ACTIVE "
                    + (f"{took:.2f} s (POSTs {posting:.2f} s)" if took is not None else f"FAILED ({failed[-1]})")
                    + f", run {i + 1}, load average {loads[-1]:.1f}")
            per_size[n] = dict(figure(values), post_calls_s=figure(posts), load_average_1m=figure(loads),
                               failed_runs=failed)
        report.add("post_to_active_s", per_size)
        if not args.skip_restore:
            n = max(args.sizes)
            ids = create_restore_slices(lab, n, out)
            runs = []
            for i in range(args.runs):
                runs.append(restore_run(lab, ids, out))
                out(f"[bench] restore of {n} slices after an ONOS restart, run {i + 1}: "
                    f"{ {k: v for k, v in runs[-1].items() if k != 'timeline'} }")
            report.add("restore_after_onos_restart_s", {
                "slices": n, **{k: figure([r.get(k) for r in runs]) for k in RESTORE_FIGURES},
                "longest_blackout_s": figure([max((b["s"] for b in r["blackout"].values() if b), default=0.0)
                                              if "blackout" in r else None for r in runs]),
                "failed_runs": sum(1 for r in runs if "error" in r), "runs": runs})
        if not args.skip_switch:
            values = []
            try:
                lab.delete_all_slices(timeout=600)
                lab.create_slice(slice_request(SLICE_A[0], SLICE_A[1], QUOTA_BPS, SLICE_A[2]))
                for i in range(args.runs):
                    values.append(traffic_after_switch_restart(lab))
                    out(f"[bench] h1 -> h3 answered {values[-1]:.2f} s after s1 restarted, run {i + 1}")
                report.add("traffic_after_switch_restart_s", figure(values))
            except HarnessError as e:         # the figures above are kept; this one says why it stopped
                out(f"[bench] switch restart figure stopped: {e}")
                report.add("traffic_after_switch_restart_s", dict(figure(values) if values else {}, error=str(e)))
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
    return run_on_lab("bench.onos", args, run)


def run_on_lab(name: str, args, run) -> int:
    """A bench's command line on the L3 lab: 2 if the lab cannot run here, 1 on a harness error, else 0
    with the report's path printed (``args.oar``, if set, is the .oar to install)."""
    env = dict(os.environ, **({"P4S_OAR": args.oar} if args.oar else {}))
    problem = lab_problem(env)
    if problem:
        print(f"{name}: cannot run here: {problem}", file=sys.stderr)
        return 2
    try:
        path = run(args)
    except HarnessError as e:
        print(f"{name}: error: {e}", file=sys.stderr)
        return 1
    print(f"{name}: report written to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
