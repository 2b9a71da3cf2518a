"""The scale bench's plan and figures (p4slice_harness.bench.scale_plan, scale_report, scale_switch): pure."""

from datetime import datetime, timezone

import pytest

from p4slice_harness.bench.scale import build_parser
from p4slice_harness.bench.scale_plan import (BOOKING_PORTS, MAX_SLICES, booking_kinds, future_booking,
                                              parse_ints, parse_points, past_booking, percentile, slice_endpoints,
                                              slice_req, slope, tenants_netcfg)
from p4slice_harness.bench.scale_report import markdown_table, marginal_heap, plot, series, slopes, summary_lines, value
from p4slice_harness.bench.scale_switch import occupancy
from p4slice_harness.errors import HarnessError
from p4slice_harness.onos.topology import S1, S2


def test_a_thousand_slices_take_every_netcfg_port_once_and_leave_the_booking_ports_free():
    ports = [p for i in range(MAX_SLICES) for p in slice_endpoints(i)]
    assert len(ports) == len(set(ports)) == MAX_SLICES + 3
    assert not set(BOOKING_PORTS) & set(ports)
    assert all(p != 255 and p <= 510 for _, p in ports)
    assert slice_endpoints(0) == [(S1, 10), (S2, 2)] and slice_endpoints(2) == [(S1, 11)]
    assert {d for d, _ in slice_endpoints(1)} == {S1, S2}          # across the trunk
    assert slice_req(21)["tenant"] == "u01" and slice_req(21)["name"] == "scale-21"
    with pytest.raises(HarnessError, match="slice index must be 0..999, got 1000"):
        slice_endpoints(MAX_SLICES)


def test_bookings_mix_past_cancelled_and_future_on_the_booking_ports():
    assert booking_kinds(0) == {"past": 0, "cancelled": 0, "future": 0}
    assert booking_kinds(1000) == {"past": 10, "cancelled": 250, "future": 740}
    assert booking_kinds(10000) == {"past": 20, "cancelled": 2500, "future": 7480}
    origin = datetime(2026, 12, 1, 0, 0, tzinfo=timezone.utc)
    a, b, c = future_booking(0, origin), future_booking(1, origin), future_booking(2, origin)
    assert (a["start"], a["end"], b["start"], c["start"]) == (
        "2026-12-01T00:00:00Z", "2026-12-01T01:00:00Z", "2026-12-01T00:00:00Z", "2026-12-01T01:00:00Z")
    assert [e["device"] for e in (a["slice"]["endpoints"][0], b["slice"]["endpoints"][0])] == [S1, S2]
    last = future_booking(9999, origin)
    assert last["start"] < "2027-07-01"                              # within the 365-day lead
    p = past_booking(3, origin)
    assert (p["start"], p["end"]) == ("2026-12-01T00:00:12Z", "2026-12-01T00:00:24Z")
    caps = tenants_netcfg()["apps"]["org.p4slice"]["tenants"]
    assert len(caps) == 20 and caps["u00"]["maxLiveBookings"] >= 10000


def test_points_and_sizes_are_checked():
    assert parse_points(None, [16, 1000], [0, 10000]) == [(16, 0), (1000, 0), (16, 10000), (1000, 10000)]
    assert parse_points("1000x10000,16x0", [], []) == [(16, 0), (1000, 10000)]
    with pytest.raises(HarnessError, match="--points must be like"):
        parse_points("16-0", [], [])
    with pytest.raises(HarnessError, match="slices must be one of"):
        parse_points("17x0", [], [])
    assert parse_ints("1000,16", "--sizes", (16, 1000)) == [16, 1000]
    with pytest.raises(HarnessError, match="--sizes must be some of 16,1000"):
        parse_ints("64", "--sizes", (16, 1000))
    assert build_parser().parse_args(["--runs", "1"]).runs == 1


def test_percentiles_and_slopes():
    assert percentile([3, 1, 2, 4], 50) == 2 and percentile(list(range(1, 101)), 99) == 99
    assert percentile([], 50) is None
    assert slope(128, 1.0, 1000, 7.8125) == pytest.approx(1.0)
    assert slope(128, 0.0, 1000, 1.0) is None


def point(n, b, post, heap, base_heap=100_000, entries=None):
    return {"slices": n, "bookings": b, "baseline": {"heap_used_after_gc_kib": base_heap},
            "figures": {"post_p99_1_client_s": post, "jvm": {"heap_used_after_gc_kib": heap},
                        "gui": {"first_render_s": 0.5},
                        "switches": {S1: {"slice_entries": entries or 3 * n}, S2: {"slice_entries": entries or 3 * n}}}}


def test_figures_slopes_and_targets_from_the_points(tmp_path):
    doc = {"points": {"128x0": point(128, 0, 0.01, 100_000 + 128 * 20),
                      "1000x0": point(1000, 0, 0.08, 100_000 + 1000 * 20)}}
    assert value(doc["points"]["1000x0"], "heap_per_slice_kib") == 20
    assert value(doc["points"]["1000x0"], "switch_entries_per_slice") == 6
    assert value(doc["points"]["1000x0"], "gui.first_render_s") == 0.5
    assert series(doc, "post_p99_1_client_s") == {0: [(128, 0.01), (1000, 0.08)]}
    s = slopes(doc)
    assert s["post_p99_1_client_s"]["0"] == pytest.approx(1.012, abs=0.001)
    assert s["jvm.heap_used_after_gc_kib"]["0"] == pytest.approx(0.076, abs=0.001)
    lines = summary_lines(doc)
    assert any("POST /slices p99, one client (s), 0 bookings: 128: 0.01, 1000: 0.08; slope 128->1000 1.01; "
               "target <= 0.05 at 1000: MISSED" in l for l in lines)
    assert "[scale] ONOS heap added per slice from 128 to 1000 slices (KiB), 0 bookings: 20.0; target <= 50: met" \
        in lines
    assert markdown_table(doc)[2].startswith("| POST /slices p99, one client (s) | 0 | 0.01 | 0.08 | 1.01 | <= 0.05")
    assert marginal_heap(doc) == {"0": 20.0}
    assert plot(doc, tmp_path / "scale.png").stat().st_size > 0
    assert plot({"points": {}}, tmp_path / "none.png") is None


def test_table_occupancy_against_the_p4info_sizes():
    assert occupancy({"a": 10, "b": 0, "c": 5}, {"a": 100, "b": 10, "c": 0}) == {
        "a": {"entries": 10, "size": 100, "ratio": 0.1}, "c": {"entries": 5, "size": 0, "ratio": None}}
