"""``make bench``: p4slice against ONOS 2.7's ``basic.p4`` and plain forwarding on the same bmv2.

Every round runs every program (:mod:`p4slice_harness.bench.programs`), in an order that rotates
from round to round, each on a fresh switch with h1 on port 1 and h2 on port 2, and measures:

- TCP: one iperf3 stream h1 -> h2 (receiver's payload bit/s, first second omitted);
- loss-free UDP rate, 1400 B and 64 B frames: the highest frame rate h1 -> h2 with loss ≤ 0.5 %
  (:func:`~p4slice_harness.bench.calibrate.find_loss_free_rate` from below; a probe is the better of two
  3 s runs, 4 MB socket buffers; later rounds start near the program's earlier result);
- RTT: ICMP echo h1 -> h2 (median of the round's echoes).

Medians over the rounds and ratios taken from them (TCP against ``basic``; UDP and RTT against
``plain``) go to ``reports/bench.json`` and ``reports/bench-medians.png``. On a shared machine the
absolute figures move with the load; the ratios, measured side by side, are the result.

    python -m p4slice_harness.bench.dataplane [--rounds 3] [--ref main] [--out reports/]
    P4S_ONOS_SRC=/opt/onos-src  (ONOS 2.7 source tree: basic.p4 row; skipped with the reason if absent)
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

from ..errors import HarnessError
from ..net.iperf import UdpFlow, run_tcp, run_udp_flows
from ..net.topology import scenario_testbed
from ..paths import report_dir
from ..report import Report
from .calibrate import CalibrationError, find_loss_free_rate
from .programs import DEVICE, Program, bench_scenario, programs

UDP_IP_ETH = 42                       # Ethernet + IPv4 + UDP headers around the payload
MAX_LOSS = 0.005
SOCKET_BUFFER = "4M"                  # iperf3 -w: a receiver descheduled for a while loses nothing
METRICS = {"tcp_bps": "TCP (Mbit/s)", "udp1400_bps": "loss-free UDP 1400 B (Mbit/s)",
           "udp64_bps": "loss-free UDP 64 B (Mbit/s)", "rtt_ms": "RTT (ms)"}
TARGETS = {"tcp_bps": ("basic", ">=", 1.0), "udp1400_bps": ("plain", ">=", 0.9),
           "udp64_bps": ("plain", ">=", 0.9), "rtt_ms": ("plain", "<=", 1.1)}


def udp_loss(tb, frame: int, frame_bps: float, seconds: float, drain: float = 1.0, tries: int = 2,
             max_loss: float = MAX_LOSS) -> float:
    """Loss fraction of one paced UDP flow h1 -> h2 of ``frame``-byte frames at ``frame_bps``: the
    lowest of up to ``tries`` probes (one stall of a machine shared with other work loses frames
    at any rate; a rate the switch carries is carried in at least one of two probes)."""
    payload = frame - UDP_IP_ETH
    flow = UdpFlow(f"udp{frame}", tb.hosts["h1"], tb.hosts["h2"], tb.scenario.host("h2").address,
                   int(frame_bps * payload / frame), payload, window=SOCKET_BUFFER)
    best = 1.0
    for _ in range(tries):
        time.sleep(drain)
        r = run_udp_flows([flow], seconds)[0]
        best = min(best, r.lost_packets / r.sent_packets if r.sent_packets else 1.0)
        if best <= max_loss:
            break
    return best


def loss_free(tb, frame: int, seconds: float, previous: Optional[float]) -> dict:
    """Loss-free rate from below; a lossy start is retried once 4 times lower (a stall of the loaded
    machine), then reported as rate 0 with its probes."""
    lo = 0.7 * previous if previous else (10e6 if frame >= 1000 else 1e6)
    for attempt in (lo, lo / 4):
        try:
            found = find_loss_free_rate(lambda bps: udp_loss(tb, frame, bps, seconds), attempt, 400 * lo,
                                        max_loss=MAX_LOSS, rel_tol=0.05, max_steps=9, from_below=True)
            break
        except CalibrationError as e:
            failure = str(e)
    else:
        return {"bps": 0.0, "pps": 0.0, "rel_gap": None, "probes": [], "error": failure}
    return {"bps": found.rate_bps, "pps": found.rate_bps / (8 * frame), "rel_gap": found.rel_gap,
            "probes": [list(p) for p in found.probes]}


def measure(prog: Program, workdir: Path, args, previous: Dict[str, float]) -> dict:
    """One program, one round: fresh switch, entries, the four measurements."""
    with scenario_testbed(bench_scenario(), prog.p4info, prog.bmv2_json, workdir) as tb:
        written = prog.install(tb.clients[DEVICE])
        h1, h2, ip = tb.hosts["h1"], tb.hosts["h2"], tb.scenario.host("h2").address
        warm = tb.ping("h1", "h2", count=3, timeout=2.0)
        if warm.received == 0:
            raise HarnessError(f"{prog.label}: h1 cannot reach h2")
        out = {"entities": written}
        if "tcp" in args.only:
            out["tcp_bps"] = run_tcp(h1, h2, ip, args.tcp_seconds)
        for frame in (1400, 64):
            if f"udp{frame}" in args.only:
                lf = loss_free(tb, frame, args.udp_seconds, previous.get(f"udp{frame}_bps"))
                out[f"udp{frame}_bps"], out[f"udp{frame}"] = lf["bps"], lf
        if "rtt" in args.only:
            pings = tb.ping("h1", "h2", count=args.pings, timeout=1.0, interval=0.01)
            out["rtt_ms"] = 1e3 * statistics.median(pings.rtts)
            out["rtt_answered"] = pings.received
        if not tb.alive():
            raise HarnessError(f"{prog.label}: simple_switch_grpc died during the round")
        return out


def ratios(medians: Dict[str, Dict[str, float]]) -> Dict[str, Dict[str, float]]:
    out = {}
    for label, m in medians.items():
        r = {}
        for metric in TARGETS:
            if metric not in m:
                continue
            for against in ("plain", "basic"):
                if against in medians and against != label and medians[against].get(metric, 0) > 0:
                    r[f"{metric}/{against}"] = m[metric] / medians[against][metric]
        out[label] = r
    return out


def paired_ratios(runs: Dict[str, List[dict]]) -> Dict[str, Dict[str, float]]:
    """Median over the rounds of the ratio measured *within* each round (the programs of one round
    ran minutes apart, under about the same load): steadier than a ratio of medians when the
    machine's load drifts."""
    out = {}
    for label, rs in runs.items():
        r = {}
        for metric in METRICS:
            for against in ("plain", "basic"):
                if against in runs and against != label and rs and metric in rs[0]:
                    ref = runs[against]
                    vals = [a[metric] / b[metric] for a, b in zip(rs, ref) if b[metric] > 0]
                    if vals:
                        r[f"{metric}/{against}"] = statistics.median(vals)
        out[label] = r
    return out


def targets(rat: Dict[str, float]) -> Dict[str, dict]:
    out = {}
    for metric, (ref, op, goal) in TARGETS.items():
        got = rat.get(f"{metric}/{ref}")
        ok = None if got is None else (got >= goal if op == ">=" else got <= goal)
        out[metric] = {"ratio": got, "against": ref, "target": f"{op} {goal}", "met": ok}
    return out


def table(medians, rat) -> str:
    labels = list(medians)
    metrics = [m for m in METRICS if m in medians[labels[0]]]
    lines = ["| program | " + " | ".join(METRICS[m] for m in metrics) + " |", "|---|" + "---|" * len(metrics)]
    for label in labels:
        cells = []
        for metric in metrics:
            v = medians[label][metric]
            v = v / 1e6 if metric.endswith("_bps") else v
            ref = TARGETS[metric][0]
            r = rat[label].get(f"{metric}/{ref}")
            cells.append(f"{v:.3f}" + (f" ({r:.2f}× {ref})" if r is not None else ""))
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(rep: Report, runs: Dict[str, List[dict]], medians) -> None:
    from ..report import _new_figure
    fig = _new_figure(11, 3.6)
    labels = list(medians)
    metrics = [m for m in METRICS if m in medians[labels[0]]]
    for i, metric in enumerate(metrics):
        title = METRICS[metric]
        ax = fig.add_subplot(1, len(metrics), i + 1)
        scale = 1e-6 if metric.endswith("_bps") else 1.0
        ax.bar(range(len(labels)), [medians[lb][metric] * scale for lb in labels], color="#9ecae1")
        for j, lb in enumerate(labels):
            ys = [r[metric] * scale for r in runs[lb]]
            ax.plot([j] * len(ys), ys, "k.", markersize=4)
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=8)
        ax.set_title(title, fontsize=9)
    fig.suptitle("bmv2 data plane: medians (bars) and rounds (dots)", fontsize=10)
    path = rep._plot_path("medians")
    rep._save(fig, "medians", path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.bench.dataplane", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--ref", action="append", default=[], help="also bench p4slice as committed at this git rev")
    ap.add_argument("--tcp-seconds", type=float, default=8.0)
    ap.add_argument("--udp-seconds", type=float, default=3.0, help="length of one loss-rate probe")
    ap.add_argument("--pings", type=int, default=100)
    ap.add_argument("--only", type=lambda v: v.split(","), default=["tcp", "udp1400", "udp64", "rtt"],
                    help="measurements, comma-separated: tcp,udp1400,udp64,rtt (default all)")
    ap.add_argument("--out", default=str(report_dir()))
    ap.add_argument("--name", default="bench")
    args = ap.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))   # leave through the testbeds' cleanup
    if os.geteuid() != 0:
        print("bench: needs root (network namespaces, simple_switch_grpc)", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="p4s-bench-"))
    progs = programs(work, args.ref, os.environ.get("P4S_ONOS_SRC"))
    skipped = {p.label: p.skipped for p in progs if p.skipped}
    for label, why in skipped.items():
        print(f"bench: {label} row skipped: {why}")
    progs = [p for p in progs if not p.skipped]
    runs: Dict[str, List[dict]] = {p.label: [] for p in progs}
    order_log = []
    for rnd in range(args.rounds):
        order = progs[rnd % len(progs):] + progs[:rnd % len(progs)]
        order_log.append([p.label for p in order])
        for p in order:
            prev = {m: statistics.median(r[m] for r in runs[p.label]) for m in ("udp1400_bps", "udp64_bps")
                    if runs[p.label] and m in runs[p.label][0]}
            t0 = time.monotonic()
            res = measure(p, work / f"r{rnd}-{progs.index(p)}", args, prev)
            res["load_average"] = os.getloadavg()
            runs[p.label].append(res)
            figs = ", ".join(f"{METRICS[m]} {res[m] / 1e6 if m.endswith('_bps') else res[m]:.3f}"
                             for m in METRICS if m in res)
            print(f"round {rnd + 1}/{args.rounds} {p.label}: {figs} ({time.monotonic() - t0:.0f} s, "
                  f"load {res['load_average'][0]:.2f})", flush=True)
    medians = {lb: {m: statistics.median(r[m] for r in rs) for m in METRICS if m in rs[0]} for lb, rs in runs.items()}
    rat = ratios(medians)
    rep = Report(args.name, args.out)
    rep.add("rounds", args.rounds)
    rep.add("order", order_log)
    rep.add("skipped", skipped)
    rep.add("runs", runs)
    rep.add("medians", medians)
    rep.add("ratios", rat)
    paired = paired_ratios(runs)
    rep.add("paired_ratios", paired)
    rep.add("targets", {lb: targets(rat[lb]) for lb in medians if lb.startswith("p4slice")})
    rep.add("targets_paired", {lb: targets(paired[lb]) for lb in medians if lb.startswith("p4slice")})
    rep.add("settings", {"tcp_seconds": args.tcp_seconds, "udp_probe_seconds": args.udp_seconds,
                         "max_loss": MAX_LOSS, "probe_tries": 2, "pings": args.pings})
    plot(rep, runs, medians)
    path = rep.write()
    print("\n" + table(medians, rat))
    print("\nmedian of the within-round ratios:")
    for lb, r in paired.items():
        print(f"  {lb}: " + ", ".join(f"{k} {v:.2f}" for k, v in sorted(r.items())))
    print(f"\nreport: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
