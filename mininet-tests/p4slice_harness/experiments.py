"""The testbed's measurements on a running scenario: loss-free rate, meter accuracy, fairness,
latency — each returning plain data for :mod:`p4slice_harness.report` and the L2 assertions.

Units. iperf3 reports UDP *payload*; the switches meter and count *frames* (bmv2 counts a packet's
ingress length: Ethernet + IPv4 + UDP headers + payload, no FCS). Every rate here is converted to
frame bits per second at the host's access port, ``payload × (length + 42) / length``, the unit
in which a slice's quota is enforced.

Counters. :class:`CounterSampler` reads a switch's per-slice rx/drop/tx counters over P4Runtime
(one read per counter per period, all cells at once — as the fairness app's collector does) into
the sample format of the fairness app's ``FairnessReplay``; :func:`app_fairness` runs that entry
point (the app's own arithmetic) over the samples.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from . import java_tools
from .bench.calibrate import LossFreeRate, find_loss_free_rate
from .errors import HarnessError
from .fairness_math import figures as fairness_math_figures
from .net.iperf import FlowResult, UdpFlow, run_udp_flows
from .net.topology import COUNTERS, ScenarioTestbed
from .p4rt.encoding import mac_to_int
from .paths import BASELINE_OUT
from .plan import Plan

UDP_IP_ETH_OVERHEAD = 42          # Ethernet 14 + IPv4 20 + UDP 8 bytes around an iperf3 datagram
DATAGRAM = 1400                   # iperf3 UDP payload per datagram
UNLIMITED = {"cir": 125_000_000, "cburst": 1_000_000, "pir": 125_000_000, "pburst": 1_000_000}


def frame_bps(payload_bps: float, length: int = DATAGRAM) -> float:
    """Frame bit rate at an access port of a UDP payload rate of ``length``-byte datagrams."""
    return payload_bps * (length + UDP_IP_ETH_OVERHEAD) / length


def payload_bps(frame_rate_bps: float, length: int = DATAGRAM) -> float:
    """Inverse of :func:`frame_bps`: the iperf3 ``-b`` giving that frame rate."""
    return frame_rate_bps * length / (length + UDP_IP_ETH_OVERHEAD)


# ----------------------------------------------------------------------------------------------
# Slices, meters, flows
# ----------------------------------------------------------------------------------------------
def slice_pairs(tb: ScenarioTestbed) -> List[Tuple[int, str, str]]:
    """(slice id, sender, receiver): each slice's first two hosts, in slice order."""
    out = []
    for s in tb.scenario.slices:
        hosts = tb.scenario.slice_hosts(s.id)
        if len(hosts) < 2:
            raise HarnessError(f"slice {s.id} has fewer than two hosts in the scenario")
        out.append((s.id, hosts[0].name, hosts[1].name))
    return out


def write_meters(tb: ScenarioTestbed, plan: Plan, unlimited: bool = False) -> None:
    """Write every meter cell of the plan again: its own config, or 1 Gbit/s (``unlimited``)."""
    for m in plan.meters:
        cfg = UNLIMITED if unlimited else {"cir": m.cir, "cburst": m.cburst, "pir": m.pir, "pburst": m.pburst}
        tb.clients[m.device].write_meter(m.meter, m.index, **cfg)


def udp_flows(tb: ScenarioTestbed, frame_rates: Mapping[int, float]) -> List[UdpFlow]:
    """One paced UDP flow per slice in ``frame_rates`` ({slice id: frame bit/s}), sender -> receiver."""
    flows = []
    for sid, src, dst in slice_pairs(tb):
        if sid in frame_rates:
            flows.append(UdpFlow(f"slice{sid}", tb.hosts[src], tb.hosts[dst], tb.scenario.host(dst).address,
                                 int(payload_bps(frame_rates[sid])), DATAGRAM))
    return flows


class CounterSampler:
    """Background reads of one switch's slice counters every ``period`` seconds (context manager).

    Each sample reads the slices' cells of the three counters (one ReadRequest per counter). The
    fairness app reads whole counters (every cell) instead; on bmv2 sharing two cores with the
    traffic generators, reading 3 x 4096 cells every second delays packets enough to make the
    measurement disturb what it measures, so the harness asks only for the cells it needs."""

    def __init__(self, tb: ScenarioTestbed, device: str, slice_ids: Sequence[int], quotas: Mapping[int, int],
                 period: float = 1.0):
        self.client = tb.clients[device]
        self.slice_ids = list(slice_ids)
        self.quotas = dict(quotas)
        self.period = period
        self.samples: List[dict] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=f"counters-{device}", daemon=True)
        self._t0 = 0.0
        self.error: Optional[BaseException] = None

    def _sample(self) -> dict:
        t = time.monotonic() - self._t0
        cells = {k: self.client.read_counter_cells(name, self.slice_ids) for k, name in COUNTERS.items()}
        slices = {}
        for sid in self.slice_ids:
            s = {}
            for kind in ("rx", "tx", "drop"):
                packets, nbytes = cells[kind].get(sid, (0, 0))
                s[f"{kind}Packets"], s[f"{kind}Bytes"] = packets, nbytes
            slices[str(sid)] = s
        sample = {"t": round(t, 6), "slices": slices}
        if not self.samples:
            sample["quotas"] = {str(k): v for k, v in self.quotas.items()}
        return sample

    def _loop(self) -> None:
        next_at = time.monotonic()
        try:
            while not self._stop.is_set():
                self.samples.append(self._sample())
                next_at += self.period
                self._stop.wait(max(0.0, next_at - time.monotonic()))
        except BaseException as e:  # reported by stop()
            self.error = e

    def __enter__(self):
        self._t0 = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join(timeout=10)
        if self.error is not None and exc[0] is None:
            raise HarnessError(f"counter sampling failed: {self.error}")
        return False


@dataclass
class UdpRun:
    """One concurrent UDP run: per-slice receiver results, and the counter samples taken meanwhile."""
    flows: Dict[int, FlowResult]
    samples: List[dict]
    warmup: float
    seconds: float

    def delivered_bps(self, sid: int) -> float:
        """Frame bit/s delivered to the slice's receiver after the warm-up."""
        return frame_bps(self.flows[sid].rate_bps(self.warmup))

    def loss(self) -> float:
        sent = sum(f.sent_packets for f in self.flows.values())
        lost = sum(f.lost_packets for f in self.flows.values())
        return lost / sent if sent else 0.0


def udp_run(tb: ScenarioTestbed, frame_rates: Mapping[int, float], seconds: float = 8.0, warmup: float = 2.0,
            sample_device: Optional[str] = None, period: float = 1.0) -> UdpRun:
    """All flows of ``frame_rates`` at once for ``seconds``; counters of ``sample_device`` sampled."""
    flows = udp_flows(tb, frame_rates)
    quotas = {s.id: s.quota_bps for s in tb.scenario.slices if s.id in frame_rates}
    if sample_device is None:
        results = run_udp_flows(flows, seconds)
        samples = []
    else:
        with CounterSampler(tb, sample_device, sorted(frame_rates), quotas, period) as sampler:
            results = run_udp_flows(flows, seconds)
        samples = sampler.samples
    return UdpRun({int(r.name[len("slice"):]): r for r in results}, samples, warmup, seconds)


# ----------------------------------------------------------------------------------------------
# Calibration: this machine's loss-free rate through a pipeline
# ----------------------------------------------------------------------------------------------
def loss_free_rate(tb: ScenarioTestbed, lo_bps: float, hi_bps: float, seconds: float = 4.0,
                   max_loss: float = 0.005, rel_tol: float = 0.1, max_steps: int = 8,
                   drain: float = 2.0, tries: int = 1) -> LossFreeRate:
    """Highest total frame rate, spread evenly over the scenario's slices' flows, that the switches
    carry with loss ≤ ``max_loss`` (receiver-side, iperf3). Meters must not limit (see write_meters).
    ``tries`` > 1: a probe is the lowest loss of up to that many runs (a machine shared with other
    work stalls the switches now and then, losing frames at any rate)."""
    pairs = slice_pairs(tb)

    def measure(total_bps: float) -> float:
        best = 1.0
        for _ in range(tries):
            time.sleep(drain)  # let the previous (possibly overloading) probe drain out of the switches
            run = udp_run(tb, {sid: total_bps / len(pairs) for sid, _, _ in pairs}, seconds=seconds, warmup=0.0)
            best = min(best, run.loss())
            if best <= max_loss:
                break
        return best

    return find_loss_free_rate(measure, lo_bps, hi_bps, max_loss=max_loss, rel_tol=rel_tol, max_steps=max_steps,
                               from_below=True)


# ----------------------------------------------------------------------------------------------
# Fairness figures, harness side and app side
# ----------------------------------------------------------------------------------------------
@dataclass
class FairnessFigures:
    rates: Dict[int, float]            # delivered frame bit/s per slice
    shares: Dict[int, float]           # rate / quota
    cv: float
    jain: float
    max_deviation: float               # max |share - 1|

    def to_dict(self) -> dict:
        return {"rates": {str(k): v for k, v in self.rates.items()},
                "shares": {str(k): v for k, v in self.shares.items()},
                "cv": self.cv, "jain": self.jain, "maxDeviation": self.max_deviation}


def figures(rates: Mapping[int, float], quotas: Mapping[int, float]) -> FairnessFigures:
    shares = {sid: rates[sid] / quotas[sid] for sid in rates}
    f = fairness_math_figures(shares.values())
    return FairnessFigures(dict(rates), shares, f.defined("cv"), f.defined("jain"), f.defined("max_deviation"))


def app_fairness(samples: Sequence[dict], window: int) -> dict:
    """The fairness app's report (GET /fairness JSON) for the samples, by its own arithmetic."""
    return json.loads(java_tools.output(java_tools.FAIRNESS_REPLAY, ["--window", str(window), "-"], HarnessError,
                                        stdin=json.dumps(samples)))


def measured_window(samples: Sequence[dict], warmup: float, seconds: float) -> List[dict]:
    """The samples inside [warmup, seconds] (the measured part of a run), quotas kept on the first."""
    inside = [dict(s) for s in samples if warmup - 0.05 <= s["t"] <= seconds + 0.05]
    if len(inside) < 2:
        raise HarnessError(f"only {len(inside)} counter sample(s) in [{warmup}, {seconds}] s")
    inside[0]["quotas"] = samples[0]["quotas"]
    for s in inside[1:]:
        s.pop("quotas", None)
    return inside


# ----------------------------------------------------------------------------------------------
# Latency
# ----------------------------------------------------------------------------------------------
def rtts(tb: ScenarioTestbed, pairs: Sequence[Tuple[str, str]], count: int = 50, interval: float = 0.01) -> List[float]:
    """ICMP echo round-trip times (seconds) for each (src, dst) host pair, ``count`` each, all answered."""
    out = []
    for src, dst in pairs:
        r = tb.ping(src, dst, count=count, interval=interval, timeout=1.0)
        if r.received != count:
            raise HarnessError(f"{src} -> {dst}: {r.received}/{count} echo requests answered")
        out += r.rtts
    return out


# ----------------------------------------------------------------------------------------------
# The plain-forwarding reference (p4src/baseline/plain_forward.p4)
# ----------------------------------------------------------------------------------------------
BASELINE_P4INFO = BASELINE_OUT / "p4info.txt"
BASELINE_JSON = BASELINE_OUT / "bmv2.json"


def baseline_entries(tb: ScenarioTestbed) -> int:
    """Plain forwarding of every scenario host's MAC on every switch: its own port on its switch, the
    direct link towards its switch elsewhere. Returns the number of entries written."""
    n = 0
    for d in tb.scenario.devices:
        links = tb.scenario.link_ports(d.id)
        for h in tb.scenario.hosts:
            if h.device == d.id:
                port = h.port
            else:
                towards = [p for p, far in links.items() if far.device == h.device]
                if not towards:
                    raise HarnessError(f"baseline: no direct link from {d.name} towards {h.name}'s switch")
                port = towards[0]
            tb.clients[d.id].insert_table_entry("PlainIngress.l2_forward", {"eth_dst": mac_to_int(h.mac)},
                                                "PlainIngress.set_egress_port", {"port": port})
            n += 1
    return n
