"""(a) The operator path in a real ONOS 2.7: the .oar activates cleanly, the pipeconf is there, the
devices and the trunk come up, slices A and B become ACTIVE through REST, ARP and pings work inside
a slice and never across slices, ONOS learns the hosts, the meter holds the quota, the stats and
fairness endpoints answer — with no ONOS component setting changed."""

import re
import time

import pytest

from p4slice_harness.errors import HarnessError
from p4slice_harness.net.iperf import require_iperf3
from p4slice_harness.onos.assembly import APP, METER_MANAGER
from p4slice_harness.onos.lab import QUOTA_BPS, SLICE_A, SLICE_B
from p4slice_harness.onos.rest import slice_request
from p4slice_harness.onos.topology import S1, S2, trunk_link_keys
from p4slice_harness.onos.wait import link_keys, port_number, wait_for, wait_slice_gone, wait_slice_state
from p4slice_harness.paths import TOFINO_OUT

pytestmark = [pytest.mark.onos, pytest.mark.timeout(600)]
PROMPT_S = 2.0          # a slice request is answered at once; programming goes on in the background
TOLERANCE = 0.05
TOFINO_PIPECONFS = {"org.p4slice.tofino": "two-pipe", "org.p4slice.tofino.bfswitchd": "two-pipe",
                    "org.p4slice.tofino.fourpipe": "four-pipe", "org.p4slice.tofino.fourpipe.bfswitchd": "four-pipe"}


def needs_iperf3():
    try:
        require_iperf3()
    except HarnessError as e:
        pytest.skip(str(e))


def test_app_active_without_circular_reference_errors(lab):
    assert lab.onos.app_state(APP) == "ACTIVE"
    circular = lab.onos.grep("Circular reference", lab.install_mark, level="ERROR")
    assert not circular, "karaf.log since the .oar was installed:\n" + "\n".join(circular[:5])


def test_pipeconf_registered(lab):
    out = lab.onos.cli("pipeconfs")
    assert "org.p4slice.bmv2" in out, f"onos> pipeconfs:\n{out}"
    # a Tofino pipeconf is registered where its profile was compiled (make -C p4src tofino), else named in a warning
    for pipeconf, profile in TOFINO_PIPECONFS.items():
        listed = re.search(rf"(?<![\w.]){re.escape(pipeconf)}(?![\w.])", out) is not None
        if (TOFINO_OUT / profile / "p4info.txt").exists():
            assert listed, f"onos> pipeconfs:\n{out}"
        else:
            assert not listed, f"onos> pipeconfs:\n{out}"
            assert lab.onos.grep(rf"Pipeconf {re.escape(pipeconf)} not registered: its Tofino outputs are not in "
                                 r"the bundle", lab.install_mark, level="WARN"), pipeconf


def test_devices_available_and_trunk_discovered(lab):
    assert lab.device_available(S1) and lab.device_available(S2)
    assert trunk_link_keys() <= link_keys(lab.get("/onos/v1/links"))
    ports = lab.get(f"/onos/v1/devices/{S1}/ports")["ports"]
    assert {1, 2, 3, 4} <= {port_number(p["port"]) for p in ports if p["port"] != "LOCAL"}


def test_slices_a_and_b_created_through_rest(lab):
    lab.delete_all_slices()
    for name, tenant, eps in (SLICE_A, SLICE_B):
        r = lab.post_slice(slice_request(name, tenant, QUOTA_BPS, eps))
        assert r.status == 201, f"POST {name}: HTTP {r.status}: {r.message()}"
        assert r.elapsed < PROMPT_S, f"POST {name} took {r.elapsed:.2f} s"
        assert r.body["state"] in ("PROVISIONING", "ACTIVE"), r.body
        s = wait_slice_state(lab.rest, r.body["id"], ("ACTIVE",), 60)
        assert s["reason"] is None and s["quotaBps"] == QUOTA_BPS
        if name == SLICE_A[0]:   # the trunk found by the app from ONOS's links
            trunks = {(l["src"]["device"], l["src"]["port"], l["dst"]["device"], l["dst"]["port"])
                      for l in s["trunkLinks"]}
            assert trunks and trunks <= {(S1, 3, S2, 3), (S2, 3, S1, 3)}, s["trunkLinks"]


def test_each_switch_holds_slice_a(lab, ab):
    """GET /slices/{id}/devices: slice A, across both switches, is ACTIVE on each with the shape it holds."""
    a = lab.get(f"/onos/p4slice/slices/{ab['A']['id']}")
    body = wait_for(lambda: lab.get(f"/onos/p4slice/slices/{a['id']}/devices"),
                    lambda b: [d["state"] for d in b["devices"]] == ["ACTIVE", "ACTIVE"], 30,
                    f"slice {a['id']} ACTIVE on {S1} and {S2}")
    assert body["slice"] == a["id"]
    assert [d["device"] for d in body["devices"]] == sorted([S1, S2])
    want = {S1: [str(p) for d, p in SLICE_A[2] if d == S1], S2: [str(p) for d, p in SLICE_A[2] if d == S2]}
    trunks = {}
    for link in a["trunkLinks"]:
        for end in (link["src"], link["dst"]):
            trunks.setdefault(end["device"], set()).add(str(end["port"]))
    for d in body["devices"]:
        shape = d["shape"]
        assert d["reason"] is None and d["updated"] > 0, d
        assert (shape["vlan"], shape["quotaBps"]) == (a["vlan"], QUOTA_BPS), d
        assert shape["accessPorts"] == sorted(want[d["device"]], key=int), d
        assert set(shape["trunkPorts"]) == trunks[d["device"]], d
        assert shape["fingerprint"] == body["devices"][0]["shape"]["fingerprint"], body


def test_dynamic_arp_pings_inside_slices(lab, ab):
    for h in lab.network.hosts:
        lab.network.flush_neighbours(h)
    for src, dst in (("h1", "h3"), ("h1", "h5"), ("h2", "h4"), ("h3", "h5")):
        lab.wait_ping(src, dst, 10)
        assert lab.ping(src, dst, 3) == 3, f"{src} -> {dst}"


def test_no_ping_across_slices(lab, ab):
    lab.wait_ping("h1", "h3", 10)
    for src, dst in (("h1", "h2"), ("h1", "h4"), ("h4", "h5"), ("h2", "h3")):
        assert lab.ping(src, dst, 3, 0.5) == 0, f"{src} -> {dst} crossed slices"


def test_onos_learned_the_hosts(lab, ab):
    for src, dst in (("h1", "h3"), ("h5", "h1"), ("h2", "h4")):
        lab.wait_ping(src, dst, 10)
    want = {h.mac: (h.device, h.port) for h in lab.scenario.hosts}

    def located():
        return {h["mac"].lower(): {(l["elementId"], port_number(l["port"])) for l in h["locations"]}
                for h in lab.hosts()}
    seen = wait_for(located, lambda v: all(m in v for m in want), 30, "ONOS hosts for h1..h5")
    for mac, loc in want.items():
        assert loc in seen[mac], f"{mac}: ONOS locations {seen[mac]}, expected {loc}"


def test_meter_holds_the_quota(lab, ab):
    needs_iperf3()
    lab.wait_ping("h1", "h3", 10)
    got = lab.udp_frame_rate("h1", "h3", 2 * QUOTA_BPS)
    assert abs(got / QUOTA_BPS - 1) <= TOLERANCE, f"offered 2 x {QUOTA_BPS} bit/s, delivered {got:.0f} bit/s"


def test_slice_stats_count_bytes(lab, ab):
    needs_iperf3()
    sid = ab["A"]["id"]
    before = lab.get(f"/onos/p4slice/slices/{sid}/stats")
    lab.wait_ping("h1", "h3", 10)
    lab.udp_frame_rate("h1", "h3", QUOTA_BPS / 4, seconds=4, warmup=1)
    sent = QUOTA_BPS / 4 * 4 / 8 * 0.8    # bytes: 80 % of what 4 s at a quarter of the quota carry
    wait_for(lambda: lab.get(f"/onos/p4slice/slices/{sid}/stats"),
             lambda s: s["rxBytes"] - before["rxBytes"] >= sent and s["txBytes"] > before["txBytes"],
             30, f"slice {sid} stats rxBytes +{sent:.0f}",
             describe=lambda s: f"before {before}, now {s}")


def test_fairness_lists_the_slices(lab, ab):
    r = lab.rest.call("GET", "/onos/p4slice/fairness")
    assert r.status == 200, f"HTTP {r.status}: {r.message()}"
    ids = {ab["A"]["id"], ab["B"]["id"]}
    wait_for(lambda: {s["id"] for s in lab.get("/onos/p4slice/fairness")["slices"]}, lambda got: ids <= got, 30,
             f"slices {sorted(ids)} in the fairness report")


def test_delete_answers_at_once_then_the_slice_is_gone(lab, ab):
    r = lab.post_slice(slice_request("short-lived", "itb", 1_000_000, [(S1, 10), (S1, 11)]))
    assert r.status == 201, f"HTTP {r.status}: {r.message()}"
    wait_slice_state(lab.rest, r.body["id"], ("ACTIVE",), 60)
    t0 = time.monotonic()
    d = lab.rest.call("DELETE", f"/onos/p4slice/slices/{r.body['id']}")
    assert d.status in (202, 204), f"HTTP {d.status}: {d.message()}"
    if d.status == 202:
        assert d.body["state"] == "RELEASING", d.body
    assert d.elapsed < PROMPT_S
    wait_slice_gone(lab.rest, r.body["id"], 60)
    assert time.monotonic() - t0 < 60


def test_no_onos_setting_needed(lab):
    assert lab.onos.component_config(METER_MANAGER).get("userDefinedIndex") == "false"
