"""The testbed in a box, end to end: ``python -m p4slice_harness.demo [SCENARIO]`` (root, bmv2).

1. starts the scenario's topology (default: two switches joined by a trunk, eight hosts) on bmv2;
2. creates its slices by installing the plan ONOS's own PI translation made of them
   (``scenarios/plans/<scenario>.onos.plan.json``);
3. checks isolation (every slice's hosts reach each other across the trunk, no host reaches
   another slice's host);
4. runs traffic: every slice offered twice its quota (UDP, all at once), and prints the delivered
   rate per slice with CV and Jain's index, over ``--runs`` runs, as a statistical summary table;
5. tears everything down and checks that no namespace or process of the run is left.

Writes the JSON report and plots to ``--out`` (default ``mininet-tests/reports/``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

from . import experiments as ex
from .net.names import list_namespaces, processes_mentioning
from .net.topology import scenario_testbed
from .p4rt.install import install_plan
from .paths import PIPECONF_OUT, plan_path, report_dir, scenario_path
from .plan import load_plan
from .report import Report
from .scenario import expected_reachability, load_scenario
from .stats import format_table, summarize


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
    scenario = load_scenario(scenario_path(args.scenario))
    plan = load_plan(plan_path(args.scenario))
    before = set(list_namespaces())
    run_id = None
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
            runs = []
            for _ in range(args.runs):
                run = ex.udp_run(tb, {sid: 2 * q for sid, q in quotas.items()}, seconds=args.seconds, warmup=2.0)
                runs.append(ex.figures({sid: run.delivered_bps(sid) for sid in quotas}, quotas))
            rows = [(f"slice {sid} ({scenario.slice(sid).name}, quota {quotas[sid] / 1e6:g} Mbit/s) delivered Mbit/s",
                     summarize([r.rates[sid] / 1e6 for r in runs])) for sid in sorted(quotas)]
            rows += [("CV of shares (%)", summarize([100 * r.cv for r in runs])),
                     ("Jain's index", summarize([r.jain for r in runs]))]
            print(f"4. traffic: each slice offered 2 x quota (UDP), {args.runs} run(s) of {args.seconds:g} s")
            print(format_table(rows, digits=3))
            report = Report("demo", args.out)
            report.add("scenario", args.scenario)
            report.add("isolation", [{"src": a, "dst": b, "sameSlice": s, "answered": o} for a, b, s, o in matrix])
            report.add("runs", [r.to_dict() for r in runs])
            for label, s in rows:
                report.add(label, s)
            report.plot_fairness("shares", [{f"slice {sid}": r.shares[sid] for sid in quotas} for r in runs])
            path = report.write()
            print(f"   report: {path}")
    left = [n for n in set(list_namespaces()) - before if run_id and n.startswith(run_id)]
    procs = processes_mentioning(workdir)
    print(f"5. teardown: {len(left)} namespace(s) and {len(procs)} process(es) of the run left")
    return 0 if good == len(matrix) and not left and not procs else 1


if __name__ == "__main__":
    raise SystemExit(main())
