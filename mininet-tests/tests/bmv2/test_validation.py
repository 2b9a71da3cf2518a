"""L2 validation suite: the testbed's criteria measured on bmv2 with the entries ONOS would write.

Scenario ``two-switch-equal-quotas`` (two switches, a trunk, eight hosts, four slices of 3 Mbit/s
each joining hN on s1 with hN+4 on s2), plan ``scenarios/plans/two-switch-equal-quotas.onos.plan.json``.
In file order (one bmv2 testbed per module, reports in ``$P4S_REPORT_DIR``, default
``mininet-tests/reports/``):

1. calibration — this machine's loss-free rate through the p4slice pipeline (meters opened up),
   and through a plain forwarding program on the same bmv2 (``p4src/baseline``): the throughput
   overhead as a ratio; the precondition of the meter and fairness experiments (the load they
   offer, 2 × Σ quotas, is within the loss-free rate, so the meters and not the CPU limit them);
2. latency — ICMP round trips across both switches, p4slice vs plain forwarding (ratio, CDF plot);
3. meter accuracy — one slice offered 2 × its quota delivers its quota ± 5 %;
4. fairness — four slices each offered 2 × quota at once, ten runs: per-slice delivered rate,
   CV and Jain per run (mean, SD, 95 % CI); the same figures computed by the fairness app's own
   arithmetic (``FairnessReplay``) from s1's counters read over P4Runtime agree within 1 %; the
   transit switch s2 meters nothing (the slices were metered where they entered, on s1);
5. counter accuracy — bytes counted by the slice counters = bytes sent.

Measurements are meaningful only on a quiet machine: the suite reports its own load figures.
"""

import os
import time

import pytest

from p4slice_harness import experiments as ex
from p4slice_harness import java_tools
from p4slice_harness.net.traffic import Sender, eth_frame
from p4slice_harness.paths import report_dir
from p4slice_harness.report import Report
from p4slice_harness.stats import format_table, summarize
from tests.bmv2.conftest import running_scenario

pytestmark = [pytest.mark.bmv2, pytest.mark.timeout(1800)]

SCENARIO = "two-switch-equal-quotas"
S1, S2 = "device:bmv2:s1", "device:bmv2:s2"
RUNS = int(os.environ.get("P4S_FAIRNESS_RUNS", "10"))
RUN_SECONDS = 8.0
WARMUP = 2.0
OVERLOAD = 2.0                         # offered / quota
REPORT_DIR = report_dir()
CALIBRATION = {}                       # filled by the calibration test, read by the later ones


@pytest.fixture(scope="module")
def bed(tmp_path_factory):
    with running_scenario(tmp_path_factory, SCENARIO) as (tb, plan, report):
        assert (report.groups, report.meters, report.entries) == (8, 8, 48)
        yield tb, plan


def quotas(tb):
    return {s.id: s.quota_bps for s in tb.scenario.slices}


def mbps(x):
    return x / 1e6


def test_calibration_and_throughput_overhead(bed, tmp_path_factory):
    tb, plan = bed
    total_offered = OVERLOAD * sum(quotas(tb).values())
    ex.write_meters(tb, plan, unlimited=True)
    try:
        p4slice = ex.loss_free_rate(tb, lo_bps=total_offered / 2, hi_bps=total_offered * 8)
    finally:
        ex.write_meters(tb, plan)
    baseline_scenario = tb.scenario
    with running_scenario_plain(tmp_path_factory, baseline_scenario) as plain_tb:
        plain = ex.loss_free_rate(plain_tb, lo_bps=total_offered / 2, hi_bps=total_offered * 8)
    ratio = p4slice.rate_bps / plain.rate_bps
    CALIBRATION.update(p4slice=p4slice.rate_bps, plain=plain.rate_bps)
    rep = Report("calibration", REPORT_DIR)
    rep.add("p4slice_loss_free_bps", p4slice.rate_bps)
    rep.add("plain_loss_free_bps", plain.rate_bps)
    rep.add("throughput_ratio", ratio)
    rep.add("probes", {"p4slice": [list(p) for p in p4slice.probes], "plain": [list(p) for p in plain.probes]})
    rep.add("offered_by_experiments_bps", total_offered)
    rep.add("load_average", os.getloadavg())
    rep.write()
    print(f"\nloss-free rate (loss <= 0.5 %, 4 flows, {ex.DATAGRAM} B datagrams): p4slice {mbps(p4slice.rate_bps):.1f} Mbit/s, "
          f"plain forwarding {mbps(plain.rate_bps):.1f} Mbit/s, ratio {ratio:.2f}; "
          f"experiments offer {mbps(total_offered):.1f} Mbit/s; load {os.getloadavg()[0]:.2f}")
    assert p4slice.rate_bps >= total_offered, (
        f"this machine's bmv2 carries only {mbps(p4slice.rate_bps):.1f} Mbit/s loss-free through p4slice, less "
        f"than the {mbps(total_offered):.1f} Mbit/s the meter/fairness experiments offer: the CPU, not the meters, "
        f"would limit them (quiet the machine or lower the scenario's quotas)")


def running_scenario_plain(tmp_path_factory, scenario):
    """The same topology with the plain forwarding program and its MAC entries."""
    import contextlib

    from p4slice_harness.net.topology import scenario_testbed

    @contextlib.contextmanager
    def cm():
        workdir = tmp_path_factory.mktemp("plain")
        with scenario_testbed(scenario, ex.BASELINE_P4INFO, ex.BASELINE_JSON, workdir) as tb:
            ex.baseline_entries(tb)
            yield tb
    return cm()


def test_latency_ratio_against_plain_forwarding(bed, tmp_path_factory):
    tb, _ = bed
    pairs = [(src, dst) for _, src, dst in ex.slice_pairs(tb)]
    p4slice = ex.rtts(tb, pairs, count=50)
    with running_scenario_plain(tmp_path_factory, tb.scenario) as plain_tb:
        plain = ex.rtts(plain_tb, pairs, count=50)
    sp, sb = summarize([x * 1e3 for x in p4slice]), summarize([x * 1e3 for x in plain])
    med = lambda xs: sorted(xs)[len(xs) // 2]
    ratio = med(p4slice) / med(plain)
    rep = Report("latency", REPORT_DIR)
    rep.add("rtt_ms", {"p4slice": sp, "plain": sb})
    rep.add("median_ratio", ratio)
    rep.plot_latency_cdf("cdf", {"p4slice": [x * 1e3 for x in p4slice], "plain forwarding": [x * 1e3 for x in plain]},
                         unit="ms")
    rep.write()
    print("\n" + format_table([("RTT p4slice (ms)", sp), ("RTT plain forwarding (ms)", sb)],
                              title="ICMP round trip h_k -> h_k+4 across both switches (200 echoes each)"))
    print(f"median RTT ratio p4slice / plain forwarding: {ratio:.2f}")
    assert len(p4slice) == len(plain) == 200


def test_meter_accuracy(bed):
    """Slice 10 alone, offered 2 × quota, three runs: delivered = quota ± 5 % in each."""
    tb, _ = bed
    q = quotas(tb)[10]
    delivered = []
    for _ in range(3):
        run = ex.udp_run(tb, {10: OVERLOAD * q}, seconds=RUN_SECONDS, warmup=WARMUP)
        delivered.append(run.delivered_bps(10))
    s = summarize([d / q for d in delivered])
    rep = Report("meter-accuracy", REPORT_DIR)
    rep.add("quota_bps", q)
    rep.add("offered_bps", OVERLOAD * q)
    rep.add("delivered_bps", delivered)
    rep.add("delivered_over_quota", s)
    rep.write()
    print("\n" + format_table([("delivered / quota", s)], digits=4,
                              title=f"meter accuracy: slice 10, quota {mbps(q):.1f} Mbit/s, offered {OVERLOAD:.0f} x"))
    for d in delivered:
        assert abs(d / q - 1) <= 0.05, f"delivered {mbps(d):.3f} Mbit/s for a quota of {mbps(q):.3f} Mbit/s"


def test_fairness_ten_runs_agree_with_the_apps_math(bed):
    tb, _ = bed
    reason = java_tools.missing()
    if reason is not None:
        pytest.fail(f"the fairness app's replay cannot run: {reason}")
    q = quotas(tb)
    ids = sorted(q)
    harness_runs, app_runs, series = [], [], {}
    s2_before = tb.counters(S2)
    for i in range(RUNS):
        run = ex.udp_run(tb, {sid: OVERLOAD * q[sid] for sid in ids}, seconds=RUN_SECONDS, warmup=WARMUP,
                         sample_device=S1)
        mine = ex.figures({sid: run.delivered_bps(sid) for sid in ids}, q)
        window = ex.measured_window(run.samples, WARMUP, RUN_SECONDS)
        app = ex.app_fairness(window, window=len(window) - 1)
        harness_runs.append(mine)
        app_runs.append(app)
        if i == 0:
            series = {f"slice {sid}": ([(s + e) / 2 for s, e, _ in run.flows[sid].intervals],
                                       [ex.frame_bps(b) for _, _, b in run.flows[sid].intervals]) for sid in ids}
    s2_after = tb.counters(S2)
    # s2 is the transit switch of the h_k -> h_k+4 traffic: it classifies it with set_slice_transit
    # and must not meter it again (its meter would also see the 4-byte VLAN tag and drop at quota)
    transit_drops = {sid: s2_after["drop"][sid][0] - s2_before["drop"][sid][0] for sid in ids}
    rows, agreement = [], []
    for sid in ids:
        rows.append((f"slice {sid} delivered (Mbit/s)", summarize([mbps(r.rates[sid]) for r in harness_runs])))
    rows.append(("CV of shares (%)", summarize([100 * r.cv for r in harness_runs])))
    rows.append(("Jain's index", summarize([r.jain for r in harness_runs])))
    rows.append(("app: CV of shares (%)", summarize([100 * a["cv"] for a in app_runs])))
    rows.append(("app: Jain's index", summarize([a["jain"] for a in app_runs])))
    for mine, app in zip(harness_runs, app_runs):
        app_rates = {s["id"]: s["rateBps"] for s in app["slices"]}
        for sid in ids:
            agreement.append(abs(app_rates[sid] / mine.rates[sid] - 1))
        agreement.append(abs(app["cv"] - mine.cv))
        agreement.append(abs(app["jain"] - mine.jain))
    rep = Report("fairness", REPORT_DIR)
    rep.add("quota_bps", q)
    rep.add("runs", [r.to_dict() for r in harness_runs])
    rep.add("app_reports", app_runs)
    rep.add("max_disagreement", max(agreement))
    rep.add("load_average", os.getloadavg())
    for label, s in rows:
        rep.add(label, s)
    rep.plot_throughput("throughput", series, quotas={f"slice {sid}": q[sid] for sid in ids})
    rep.plot_fairness("shares", [{f"slice {sid}": r.shares[sid] for sid in ids} for r in harness_runs])
    rep.write()
    print("\n" + format_table(rows, digits=4, title=f"fairness: {len(ids)} slices x {mbps(q[ids[0]]):.0f} Mbit/s, "
                                                    f"each offered {OVERLOAD:.0f} x quota, {RUNS} runs"))
    print(f"largest harness/app disagreement (relative rate, absolute CV and Jain): {100 * max(agreement):.3f} %")
    print(f"meter drops on the transit switch s2: {transit_drops}")
    assert max(agreement) <= 0.01, "the fairness app's figures differ from the receivers' by more than 1 %"
    assert set(transit_drops.values()) == {0}, f"the transit switch metered the slices again: {transit_drops}"
    for r in harness_runs:
        assert r.cv <= 0.05 and r.jain >= 0.99, f"run unfair: CV {r.cv:.4f}, Jain {r.jain:.4f}, shares {r.shares}"
        assert r.max_deviation <= 0.05, f"a slice is more than 5 % off its quota: {r.shares}"


def test_counter_accuracy_bytes_counted_equal_bytes_sent(bed):
    tb, _ = bed
    before = {d: tb.counters(d) for d in (S1, S2)}
    sizes = [60, 128, 512, 1000, 1514]
    a, b = tb.scenario.host("h2"), tb.scenario.host("h6")
    frames = [eth_frame(b.mac, a.mac, 0x88B5, b"p4slice-count" + b"." * (n - 27)) for n in sizes] * 20
    with Sender(tb.endpoint("h2")) as tx:
        tx.send(frames, interval=0.002)
    time.sleep(0.5)
    after = {d: tb.counters(d) for d in (S1, S2)}
    sent_bytes = sum(len(f) for f in frames)
    rx1 = [after[S1]["rx"][20][i] - before[S1]["rx"][20][i] for i in (0, 1)]
    tx2 = [after[S2]["tx"][20][i] - before[S2]["tx"][20][i] for i in (0, 1)]
    print(f"\nsent {len(frames)} frames / {sent_bytes} B; s1 rx counted {rx1}; s2 tx counted {tx2} "
          f"(ingress length on s2: +4 B VLAN tag per frame)")
    assert rx1 == [len(frames), sent_bytes]
    assert tx2 == [len(frames), sent_bytes + 4 * len(frames)]
