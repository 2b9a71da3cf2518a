"""The Prometheus the L3 test starts (p4slice_harness.prometheus.PrometheusServer), against a stand-in
of p4slice on loopback that serves the renderer's sample scrape behind basic authentication: the
generated configuration authenticates and reads /onos/p4slice/metrics, the target is up, the series
arrive with their labels, the rules are loaded and the switch-unavailable alert (the sample's s2 is
unavailable) fires with the test copy's short ``for:``; wrong credentials leave the target down. Skips
with the reason where Debian's ``prometheus`` is not installed or the sample is not built."""

from __future__ import annotations

import base64
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from p4slice_harness import prometheus as prom
from p4slice_harness.onos.wait import wait_for

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def stand_in():
    if prom.find_tool("prometheus") is None:
        pytest.skip("prometheus not found ($P4S_PROMETHEUS, PATH, /usr/bin): apt-get install prometheus")
    if not prom.SAMPLE_EXPOSITION.exists():
        pytest.skip(f"{prom.SAMPLE_EXPOSITION} not written yet (mvn -B verify: P4sliceMetricsTest writes it)")
    body = prom.SAMPLE_EXPOSITION.read_bytes()
    want = "Basic " + base64.b64encode(b"onos:rocks").decode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            if self.headers.get("Authorization") != want:
                self.send_response(401)
                self.end_headers()
                return
            if self.path != "/onos/p4slice/metrics":
                self.send_response(404)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_scrapes_authenticated_loads_the_rules_and_fires(stand_in, tmp_path):
    rules = prom.rules_with_short_for(prom.RULES.read_text(), 2)
    with prom.PrometheusServer(tmp_path, stand_in, "onos", "rocks", rules=rules) as server:
        assert server.proc.poll() is None
        wait_for(server.targets, lambda ts: ts and ts[0]["health"] == "up", 30, "target up",
                 describe=lambda ts: repr(ts))
        got = wait_for(lambda: server.query('p4slice_slice_rx_bytes_total{slice="10"}'), bool, 15, "series")
        assert {r["metric"]["device"] for r in got} == {"device:bmv2:s1", "device:bmv2:s2"}
        assert all(r["metric"]["tenant"] == "itb" and r["metric"]["job"] == "p4slice" for r in got)
        alert = wait_for(lambda: [a for a in server.alerts() if a["labels"]["alertname"] == "P4sliceSwitchUnavailable"
                                  and a["state"] == "firing"], bool, 20, "switch alert firing",
                         describe=lambda a: repr(server.alerts()))
        assert alert[0]["labels"]["device"] == "device:bmv2:s2"
    assert server.proc.poll() is not None, "stopped at the end"


def test_wrong_credentials_leave_the_target_down(stand_in, tmp_path):
    with prom.PrometheusServer(tmp_path, stand_in, "onos", "wrong") as server:
        ts = wait_for(server.targets, lambda ts: ts and ts[0]["health"] == "down", 30, "target down",
                      describe=lambda ts: repr(ts))
        assert "401" in ts[0]["lastError"]
