"""The demo's traffic step, shared by ``make demo``, ``make bench-busy`` and the bmv2 test beside a
CPU load: every slice of the running scenario offered ``overload`` × its quota (UDP, all at once).

Per run (:class:`TrafficRun`): what each slice's receiver got after the warm-up (frame bit/s, the
unit of the quota), the fairness figures by the app's arithmetic (an undefined one is None with
the app's reason), how many frames the slice's ingress switch never counted (sent by iperf3 minus
the slice's rx counter: frames the switch did not read off its port in time; iperf3's own
control packets are counted too, so this is a lower bound) and how busy the machine was meanwhile
(load average; CPU busy and *nice* share from ``/proc/stat``: the nice share is the CPU that
low-priority jobs got). :func:`summary_rows` makes the statistical table, :func:`verdict` the
failure messages; nothing here raises because a run delivered nothing.
"""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from . import experiments as ex
from .net.topology import COUNTERS, ScenarioTestbed
from .stats import Summary, summarize

TOLERANCE = 0.05      # each slice's median delivered rate within ±5 % of its quota
MIN_JAIN = 0.99       # median Jain's index of the runs


def cpu_times() -> List[int]:
    """The machine's ``cpu`` line of /proc/stat: user, nice, system, idle, iowait, irq, softirq, steal."""
    with open("/proc/stat") as f:
        return [int(x) for x in f.readline().split()[1:9]]


def cpu_shares(before: Sequence[int], after: Sequence[int]) -> Dict[str, float]:
    """Fractions of the CPU time between two :func:`cpu_times`: busy (not idle or iowait), nice."""
    d = [b - a for a, b in zip(before, after)]
    total = sum(d) or 1
    return {"busy": 1 - (d[3] + d[4]) / total, "nice": d[1] / total}


@dataclass
class TrafficRun:
    figures: ex.FairnessFigures       # delivered rates, shares, CV / Jain (None + why when undefined)
    sent: Dict[int, int]              # datagrams sent per slice (iperf3)
    counted: Dict[int, int]           # frames counted by the slice's ingress switch meanwhile
    machine: Dict[str, float]         # load1 at the start, busy and nice CPU fractions during the run

    def uncounted(self) -> float:
        """Fraction of the sent frames the ingress switches never counted (lower bound, ≥ 0)."""
        sent = sum(self.sent.values())
        return max(0, sent - sum(self.counted.values())) / sent if sent else 0.0

    def to_dict(self) -> dict:
        return {**self.figures.to_dict(), "sent": {str(k): v for k, v in self.sent.items()},
                "countedAtIngress": {str(k): v for k, v in self.counted.items()},
                "uncountedFraction": self.uncounted(), "machine": dict(self.machine)}


def _ingress_counts(tb: ScenarioTestbed, ingress: Mapping[int, str]) -> Dict[int, int]:
    out = {}
    for device in set(ingress.values()):
        ids = sorted(sid for sid, d in ingress.items() if d == device)
        cells = tb.clients[device].read_counter_cells(COUNTERS["rx"], ids)
        out.update({sid: cells.get(sid, (0, 0))[0] for sid in ids})
    return out


def run_traffic(tb: ScenarioTestbed, runs: int = 3, seconds: float = 6.0, warmup: float = 2.0,
                overload: float = 2.0, on_run: Optional[Callable[[int, TrafficRun], None]] = None) -> List[TrafficRun]:
    """``runs`` runs of every slice offered ``overload`` × quota at once for ``seconds``."""
    quotas = {s.id: s.quota_bps for s in tb.scenario.slices}
    ingress = {sid: tb.scenario.host(src).device for sid, src, _ in ex.slice_pairs(tb)}
    out = []
    for i in range(runs):
        load1, c0, n0 = os.getloadavg()[0], cpu_times(), _ingress_counts(tb, ingress)
        run = ex.udp_run(tb, {sid: overload * q for sid, q in quotas.items()}, seconds=seconds, warmup=warmup)
        n1, c1 = _ingress_counts(tb, ingress), cpu_times()
        tr = TrafficRun(ex.figures({sid: run.delivered_bps(sid) for sid in quotas}, quotas),
                        {sid: run.flows[sid].sent_packets for sid in quotas},
                        {sid: n1[sid] - n0[sid] for sid in quotas}, {"load1": load1, **cpu_shares(c0, c1)})
        out.append(tr)
        if on_run is not None:
            on_run(i, tr)
    return out


def summary_rows(scenario, runs: Sequence[TrafficRun]) -> Tuple[List[Tuple[str, Summary]], List[str]]:
    """Rows for :func:`~p4slice_harness.stats.format_table` and notes on the figures left out."""
    rows, notes = [], []
    for s in sorted(scenario.slices, key=lambda s: s.id):
        rows.append((f"slice {s.id} ({s.name}, quota {s.quota_bps / 1e6:g} Mbit/s) delivered Mbit/s",
                     summarize([r.figures.rates[s.id] / 1e6 for r in runs])))
    for label, figure, scale in (("CV of shares (%)", "cv", 100.0), ("Jain's index", "jain", 1.0)):
        values, why = ex.defined([r.figures for r in runs], figure)
        if values:
            rows.append((label if not why else f"{label} [{len(values)} of {len(runs)} runs]",
                         summarize([scale * v for v in values])))
        if why:
            notes.append(f"{label.split(' (')[0]} undefined in {len(why)} of {len(runs)} run(s): " + "; ".join(why))
    rows.append(("frames the ingress switch never counted (%)", summarize([100 * r.uncounted() for r in runs])))
    rows.append(("machine CPU busy (%)", summarize([100 * r.machine["busy"] for r in runs])))
    rows.append(("  of which nice'd jobs (%)", summarize([100 * r.machine["nice"] for r in runs])))
    return rows, notes


def verdict(runs: Sequence[TrafficRun], quotas: Mapping[int, float], tolerance: float = TOLERANCE,
            min_jain: float = MIN_JAIN) -> List[str]:
    """What is wrong with the runs, one message per problem (empty: they pass): each slice's median
    delivered rate within ±``tolerance`` of its quota, the median Jain's index ≥ ``min_jain``."""
    problems = []
    for sid in sorted(quotas):
        med = statistics.median(r.figures.rates[sid] for r in runs)
        dev = med / quotas[sid] - 1
        if abs(dev) > tolerance:
            problems.append(f"slice {sid}: median delivered {med / 1e6:.3f} Mbit/s over {len(runs)} run(s) is "
                            f"{abs(dev):.1%} {'below' if dev < 0 else 'above'} its quota of "
                            f"{quotas[sid] / 1e6:g} Mbit/s (allowed ±{tolerance:.0%})")
    jains, why = ex.defined([r.figures for r in runs], "jain")
    if not jains:
        problems.append(f"Jain's index undefined in every run ({'; '.join(why)})")
    elif statistics.median(jains) < min_jain:
        problems.append(f"median Jain's index {statistics.median(jains):.4f} < {min_jain}")
    uncounted = statistics.median(r.uncounted() for r in runs)
    if problems and uncounted > 0.01:
        problems.append(f"the ingress switches never counted {uncounted:.1%} of the frames sent (median): the "
                        f"switches did not get the CPU to read their ports (machine busy "
                        f"{statistics.median(r.machine['busy'] for r in runs):.0%}, nice'd jobs "
                        f"{statistics.median(r.machine['nice'] for r in runs):.0%}, load "
                        f"{statistics.median(r.machine['load1'] for r in runs):.1f})")
    return problems

