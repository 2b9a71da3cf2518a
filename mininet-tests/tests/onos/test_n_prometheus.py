"""(n) A real Prometheus scrapes p4slice in a real ONOS 2.7: Debian's ``prometheus`` runs on loopback
with a generated configuration (basic authentication as the operator, 1 s scrape and evaluation
interval, data in the test's temporary directory, the alert rules loaded with their ``for:``
shortened), and its HTTP API shows: the target is up; each slice's series exist with the tenant,
slice and device labels; the rate Prometheus computes from the bytes counters agrees with
``/slices/{id}/stats`` within 10 % while traffic runs; the switch-unavailable alert fires while s2 is
stopped and resolves once it is back."""

from __future__ import annotations

import subprocess
import threading
import time
import urllib.request

import pytest

from p4slice_harness import prometheus as prom
from p4slice_harness.onos.lab import QUOTA_BPS
from p4slice_harness.onos.topology import S1, S2, trunk_link_keys
from p4slice_harness.onos.wait import wait_for, wait_links, wait_slices_state
from tests.onos.test_a_operator_path import needs_iperf3

pytestmark = [pytest.mark.onos, pytest.mark.timeout(900)]
RATE_TOLERANCE = 0.10
ALERT_FOR_S = 2          # the test copy's for: (the shipped rule waits a minute)


@pytest.fixture
def prometheus(lab, ab, tmp_path):
    if prom.find_tool("prometheus") is None:
        pytest.skip("prometheus not found ($P4S_PROMETHEUS, PATH, /usr/bin): apt-get install prometheus")
    rules = prom.rules_with_short_for(prom.RULES.read_text(), ALERT_FOR_S)
    base = lab.rest.base.split("://", 1)[1]
    with prom.PrometheusServer(tmp_path / "prometheus", base, "onos", "rocks", rules=rules) as server:
        wait_for(server.targets, lambda ts: ts and ts[0]["health"] == "up", 30, "the p4slice target up",
                 describe=lambda ts: repr([(t["health"], t.get("lastError")) for t in ts or []]))
        yield server


def series(server, promql):
    return [r["metric"] for r in server.query(promql)]


def firing(server, alert, device):
    return [a for a in server.alerts()
            if a["labels"].get("alertname") == alert and a["labels"].get("device") == device
            and a["state"] == "firing"]


def test_prometheus_scrapes_p4slice(lab, ab, prometheus):
    target = prometheus.targets()[0]
    assert target["health"] == "up" and target["scrapeUrl"].endswith("/onos/p4slice/metrics"), target
    for name, s in ab.items():
        sid = str(s["id"])
        state = wait_for(lambda: series(prometheus, f'p4slice_slice_state{{slice="{sid}"}} == 1'), bool, 30,
                         f"p4slice_slice_state of slice {name}")
        assert len(state) == 1, state
        assert state[0]["tenant"] == s["tenant"] and state[0]["state"] == "ACTIVE", state
        quota = prometheus.query(f'p4slice_slice_quota_bytes_per_second{{slice="{sid}"}}')
        assert len(quota) == 1 and float(quota[0]["value"][1]) == QUOTA_BPS / 8, quota
        counters = wait_for(lambda: series(prometheus, f'p4slice_slice_rx_bytes_total{{slice="{sid}"}}'),
                            bool, 30, f"p4slice_slice_rx_bytes_total of slice {name}")
        assert {c["device"] for c in counters} <= {S1, S2} and all(c["tenant"] == s["tenant"] for c in counters)
    up = {m["device"]: v for m, v in ((r["metric"], r["value"][1])
                                      for r in prometheus.query("p4slice_device_available"))}
    assert up.get(S1) == "1" and up.get(S2) == "1", up
    assert prometheus.query("p4slice_fairness_jain") and prometheus.query("p4slice_lifecycle_step_duration_seconds_count")


def test_a_real_scrape_passes_promtool_check_metrics(lab, ab):
    tool = prom.find_tool("promtool")
    if tool is None:
        pytest.skip("promtool not found ($P4S_PROMTOOL, PATH, /usr/bin): apt-get install prometheus")
    req = urllib.request.Request(lab.rest.base + "/onos/p4slice/metrics",
                                 headers={"Authorization": lab.rest.auth, "Accept": "text/plain"})
    with urllib.request.urlopen(req, timeout=15) as r:
        assert r.headers["Content-Type"].startswith("text/plain"), r.headers["Content-Type"]
        text = r.read().decode()
    written = [line.split()[2] for line in text.splitlines() if line.startswith("# TYPE ")]
    assert written == list(prom.exported_metrics())
    checked = subprocess.run([tool, "check", "metrics"], input=text, capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_prometheus_rates_agree_with_the_slice_stats(lab, ab, prometheus):
    needs_iperf3()
    sid = ab["A"]["id"]
    lab.wait_ping("h1", "h3", 10)
    traffic = threading.Thread(target=lab.udp_frame_rate, args=("h1", "h3", QUOTA_BPS / 2),
                               kwargs={"seconds": 14, "warmup": 1}, daemon=True)
    traffic.start()
    tried = []
    try:
        time.sleep(7)                            # the stats' window and rate()'s range both inside the traffic
        deadline = time.monotonic() + 6
        while time.monotonic() < deadline:
            stats = lab.get(f"/onos/p4slice/slices/{sid}/stats")
            got = prometheus.query(f'sum(rate(p4slice_slice_rx_bytes_total{{slice="{sid}"}}[5s])) * 8')
            computed = float(got[0]["value"][1]) if got else 0.0
            tried.append((computed, stats["rxBps"]))
            if stats["rxBps"] > QUOTA_BPS / 8 and abs(computed / stats["rxBps"] - 1) <= RATE_TOLERANCE:
                break
            time.sleep(1)
        else:
            pytest.fail(f"Prometheus' rate() vs /stats rxBps (bit/s), never within {RATE_TOLERANCE:.0%}: {tried}")
    finally:
        traffic.join(30)
    print(f"rate() {tried[-1][0]:.0f} bit/s, /stats {tried[-1][1]} bit/s")


def test_the_switch_unavailable_alert_fires_and_resolves(lab, ab, prometheus):
    assert not firing(prometheus, "P4sliceSwitchUnavailable", S2)
    lab.network.kill_switch(S2)
    try:
        wait_for(lambda: lab.device_available(S2), lambda a: not a, 60, "ONOS sees s2 unavailable")
        alert = wait_for(lambda: firing(prometheus, "P4sliceSwitchUnavailable", S2), bool, 30,
                         "P4sliceSwitchUnavailable firing for s2",
                         describe=lambda a: repr(prometheus.alerts()))
        assert alert[0]["labels"]["severity"] == "critical"
        assert not firing(prometheus, "P4sliceSwitchUnavailable", S1)
    finally:
        lab.network.start_switch(S2)
    wait_for(lambda: lab.device_available(S2), bool, 120, "s2 available again")
    wait_for(lambda: [a for a in prometheus.alerts() if a["labels"].get("alertname") == "P4sliceSwitchUnavailable"],
             lambda a: not a, 30, "P4sliceSwitchUnavailable resolved", describe=repr)
    wait_links(lab.rest, trunk_link_keys(), 60)
    wait_slices_state(lab.rest, [ab["A"]["id"], ab["B"]["id"]], ("ACTIVE",), 180, give_up=(), interval=1.0)
