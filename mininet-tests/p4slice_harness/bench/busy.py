"""``make bench-busy``: the demo's traffic step beside a low-priority CPU load, next to the idle machine.

Scenario ``two-switch-equal-quotas`` (the demo's: four slices of 3 Mbit/s, each offered 2 × quota).
One testbed started as the harness starts it (each switch and each iperf3 in a session of its
own); with ``--compare`` a second one whose switches share the harness's session (the layout
tried first for issue 27).
Per testbed and round, in an order rotated from round to round, three conditions, each ``--runs``
runs of the demo's traffic step (:mod:`p4slice_harness.traffic_step`):

- ``idle``: nothing started beside (the rest of the machine as it is: see its load);
- ``own``: ``--processes`` busy loops at nice ``--nice`` in a session of their own (a build
  started from another terminal);
- ``caller``: the same in this process's session (a build started from the shell that runs the demo).

Per testbed and condition, medians over rounds and runs: each slice's delivered rate, their mean
ratio to idle, the frames the ingress switch never counted, the switches' scheduling delay (time
runnable but not running, all threads, ms per second of traffic, ``/proc/<pid>/task/*/schedstat``),
load average, CPU busy and nice share, and the demo's verdict. The autogroups of this process, the
switches and the load are recorded. Report: ``reports/busy.json``.

    python -m p4slice_harness.bench.busy [--rounds 3] [--runs 1] [--seconds 6] [--processes 2] [--nice 19] [--compare]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from typing import Dict, List

from ..errors import HarnessError
from ..net.topology import scenario_testbed
from ..p4rt.install import install_plan
from ..paths import PIPECONF_OUT, plan_path, report_dir, scenario_path
from ..plan import load_plan
from ..report import Report
from ..scenario import load_scenario
from ..traffic_step import TrafficRun, run_traffic, verdict
from .cpuload import CpuLoad
from ..net.sessions import autogroup, autogroup_enabled

SCENARIO = "two-switch-equal-quotas"
CONDITIONS = ("idle", "own", "caller")
STARTS = {"own": "each switch in its own session (now)", "caller": "switches in the harness's session"}


def switch_wait_ns(tb) -> Dict[str, int]:
    """Per switch: nanoseconds its threads spent runnable but not running, so far."""
    out = {}
    for name, sw in tb.switches.items():
        total = 0
        task_dir = f"/proc/{sw.proc.pid}/task"
        for tid in os.listdir(task_dir):
            try:
                with open(f"{task_dir}/{tid}/schedstat") as f:
                    total += int(f.read().split()[1])
            except OSError:      # a thread that ended meanwhile
                pass
        out[sw.name] = total
    return out


def measure(tb, condition: str, args) -> dict:
    """One condition: its load (if any) started, settled, ``args.runs`` traffic runs, load stopped."""
    load = None if condition == "idle" else CpuLoad(args.processes, args.nice, condition,
                                                    seconds=args.runs * (args.seconds + 10) + 30)
    with load if load is not None else contextlib.nullcontext():
        if load is not None:
            time.sleep(1.0)          # the load on the CPUs before the traffic starts
        described = load.describe() if load is not None else None
        w0, t0 = switch_wait_ns(tb), time.monotonic()
        runs = run_traffic(tb, args.runs, args.seconds)
        w1, t1 = switch_wait_ns(tb), time.monotonic()
    return {"runs": runs, "load": described,
            "switch_wait_ms_per_s": {n: (w1[n] - w0[n]) / 1e6 / (t1 - t0) for n in w1}}


def aggregate(results: List[dict], quotas: Dict[int, int], idle: Dict[int, float] = None) -> dict:
    runs: List[TrafficRun] = [r for res in results for r in res["runs"]]
    med = {sid: statistics.median(r.figures.rates[sid] for r in runs) for sid in quotas}
    return {"runs": len(runs), "delivered_bps": med,
            "vs_idle": statistics.mean(med[s] / idle[s] for s in quotas) if idle and all(idle.values()) else None,
            "uncounted": statistics.median(r.uncounted() for r in runs),
            "switch_wait_ms_per_s": statistics.median(sum(res["switch_wait_ms_per_s"].values()) for res in results),
            "load1": statistics.median(r.machine["load1"] for r in runs),
            "busy": statistics.median(r.machine["busy"] for r in runs),
            "nice": statistics.median(r.machine["nice"] for r in runs),
            "problems": verdict(runs, quotas)}


def bench(start: str, args, scenario, plan) -> dict:
    quotas = {s.id: s.quota_bps for s in scenario.slices}
    per: Dict[str, List[dict]] = {c: [] for c in CONDITIONS}
    with tempfile.TemporaryDirectory(prefix="p4s-busy-") as work, \
            scenario_testbed(scenario, PIPECONF_OUT / "p4info.txt", PIPECONF_OUT / "bmv2.json", work,
                             own_session=start == "own") as tb:
        install_plan(plan, tb.clients)
        groups = {"harness": autogroup(os.getpid()),
                  **{n: autogroup(sw.proc.pid) for n, sw in tb.switches.items()}}
        for rnd in range(args.rounds):
            order = CONDITIONS[rnd % 3:] + CONDITIONS[:rnd % 3]
            for cond in order:
                res = measure(tb, cond, args)
                per[cond].append(res)
                print(f"{start:6} round {rnd + 1} {cond:6}: " + ", ".join(
                    " ".join(f"{r.figures.rates[s] / 1e6:.3f}" for s in sorted(quotas)) for r in res["runs"])
                    + f" Mbit/s; uncounted {max(r.uncounted() for r in res['runs']):.1%}; switch wait "
                      f"{sum(res['switch_wait_ms_per_s'].values()):.0f} ms/s; load "
                      f"{res['runs'][0].machine['load1']:.1f}", flush=True)
    idle = aggregate(per["idle"], quotas)
    out = {"autogroups": groups, "idle": idle}
    out.update({c: aggregate(per[c], quotas, idle["delivered_bps"]) for c in CONDITIONS[1:]})
    out["measurements"] = {c: [{"runs": [r.to_dict() for r in res["runs"]], "load": res["load"],
                                "switch_wait_ms_per_s": res["switch_wait_ms_per_s"]} for res in per[c]]
                           for c in CONDITIONS}
    return out


def table(results: Dict[str, dict], args) -> str:
    names = {"idle": "idle", "own": f"nice {args.nice} x{args.processes}, own session",
             "caller": f"nice {args.nice} x{args.processes}, harness's session"}
    lines = [f"{'switches':42} {'condition':33} {'delivered Mbit/s (median per slice)':36} {'vs idle':>7} "
             f"{'uncounted':>9} {'sw wait ms/s':>12} {'load':>5} {'busy/nice':>9}  verdict"]
    for start, res in results.items():
        for c in CONDITIONS:
            a = res[c]
            vs = "" if a.get("vs_idle") is None else f"{a['vs_idle']:.3f}"
            lines.append(f"{STARTS[start]:42} {names[c]:33} "
                         f"{' '.join(f'{v / 1e6:.3f}' for _, v in sorted(a['delivered_bps'].items())):36} {vs:>7} "
                         f"{a['uncounted']:>9.1%} {a['switch_wait_ms_per_s']:>12.0f} {a['load1']:>5.1f} "
                         f"{a['busy']:>4.0%}/{a['nice']:<4.0%}  {'pass' if not a['problems'] else 'FAIL'}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.bench.busy", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--runs", type=int, default=1, help="traffic runs per condition and round")
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--nice", type=int, default=19)
    ap.add_argument("--compare", action="store_true", help="also a testbed whose switches share the harness's session")
    ap.add_argument("--out", default=str(report_dir()))
    args = ap.parse_args(argv)
    if os.geteuid() != 0:
        print("bench-busy: needs root", file=sys.stderr)
        return 2
    if args.rounds < 1 or args.runs < 1 or not args.seconds > 3:
        print("bench-busy: --rounds and --runs must be >= 1, --seconds > 3", file=sys.stderr)
        return 2
    scenario, plan = load_scenario(scenario_path(SCENARIO)), load_plan(plan_path(SCENARIO))
    print(f"{os.cpu_count()} CPU(s), autogroup scheduling {'on' if autogroup_enabled() else 'off'}, "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    try:
        results = {start: bench(start, args, scenario, plan) for start in (("own", "caller") if args.compare
                                                                            else ("own",))}
    except HarnessError as e:
        print(f"bench-busy: {e}", file=sys.stderr)
        return 2
    rep = Report("busy", args.out)
    rep.add("parameters", vars(args))
    rep.add("autogroup_enabled", autogroup_enabled())
    rep.add("results", results)
    text = table(results, args)
    rep.add("table", text.splitlines())
    path = rep.write()
    print("\n" + text)
    for start, res in results.items():
        for c in CONDITIONS:
            for p in res[c]["problems"]:
                print(f"{STARTS[start]}, {c}: {p}")
    print(f"report: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
