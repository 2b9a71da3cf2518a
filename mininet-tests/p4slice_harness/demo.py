"""The testbed in a box, end to end: ``python -m p4slice_harness.demo [SCENARIO]`` (root, bmv2).

1. starts the scenario's topology (default: two switches joined by a trunk, eight hosts) on bmv2;
2. creates its slices by installing the plan ONOS's own PI translation made of them
   (``scenarios/plans/<scenario>.onos.plan.json``);
3. checks isolation (every slice's hosts reach each other across the trunk, no host reaches
   another slice's host);
4. runs traffic: every slice offered twice its quota (UDP, all at once), and prints the delivered
   rate per slice with CV and Jain's index, over ``--runs`` runs, as a statistical summary table,
   with how busy the machine was (:mod:`p4slice_harness.traffic_step`); each slice's median
   delivered rate must be within ±5 % of its quota and the median Jain's index ≥ 0.99;
5. tears everything down and checks that no namespace or process of the run is left.

Writes the JSON report and plots to ``--out`` (default ``mininet-tests/reports/``). Exit status: 0
all as expected, 1 a check failed (said why), 2 the demo could not run (said why).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

from .errors import HarnessError
from .net.names import list_namespaces, processes_mentioning
from .net.topology import scenario_testbed
from .p4rt.install import install_plan
from .paths import PIPECONF_OUT, plan_path, report_dir, scenario_path
from .plan import load_plan
from .report import Report
from .scenario import expected_reachability, load_scenario
from .stats import format_table
from .traffic_step import TOLERANCE, run_traffic, summary_rows, verdict


def isolation_matrix(tb) -> list:
    """(src, dst, same slice?, answered?) for every ordered pair of IPv4 hosts."""
    return [(a, b, same, tb.ping(a, b, count=1, timeout=2.0 if same else 0.5).received == 1)
            for (a, b), same in expected_reachability(tb.scenario).items()]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.demo", description=__doc__.split("\n")[0])
    ap.add_argument("scenario", nargs="?", default="two-switch-equal-quotas",
                    help="scenario name in mininet-tests/scenarios/ (default: %(default)s)")
    ap.add_argument("--runs", type=int, default=3, help="traffic runs (default: %(default)s)")
    ap.add_argument("--seconds", type=float, default=6.0, help="seconds per run (default: %(default)s)")
    ap.add_argument("--out", default=str(report_dir()), help="report directory (default: %(default)s)")
    args = ap.parse_args(argv)
    if os.geteuid() != 0:
        print("demo: needs root (network namespaces, raw sockets)", file=sys.stderr)
        return 2
    if args.runs < 1 or not args.seconds > 3.0:
        print("demo: --runs must be >= 1 and --seconds > 3 (the first 2 s of a run are its warm-up)", file=sys.stderr)
        return 2
    try:
        return run(args)
    except (HarnessError, OSError) as e:
        print(f"demo: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("demo: interrupted; the run's namespaces and switches were removed", file=sys.stderr)
        return 130


def run(args) -> int:
    scenario = load_scenario(scenario_path(args.scenario))
    plan = load_plan(plan_path(args.scenario))
    before = set(list_namespaces())
    run_id = None
    print(f"0. machine: {os.cpu_count()} CPU(s), load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="p4slice-demo-") as workdir:
        with scenario_testbed(scenario, PIPECONF_OUT / "p4info.txt", PIPECONF_OUT / "bmv2.json", workdir) as tb:
            run_id = tb.net.run_id
            print(f"1. topology: {len(scenario.devices)} bmv2 switch(es), {len(scenario.links)} trunk link(s), "
                  f"{len(scenario.hosts)} hosts (run {run_id})")
            rep = install_plan(plan, tb.clients)
            print(f"2. slices: {len(scenario.slices)} created from ONOS's translation: {rep.entries} table entries, "
                  f"{rep.meters} meter cells, {rep.groups} multicast groups")
            matrix = isolation_matrix(tb)
            good = sum(1 for _, _, same, ok in matrix if same == ok)
            print(f"3. isolation: {good}/{len(matrix)} host pairs as expected "
                  f"(same slice answered, other slices silent)")
            for a, b, same, ok in matrix:
                if same != ok:
                    print(f"   UNEXPECTED: {a} -> {b} ({'same' if same else 'other'} slice) "
                          f"{'answered' if ok else 'silent'}")
            quotas = {s.id: s.quota_bps for s in scenario.slices}
            print(f"4. traffic: each slice offered 2 x quota (UDP), {args.runs} run(s) of {args.seconds:g} s")
            runs = run_traffic(tb, args.runs, args.seconds, on_run=lambda i, r: print(
                f"   run {i + 1}: " + ", ".join(f"{r.figures.rates[sid] / 1e6:.3f}" for sid in sorted(quotas))
                + f" Mbit/s; load {r.machine['load1']:.1f}, CPU busy {r.machine['busy']:.0%} "
                  f"(nice'd jobs {r.machine['nice']:.0%})", flush=True))
            rows, notes = summary_rows(scenario, runs)
            print(format_table(rows, digits=3), end="")
            for note in notes:
                print(f"   {note}")
            problems = verdict(runs, quotas)
            print("   traffic: " + ("as expected (each slice's median within ±{:.0%} of its quota, Jain ≥ 0.99)"
                                    .format(TOLERANCE) if not problems else "NOT as expected:"))
            for p in problems:
                print(f"   - {p}")
            report = Report("demo", args.out)
            report.add("scenario", args.scenario)
            report.add("isolation", [{"src": a, "dst": b, "sameSlice": s, "answered": o} for a, b, s, o in matrix])
            report.add("runs", [r.to_dict() for r in runs])
            report.add("undefined", notes)
            report.add("problems", problems)
            for label, s in rows:
                report.add(label, s)
            report.plot_fairness("shares", [{f"slice {sid}": r.figures.shares[sid] for sid in quotas} for r in runs])
            path = report.write()
            print(f"   report: {path}")
    left = [n for n in set(list_namespaces()) - before if run_id and n.startswith(run_id)]
    procs = processes_mentioning(workdir)
    print(f"5. teardown: {len(left)} namespace(s) and {len(procs)} process(es) of the run left")
    ok = good == len(matrix) and not problems and not left and not procs
    print("demo: " + ("everything as expected" if ok else "FAILED: see above"))
    return 0 if ok else 1

if __name__ == "__main__":
    raise SystemExit(main())
