"""``make bench-fairness``: four slices sharing the trunk, at a load near what bmv2 carries.

Scenario ``two-switch-equal-quotas`` (s1 - trunk - s2; slice k joins h_k on s1 with h_k+4 on s2)
with its committed ONOS-translated plan. Calibration finds the loss-free rate through p4slice (4
UDP flows of 1400 B datagrams, loss ≤ 0.5 %, each probe the better of two runs, meters opened);
each slice's quota is then set so that Σ quotas = ``--fraction`` (90 %) of it, written into the
slices' meter cells as the slicing app writes them (CIR = PIR = quota in bytes/s, bursts
``--burst`` bytes, the app's default), and each slice is offered 2 × its quota at once,
``--runs`` times. Delivered = receiver's rate in frame
bit/s at the access port (the meters' unit).

Report (``reports/fairness-load.json`` + PNGs): per slice the delivered share (delivered / quota)
and rate over the runs — mean, SD, 95 % CI, min, max, CV; per run CV of the shares, Jain's index
and the largest |share - 1|; their summaries; the targets (CV ≤ 1 %, every slice within ±2 % of
its quota, Jain ≥ 0.999) and whether each run met them.

    python -m p4slice_harness.bench.fairness [--runs 10] [--fraction 0.9] [--burst 65536]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from .. import experiments as ex
from ..fairness_math import cv, jain
from ..net.topology import scenario_testbed
from ..p4rt.install import install_plan
from ..paths import PIPECONF_OUT, plan_path, report_dir, scenario_path
from ..plan import load_plan
from ..report import Report
from ..scenario import load_scenario
from ..stats import format_table, summarize
from .calibrate import scaled_quota

SCENARIO = "two-switch-equal-quotas"
TARGET_CV, TARGET_DEV, TARGET_JAIN = 0.01, 0.02, 0.999


def set_quotas(tb, plan, quota_bps: int, burst: int) -> None:
    """Every slice meter cell of the plan at ``quota_bps`` (CIR = PIR, bytes/s), ``burst`` bytes."""
    for m in plan.meters:
        tb.clients[m.device].write_meter(m.meter, m.index, cir=quota_bps // 8, cburst=burst,
                                         pir=quota_bps // 8, pburst=burst)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.bench.fairness", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--fraction", type=float, default=0.9, help="Σ quotas / loss-free rate")
    ap.add_argument("--burst", type=int, default=65536, help="meter bursts (bytes)")
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--warmup", type=float, default=2.0)
    ap.add_argument("--out", default=str(report_dir()))
    args = ap.parse_args(argv)
    if os.geteuid() != 0:
        print("bench-fairness: needs root", file=sys.stderr)
        return 2
    scenario = load_scenario(scenario_path(SCENARIO))
    plan = load_plan(plan_path(SCENARIO))
    work = Path(tempfile.mkdtemp(prefix="p4s-fair-"))
    with scenario_testbed(scenario, PIPECONF_OUT / "p4info.txt", PIPECONF_OUT / "bmv2.json", work) as tb:
        install_plan(plan, tb.clients)
        ids = [sid for sid, _, _ in ex.slice_pairs(tb)]
        ex.write_meters(tb, plan, unlimited=True)
        lf = ex.loss_free_rate(tb, lo_bps=10e6, hi_bps=2e9, tries=2)
        quota = scaled_quota(lf.rate_bps, len(ids), fraction=args.fraction)
        set_quotas(tb, plan, quota, args.burst)
        print(f"loss-free rate {lf.rate_bps / 1e6:.1f} Mbit/s (gap {100 * lf.rel_gap:.1f} %): quota "
              f"{quota / 1e6:.3f} Mbit/s per slice, each offered {2 * quota / 1e6:.3f} Mbit/s", flush=True)
        quotas = {sid: quota for sid in ids}
        runs, series = [], {}
        for i in range(args.runs):
            run = ex.udp_run(tb, {sid: 2 * quota for sid in ids}, seconds=args.seconds, warmup=args.warmup)
            f = ex.figures({sid: run.delivered_bps(sid) for sid in ids}, quotas)
            runs.append(f)
            print(f"run {i + 1}/{args.runs}: shares " + " ".join(f"{f.shares[s]:.4f}" for s in ids)
                  + f", CV {100 * f.cv:.3f} %, Jain {f.jain:.5f}, load {os.getloadavg()[0]:.1f}", flush=True)
            if i == 0:
                series = {f"slice {sid}": ([(s + e) / 2 for s, e, _ in run.flows[sid].intervals],
                                           [ex.frame_bps(b) for _, _, b in run.flows[sid].intervals]) for sid in ids}
        alive = tb.alive()
    rows = [(f"slice {sid} share (delivered/quota)", summarize([r.shares[sid] for r in runs])) for sid in ids]
    rows += [(f"slice {sid} delivered (Mbit/s)", summarize([r.rates[sid] / 1e6 for r in runs])) for sid in ids]
    rows += [("CV of shares per run (%)", summarize([100 * r.cv for r in runs])),
             ("Jain's index per run", summarize([r.jain for r in runs])),
             ("max |share - 1| per run (%)", summarize([100 * r.max_deviation for r in runs]))]
    all_shares = [r.shares[sid] for r in runs for sid in ids]
    mean_shares = [summarize([r.shares[sid] for r in runs]).mean for sid in ids]
    overall = {"cv_all_shares": summarize(all_shares).cv, "cv_mean_shares": cv(mean_shares),
               "jain_mean_shares": jain(mean_shares),
               "max_deviation_any_run": max(r.max_deviation for r in runs)}
    met = {"cv": all(r.cv <= TARGET_CV for r in runs), "within_2pct": overall["max_deviation_any_run"] <= TARGET_DEV,
           "jain": all(r.jain >= TARGET_JAIN for r in runs)}
    rep = Report("fairness-load", args.out)
    rep.add("loss_free_bps", lf.rate_bps)
    rep.add("calibration_probes", [list(p) for p in lf.probes])
    rep.add("quota_bps", quota)
    rep.add("fraction", args.fraction)
    rep.add("burst_bytes", args.burst)
    rep.add("runs", [r.to_dict() for r in runs])
    rep.add("table", {label: s for label, s in rows})
    rep.add("overall", overall)
    rep.add("targets", {"cv_max": TARGET_CV, "share_dev_max": TARGET_DEV, "jain_min": TARGET_JAIN, "met": met})
    rep.add("switches_alive", alive)
    rep.add("load_average", os.getloadavg())
    rep.plot_throughput("throughput", series, quotas={f"slice {sid}": quota for sid in ids})
    rep.plot_fairness("shares", [{f"slice {sid}": r.shares[sid] for sid in ids} for r in runs])
    path = rep.write()
    print("\n" + format_table(rows, digits=4, title=f"fairness at load: {len(ids)} slices x {quota / 1e6:.3f} Mbit/s "
                                                    f"(Σ = {100 * args.fraction:.0f} % of {lf.rate_bps / 1e6:.1f} "
                                                    f"Mbit/s loss-free), each offered 2 x quota, {args.runs} runs"))
    print(f"overall: {overall}\ntargets met: {met}\nreport: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
