"""L1: the benchmark's pure parts — the programs' entries, ratios and targets."""

import pytest

from p4slice_harness.bench import dataplane
from p4slice_harness.bench import programs as bp


def test_bench_scenario_is_one_slice_on_ports_1_and_2():
    sc = bp.bench_scenario()
    assert [h.name for h in sc.hosts] == ["h1", "h2"] and [h.port for h in sc.hosts] == [1, 2]
    assert [s.id for s in sc.slices] == [bp.SLICE]


def test_single_slice_plan_keeps_slice_10_with_its_meter_opened():
    plan = bp.single_slice_plan()
    assert len(plan.entries) == 6          # 2 classifier, 2 l2_forward, 2 egress_vlan
    assert [(m.index, m.cir, m.pir) for m in plan.meters] == [(10, 125_000_000, 125_000_000)]
    assert [g.id for g in plan.multicast_groups] == [10]


def test_basic_row_is_skipped_with_the_reason(tmp_path):
    assert "P4S_ONOS_SRC" in bp.compile_basic(None, tmp_path).skipped
    assert "no pipelines/basic" in bp.compile_basic(str(tmp_path), tmp_path / "out").skipped


def test_ratios_and_targets():
    med = {"plain": {"tcp_bps": 500, "udp1400_bps": 400, "udp64_bps": 40, "rtt_ms": 0.5},
           "basic": {"tcp_bps": 440, "udp1400_bps": 300, "udp64_bps": 30, "rtt_ms": 0.6},
           "p4slice": {"tcp_bps": 462, "udp1400_bps": 380, "udp64_bps": 34, "rtt_ms": 0.54}}
    r = dataplane.ratios(med)["p4slice"]
    assert r["tcp_bps/basic"] == pytest.approx(1.05) and r["udp1400_bps/plain"] == pytest.approx(0.95)
    t = dataplane.targets(r)
    assert t["tcp_bps"]["met"] and t["udp1400_bps"]["met"] and not t["udp64_bps"]["met"]
    assert t["rtt_ms"]["met"] and t["rtt_ms"]["ratio"] == pytest.approx(1.08)
    assert "| p4slice |" in dataplane.table(med, dataplane.ratios(med))


def test_a_zero_reference_leaves_its_ratio_out():
    # a failed calibration reports 0 bit/s; the round's other figures must still be reported
    med = {"plain": {"tcp_bps": 0.0, "udp1400_bps": 400}, "p4slice": {"tcp_bps": 462, "udp1400_bps": 380}}
    r = dataplane.ratios(med)["p4slice"]
    assert "tcp_bps/plain" not in r and r["udp1400_bps/plain"] == pytest.approx(0.95)


def test_paired_ratios_take_the_median_of_within_round_ratios():
    runs = {"plain": [{"tcp_bps": 100}, {"tcp_bps": 50}, {"tcp_bps": 200}],
            "basic": [{"tcp_bps": 80}, {"tcp_bps": 40}, {"tcp_bps": 100}],
            "p4slice": [{"tcp_bps": 88}, {"tcp_bps": 40}, {"tcp_bps": 120}]}
    p = dataplane.paired_ratios(runs)["p4slice"]
    assert p["tcp_bps/basic"] == pytest.approx(1.1) and p["tcp_bps/plain"] == pytest.approx(0.8)
