"""The pure parts of the measurements: units, fairness figures, iperf3 output, counter windows,
and the plain-forwarding reference program's stamp."""

import hashlib

import pytest

from p4slice_harness import experiments as ex
from p4slice_harness.errors import HarnessError
from p4slice_harness.net.iperf import parse_server_json
from p4slice_harness.paths import BASELINE_OUT, REPO_DIR


def test_frame_rate_of_iperf3_payload():
    # a 1400-byte datagram is a 1442-byte frame: 14 Ethernet + 20 IPv4 + 8 UDP
    assert ex.frame_bps(1400e3) == pytest.approx(1442e3)
    assert ex.payload_bps(ex.frame_bps(3e6)) == pytest.approx(3e6)


def test_fairness_figures_by_hand():
    # shares 1.0, 0.9, 1.1, 1.0: mean 1, population sd sqrt((0 + .01 + .01 + 0) / 4) = 0.0707107
    # Jain = 4^2 / (4 * (1 + .81 + 1.21 + 1)) = 16 / 16.08 = 0.9950249
    f = ex.figures({1: 3e6, 2: 2.7e6, 3: 3.3e6, 4: 3e6}, {1: 3e6, 2: 3e6, 3: 3e6, 4: 3e6})
    assert f.shares == pytest.approx({1: 1.0, 2: 0.9, 3: 1.1, 4: 1.0})
    assert f.cv == pytest.approx(0.0707107, rel=1e-6)
    assert f.jain == pytest.approx(0.9950249, rel=1e-6)
    assert f.max_deviation == pytest.approx(0.1)


SERVER_JSON = {
    "intervals": [{"sum": {"start": 0.0, "end": 1.0, "bits_per_second": 2.9e6}},
                  {"sum": {"start": 1.0, "end": 2.0, "bits_per_second": 3.0e6}},
                  {"sum": {"start": 2.0, "end": 3.0, "bits_per_second": 3.1e6}},
                  {"sum": {"start": 3.0, "end": 3.2, "bits_per_second": 9.9e6}}],
    "end": {"sum": {"bytes": 1_200_000, "packets": 900, "lost_packets": 40}},
}


def test_iperf3_server_output():
    r = parse_server_json("slice10", 6e6, 3, SERVER_JSON)
    assert (r.received_bytes, r.sent_packets, r.lost_packets, r.received_packets) == (1_200_000, 900, 40, 860)
    # warm-up 1 s: intervals [1,2] and [2,3]; the 0.2 s tail is too short to count
    assert r.rate_bps(1.0) == pytest.approx(3.05e6)
    with pytest.raises(HarnessError, match="no interval after a 5.0 s warm-up"):
        r.rate_bps(5.0)
    with pytest.raises(HarnessError, match="slice10: iperf3 server: the server is busy"):
        parse_server_json("slice10", 6e6, 3, {"error": "the server is busy"})


def test_measured_window_keeps_the_quotas_on_its_first_sample():
    samples = [{"t": t, "slices": {"10": {"rxBytes": 100 * t}}} for t in (0.0, 1.0, 2.0, 3.0, 4.0)]
    samples[0]["quotas"] = {"10": 3_000_000}
    w = ex.measured_window(samples, warmup=2.0, seconds=4.0)
    assert [s["t"] for s in w] == [2.0, 3.0, 4.0]
    assert w[0]["quotas"] == {"10": 3_000_000} and "quotas" not in w[1]
    with pytest.raises(HarnessError, match=r"only 1 counter sample"):
        ex.measured_window(samples, warmup=4.0, seconds=4.0)


def test_plain_forwarding_outputs_match_their_source():
    """p4src/baseline/plain_forward.p4 compiled into mininet-tests/p4c-out/baseline/ (make baseline)."""
    stamp = (BASELINE_OUT / "sources.sha256").read_text().splitlines()
    assert stamp[0].startswith("# p4c-bm2-ss ")
    for line in stamp[1:]:
        digest, path = line.split("  ", 1)
        assert hashlib.sha256((REPO_DIR / path).read_bytes()).hexdigest() == digest, \
            f"{path} changed since mininet-tests/p4c-out/baseline was generated: run make baseline in p4src/"
    assert ex.BASELINE_JSON.stat().st_size > 0 and "PlainIngress.l2_forward" in ex.BASELINE_P4INFO.read_text()
