"""The acceptance run's figures, measured with the harness's own tools, as the L2 validation suite, the
L3 lab and the benches measure: UDP with iperf3 (:func:`p4slice_harness.net.iperf.run_udp_flows`,
receiver side, warm-up discarded) converted to frame bit/s (:func:`p4slice_harness.experiments.frame_bps`);
CV and Jain's index of a run by the fairness app's own arithmetic (:func:`p4slice_harness.experiments.figures`);
ICMP round trips from a raw socket (:func:`p4slice_harness.net.probe.ping`); summaries by
:mod:`p4slice_harness.stats`. Each function returns :class:`~.report.Row` objects; none knows whether
the switches are bmv2 or Tofino.
"""

from __future__ import annotations

import time
from typing import Dict, List, Sequence, Tuple

from ..errors import HarnessError
from ..experiments import figures, frame_bps, payload_bps
from ..net.iperf import UdpFlow, run_udp_flows
from ..net.probe import ping
from ..net.traffic import Sender, eth_frame
from ..onos.wait import wait_for
from ..report import percentile
from ..stats import summarize
from .hosts import Host
from .isolation import ETH_TEST, marker
from .report import Row
from .slices import Slices
from .testbed import Testbed

COUNTER_SIZES = (64, 128, 512, 1000, 1400)      # frame bytes (no FCS), cycled
SEED = {"one": "99.1 Gbit/s (99.1 %)", "four": "95.3 Gbit/s (95.3 %)", "cv": "< 3 %", "rtt": "0.17–0.185 ms"}


class Traffic:
    """UDP between hosts at frame rates, each flow split over the testbed's streams."""

    def __init__(self, tb: Testbed):
        self.tb = tb
        self.port = 5201

    def run(self, flows: Sequence[Tuple[Host, Host, float]]) -> List[float]:
        """Delivered frame bit/s of each ``(sender, receiver, offered frame bit/s)``, all at once."""
        m, n = self.tb.measure, self.tb.streams
        specs, owner = [], []
        for i, (src, dst, rate) in enumerate(flows):
            per = int(payload_bps(rate / n, self.tb.datagram))
            for k in range(n):
                specs.append(UdpFlow(f"{src.name}->{dst.name}#{k}", src.netns, dst.netns, dst.ip, per, self.tb.datagram,
                                     window="4M"))
                owner.append(i)
        results = run_udp_flows(specs, m["seconds"], port_base=self.port)
        out = [0.0] * len(flows)
        for i, r in zip(owner, results):
            out[i] += frame_bps(r.rate_bps(m["warmupSeconds"]), self.tb.datagram)
        return out


def _mbps(bps: float) -> str:
    return f"{bps / 1e6:.3f} Mbit/s"


def meter_ladder(tb: Testbed, slices: Slices, traffic: Traffic, src: Host, dst: Host) -> List[Row]:
    """One row per rung: a slice at ``rung x line rate``, offered twice its quota (at most the line rate),
    delivered within ± meterTolerance of the quota."""
    tol, rows = tb.thresholds["meterTolerance"], []
    for i, share in enumerate(tb.measure["meterLadder"], start=1):
        quota = int(share * tb.line_rate_bps) // 8 * 8
        offered = min(2 * quota, tb.line_rate_bps)
        rid, label = f"meter.{i}", f"Meter at {share:g} × line rate ({_mbps(quota)})"
        try:
            with slices.made([(f"meter-{i}", quota, (src.port, dst.port))]):
                got = traffic.run([(src, dst, offered)])[0]
        except HarnessError as e:
            rows.append(Row(rid, label, "fail", threshold=f"within ±{tol:.0%} of the quota", detail=str(e)))
            continue
        err = got / quota - 1
        rows.append(Row(rid, label, "pass" if abs(err) <= tol else "fail", round(100 * err, 2), "%",
                        f"within ±{tol:.0%} of the quota",
                        detail=f"offered {_mbps(offered)}, delivered {_mbps(got)} ({got / quota:.3f} × quota)",
                        data={"quotaBps": quota, "offeredBps": offered, "deliveredBps": got}))
    return rows


def throughput_one(tb: Testbed, slices: Slices, traffic: Traffic, src: Host, dst: Host) -> Row:
    """One slice with the largest quota admission allows, offered the line rate, ``runs`` times."""
    mark, label = tb.thresholds["oneSliceLineRate"], "Throughput, one slice"
    quota = slices.max_quota()
    try:
        with slices.made([("one", quota, (src.port, dst.port))]):
            rates = [traffic.run([(src, dst, tb.line_rate_bps)])[0] for _ in range(tb.measure["runs"])]
    except HarnessError as e:
        return Row("throughput.one_slice", label, "fail", threshold=f"≥ {mark:.0%} of line rate", seed=SEED["one"],
                   detail=str(e))
    s = summarize(rates)
    frac = s.mean / tb.line_rate_bps
    return Row("throughput.one_slice", label, "pass" if frac >= mark else "fail", s.mean / 1e6, "Mbit/s",
               f"≥ {mark:.0%} of line rate", SEED["one"],
               f"{frac:.1%} of the line rate over {s.n} run(s) (min {_mbps(s.min)}, max {_mbps(s.max)}); "
               f"quota {_mbps(quota)} (the guard band's share left)",
               {"runsBps": rates, "quotaBps": quota, "lineRateFraction": frac})


def throughput_four(tb: Testbed, slices: Slices, traffic: Traffic, pairs: Sequence[Tuple[Host, Host]]) -> List[Row]:
    """Four slices, one per pair across the trunk, each the quarter admission allows and offered
    ``offerFactor`` x its quota at once, ``runs`` times: aggregate, CV and Jain of the shares."""
    marks = tb.thresholds
    label = "Throughput, four concurrent slices (sum)"
    ids = ("throughput.four_slices", "fairness.cv", "fairness.jain")
    labels = (label, "CV of the slices' shares (worst run)", "Jain's index (worst run)")
    thresholds = (f"≥ {marks['fourSlicesLineRate']:.0%} of line rate", f"≤ {marks['cvMax']:.1%}",
                  f"≥ {marks['jainMin']:g}")
    seeds = (SEED["four"], SEED["cv"], "")
    if len(pairs) < 4:
        why = f"needs four test-port pairs across the trunk, the testbed file has {len(pairs)}"
        return [Row(i, lab, "skipped", threshold=t, seed=sd, detail=why)
                for i, lab, t, sd in zip(ids, labels, thresholds, seeds)]
    quota = slices.max_quota(0.25)
    offered = min(quota * tb.measure["offerFactor"], tb.line_rate_bps)
    try:
        specs = [(f"four-{k}", quota, (a.port, b.port)) for k, (a, b) in enumerate(pairs[:4], start=1)]
        with slices.made(specs) as made:
            runs = []
            for _ in range(tb.measure["runs"]):
                got = traffic.run([(a, b, offered) for a, b in pairs[:4]])
                runs.append(figures({s["id"]: r for s, r in zip(made, got)}, {s["id"]: quota for s in made}))
    except HarnessError as e:
        return [Row(i, lab, "fail", threshold=t, seed=sd, detail=str(e))
                for i, lab, t, sd in zip(ids, labels, thresholds, seeds)]
    sums = [sum(f.rates.values()) for f in runs]
    s = summarize(sums)
    frac = s.mean / tb.line_rate_bps
    data = {"quotaBps": quota, "offeredBps": offered, "runs": [f.to_dict() for f in runs]}
    rows = [Row(ids[0], label, "pass" if frac >= marks["fourSlicesLineRate"] else "fail", s.mean / 1e6, "Mbit/s",
                thresholds[0], seeds[0], f"{frac:.1%} of the line rate over {s.n} run(s); each slice's quota "
                                         f"{_mbps(quota)}, offered {_mbps(offered)}", data)]
    cvs, jains = [f.cv for f in runs], [f.jain for f in runs]
    undefined = [f"run {i}: {f.undefined}" for i, f in enumerate(runs, 1) if f.cv is None or f.jain is None]
    if undefined:
        why = "undefined: " + "; ".join(undefined)
        rows += [Row(ids[1], labels[1], "fail", threshold=thresholds[1], seed=seeds[1], detail=why),
                 Row(ids[2], labels[2], "fail", threshold=thresholds[2], detail=why)]
        return rows
    cv, jain = max(cvs), min(jains)
    rows.append(Row(ids[1], labels[1], "pass" if cv <= marks["cvMax"] else "fail", round(100 * cv, 3), "%",
                    thresholds[1], seeds[1], "per run: " + ", ".join(f"{100 * c:.2f} %" for c in cvs)))
    rows.append(Row(ids[2], labels[2], "pass" if jain >= marks["jainMin"] else "fail", round(jain, 5), "",
                    thresholds[2], "", "per run: " + ", ".join(f"{j:.4f}" for j in jains)))
    return rows


def counters(tb: Testbed, slices: Slices, src: Host, dst: Host) -> List[Row]:
    """``counterFrames`` frames of several sizes from ``src`` to ``dst`` (across the trunk, so each frame is
    counted on both switches): ``GET /slices/{id}/stats`` must move by twice what was sent — packets
    exactly (± counterTolerance), bytes between 2·Σlen + 4 B per frame (the VLAN tag on the trunk) and
    that + 8 B per frame (an agent counting the FCS) — and drop nothing."""
    n, tol = tb.measure["counterFrames"], tb.thresholds["counterTolerance"]
    sizes = [min(COUNTER_SIZES[i % len(COUNTER_SIZES)], tb.mtu + 14) for i in range(n)]
    mark = marker("count")
    frames = [eth_frame(dst.mac, src.mac, ETH_TEST, mark, min_len=size) for size in sizes]
    sent_bytes = sum(len(f) for f in frames)
    thr_p = f"Δrx = Δtx = 2 × sent (± {tol:.0%}), no drop"
    thr_b = f"2·Σlen + 4 B/frame ≤ Δrx ≤ + 12 B/frame (± {tol:.0%})"
    try:
        with slices.made([("counters", slices.max_quota(0.5), (src.port, dst.port))]) as made:
            sid = made[0]["id"]
            time.sleep(2.0)     # a statistics poll after the slice's counters were reset
            before = slices.stats(sid)
            with Sender(src.endpoint) as s:
                s.send(frames, interval=0.002)
            want = 2 * n
            after = wait_for(lambda: slices.stats(sid), lambda st: st["rxPackets"] - before["rxPackets"] >= want
                             and st["txPackets"] - before["txPackets"] >= want, 30,
                             f"slice {sid} counters +{want} packets", interval=1.0)
            time.sleep(2.0)     # anything counted late
            after = slices.stats(sid)
    except HarnessError as e:
        return [Row("counters.packets", "Per-slice packet counters", "fail", threshold=thr_p, detail=str(e)),
                Row("counters.bytes", "Per-slice byte counters", "fail", threshold=thr_b, detail=str(e))]
    d = {k: after[k] - before[k] for k in ("rxPackets", "txPackets", "dropPackets", "rxBytes", "txBytes")}
    want = 2 * n
    ok_p = all(abs(d[k] - want) <= tol * want for k in ("rxPackets", "txPackets")) and d["dropPackets"] == 0
    lo, hi = 2 * sent_bytes + 4 * n, 2 * sent_bytes + 12 * n
    ok_b = all(lo * (1 - tol) <= d[k] <= hi * (1 + tol) for k in ("rxBytes", "txBytes"))
    sent = f"sent {n} frames, {sent_bytes} B"
    extra = d["rxPackets"] - want
    if extra > 0:   # the slice's own hosts or ONOS (ARP, probes) sent in it meanwhile: counted too
        sent += f"; {extra} packet(s) counted beyond them (other frames in the slice, e.g. ARP)"
    return [Row("counters.packets", "Per-slice packet counters", "pass" if ok_p else "fail", d["rxPackets"], "packets",
                thr_p, detail=f"{sent}; Δrx {d['rxPackets']}, Δtx {d['txPackets']}, Δdrop {d['dropPackets']} "
                              f"(expected {want}, {want}, 0)", data=d),
            Row("counters.bytes", "Per-slice byte counters", "pass" if ok_b else "fail", d["rxBytes"], "B", thr_b,
                detail=f"{sent}; Δrx {d['rxBytes']} B, Δtx {d['txBytes']} B (expected {lo}..{hi})", data=d)]


def rtt(tb: Testbed, slices: Slices, here: Host, neighbour: Host, far: Host) -> List[Row]:
    """ICMP round trips from ``here`` to a host on its own switch (one hop) and across the trunk (two
    hops), ``pings`` each; the median per hop against rttPerHopMs."""
    mark, count = tb.thresholds["rttPerHopMs"], tb.measure["pings"]
    thr = f"median ≤ {mark:g} ms per hop"
    out: Dict[str, Tuple[Host, int]] = {"rtt.one_hop": (neighbour, 1), "rtt.two_hops": (far, 2)}
    labels = {"rtt.one_hop": "RTT per hop, one switch", "rtt.two_hops": "RTT per hop, across the trunk"}
    rows = []
    try:
        with slices.made([("rtt", slices.max_quota(0.1), (here.port, neighbour.port, far.port))]):
            for rid, (dst, hops) in out.items():
                wait_for(lambda d=dst: ping(here.netns, d.ip, 1, 0.5).received, lambda k: k > 0, 30,
                         f"{here.name} -> {dst.name} ping answered", interval=0.2)
                r = ping(here.netns, dst.ip, count=count, timeout=1.0, interval=0.01)
                if not r.rtts:
                    raise HarnessError(f"{here.name} -> {dst.name}: none of {count} echo requests answered")
                ms = [1000 * x for x in r.rtts]
                med = percentile(ms, 50) / hops
                s = summarize(ms)
                rows.append(Row(rid, labels[rid], "pass" if med <= mark and r.received == count else "fail",
                                round(med, 4), "ms", thr, SEED["rtt"],
                                f"{here.name} → {dst.name}, {hops} hop(s): {r.received}/{count} answered, RTT median "
                                f"{percentile(ms, 50):.3f} ms, mean {s.mean:.3f} ms, p99 {percentile(ms, 99):.3f} ms",
                                {"rttMs": ms, "hops": hops}))
    except HarnessError as e:
        done = {r.id for r in rows}
        rows += [Row(rid, labels[rid], "fail", threshold=thr, seed=SEED["rtt"], detail=str(e))
                 for rid in out if rid not in done]
    return rows
