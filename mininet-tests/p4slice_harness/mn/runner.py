"""The command line ``python -m p4slice_harness.mn SCENARIO [--plan PLAN] [--pingall] [--cli] ...``
(see the package documentation): checks its input before touching anything, runs the network,
prints the pingall matrix against the slices, and reports anything the teardown left (exit 1).
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from typing import Mapping, Optional, Sequence, Tuple

from ..errors import HarnessError
from ..scenario import expected_reachability
from ..net.bmv2 import LOG_LEVELS
from .leftovers import leftovers, snapshot
from .net import P4C_OUT, P4SliceNet, skip_reason
from .nodes import DEFAULT_CPU_PORT
from .spec import check_plan_devices, topo_spec


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m p4slice_harness.mn",
        description="Run a p4slice scenario in Mininet with bmv2 switches: start, push the pipeline, "
                    "install a plan, optionally ping all pairs / open the CLI, always tear down.")
    ap.add_argument("scenario", help="scenario JSON (mininet-tests/scenarios/)")
    ap.add_argument("--plan", help="plan JSON exported by the plan exporter (tools/run.sh plan-export) to install")
    ap.add_argument("--pingall", action="store_true",
                    help="ping every IPv4 host pair and compare with the slices (exit 1 on a mismatch)")
    ap.add_argument("--cli", action="store_true", help="open the Mininet CLI before tearing down")
    ap.add_argument("--grpc-port-base", type=int, metavar="PORT",
                    help="ONOS lab mode: switches in the root namespace, P4Runtime on TCP PORT, PORT+1, ...; "
                         "no pipeline push, no plan (ONOS programs them)")
    ap.add_argument("--onos", metavar="URL",
                    help="with --grpc-port-base: push the netcfg and create the slices on this ONOS "
                         "(p4slice_harness.onos.driver), e.g. http://127.0.0.1:8181")
    ap.add_argument("--benchmark", action="store_true", help="no bmv2 logging (measurements)")
    ap.add_argument("--log-level", default="info", choices=LOG_LEVELS,
                    help="bmv2 log level written to <workdir>/<switch>.log.txt (default: info)")
    ap.add_argument("--p4c-out", help="directory with p4info.txt and bmv2.json (default: %(default)s)",
                    default=str(P4C_OUT))
    ap.add_argument("--workdir", help="keep sockets/logs here (default: a temporary directory, removed)")
    ap.add_argument("--cpu-port", type=int, default=DEFAULT_CPU_PORT)
    ap.add_argument("--start-timeout", type=float, default=60.0, help="seconds to wait for each switch")
    return ap


def format_pingall(result: Mapping[Tuple[str, str], bool], expected: Mapping[Tuple[str, str], bool]) -> str:
    """A matrix like Mininet's pingall: per source the reachable hosts, ``X`` for none; a mismatch
    with ``expected`` is flagged ``!``."""
    sources = sorted({s for s, _ in expected}, key=_natural)
    lines = []
    for s in sources:
        cells = []
        for (a, b) in sorted((p for p in expected if p[0] == s), key=lambda p: _natural(p[1])):
            got = result.get((a, b))
            mark = b if got else "X"
            cells.append(mark + ("!" if got != expected[(a, b)] else ""))
        lines.append(f"{s} -> " + " ".join(cells))
    bad = sum(1 for p in expected if result.get(p) != expected[p])
    lines.append(f"*** {len(expected) - bad}/{len(expected)} pairs as the slices say"
                 + (f", {bad} mismatch(es) marked !" if bad else ""))
    return "\n".join(lines)


def _natural(name: str):
    import re
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    if args.onos and args.grpc_port_base is None:
        print("mn: error: --onos needs --grpc-port-base (ONOS reaches the switches over TCP)", file=sys.stderr)
        return 2
    if args.grpc_port_base is not None and args.plan:
        print("mn: error: --plan and --grpc-port-base exclude each other (ONOS writes the entries)", file=sys.stderr)
        return 2
    from ..plan import load_plan
    from ..scenario import load_scenario

    p4info, bmv2_json = Path(args.p4c_out) / "p4info.txt", Path(args.p4c_out) / "bmv2.json"
    try:
        scenario = load_scenario(args.scenario)
        plan = load_plan(args.plan) if args.plan else None
        if plan is not None:
            check_plan_devices(plan.devices, scenario)
        topo_spec(scenario)
    except HarnessError as e:
        print(f"mn: error: {e}", file=sys.stderr)
        return 2
    reason = skip_reason(p4info, bmv2_json)
    if reason:
        print(f"mn: cannot run here: {reason}", file=sys.stderr)
        return 2

    from mininet.log import setLogLevel
    setLogLevel("info" if args.cli else "warning")

    def on_term(signum, frame):  # turn SIGTERM/SIGHUP into an exception: the teardown below runs
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, on_term)

    before = snapshot()
    rc = 0
    net = P4SliceNet(scenario, p4info, bmv2_json, workdir=args.workdir, log_level=args.log_level,
                     benchmark=args.benchmark, cpu_port=args.cpu_port, start_timeout=args.start_timeout,
                     grpc_port_base=args.grpc_port_base)
    try:
        with net:
            print(f"*** workdir {net.workdir}")
            for s in net.spec.switches:
                sw = net.net.get(s.name)
                log = f", log {sw.bmv2.log_path}" if net.log_level else ", no log (benchmark)"
                print(f"*** {s.name} ({s.onos_id}, device id {s.device_id}): P4Runtime {sw.grpc_address}{log}, "
                      f"ports {sw.port_map()}")
            for h in net.spec.hosts:
                print(f"*** {h.name} {h.ip or '-'} {h.mac} on {h.switch} port {h.port}")
            if args.onos:   # the same netcfg builder as the L3 suite (onos.netcfg), then the slices
                from ..onos.driver import deploy
                from ..onos.rest import OnosRest
                deploy(OnosRest(args.onos), scenario, {s.onos_id: net.net.get(s.name).grpc_address
                                                       for s in net.spec.switches}, out=lambda m: print("*** ONOS: " + m),
                       operators=["onos"])  # ONOS's default user, named so that the GUI shows it p4slice's view
            if plan is not None:
                r = net.install_plan(plan)
                print(f"*** plan {args.plan}: {r.entries} entries, {r.meters} meter cells, {r.groups} groups")
            if args.pingall:
                expected = expected_reachability(scenario)
                result = net.pingall()
                print(format_pingall(result, expected))
                if plan is not None and any(result[p] != expected[p] for p in expected):
                    rc = 1
            if args.cli:
                from mininet.cli import CLI
                CLI(net.net)
    except HarnessError as e:
        print(f"mn: error: {e}", file=sys.stderr)
        rc = rc or 1
    except Exception as e:  # Mininet raises plain Exceptions; the network is torn down already
        print(f"mn: error: {type(e).__name__}: {e}", file=sys.stderr)
        rc = rc or 1
    except KeyboardInterrupt:  # torn down by the with statement; still check below
        print("mn: interrupted", file=sys.stderr)
        rc = 130
    except SystemExit as e:  # SIGTERM/SIGHUP (on_term)
        print(f"mn: terminated (exit {e.code})", file=sys.stderr)
        rc = e.code if isinstance(e.code, int) else 1
    left = leftovers(before, snapshot())
    if left:
        print(f"mn: teardown left {', '.join(left)}", file=sys.stderr)
        return rc or 1
    print("*** teardown complete: no namespaces, root-namespace links or processes left")
    return rc
