"""(m) Links nobody can fake. ONOS sends its LLDP/BDDP probes out of every port it is not told to
spare; p4slice tells it to spare every access port of its slices (netcfg ``ports`` -> ``linkDiscovery``
``{"enabled": false, "setBy": "org.p4slice"}``), so no tenant's host receives a probe there (b). A probe
a host caught on a port in no slice (h1, s1/1, while slice A is gone) and that another tenant's host (h4,
s2/2, slice B) sends into the testbed several times is blocked by p4slice's control-plane guard (s2/2 is
not one of the infrastructure ports the lab declares), so ONOS learns no link s1/1-s2/2, and no slice
changes its trunk (a)."""

import time

import pytest

from p4slice_harness.net.traffic import Endpoint, exchange
from p4slice_harness.onos.lab import QUOTA_BPS, SLICE_A, SLICE_B
from p4slice_harness.onos.topology import HOSTS, trunk_link_keys
from p4slice_harness.onos.wait import link_keys, port_number, wait_for, wait_links

pytestmark = [pytest.mark.onos, pytest.mark.timeout(300)]
PROBE_TYPES = (b"\x88\xcc", b"\x89\x42")    # LLDP, BDDP
RELAYS = 5          # each a second apart: more than enough for ONOS's LLDP provider to take one
PROBE_RATE_S = 3    # ONOS's LLDP provider probes every port every 3 s by default (probeRate)


def is_probe(raw: bytes) -> bool:
    return len(raw) > 14 and raw[12:14] in PROBE_TYPES


def spared_ports(lab) -> dict:
    """{"device/port": linkDiscovery config} of ``GET /onos/v1/network/configuration/ports``."""
    body = lab.get("/onos/v1/network/configuration")
    return {cp: cfg["linkDiscovery"] for cp, cfg in body.get("ports", {}).items() if "linkDiscovery" in cfg}


@pytest.fixture
def b_only(lab):
    """Slice B (h2 on s1, h4 on s2) ACTIVE, every other slice removed: h1's port s1/1 is in no slice."""
    lab.wait_p4slice_rest(60)
    wait_links(lab.rest, trunk_link_keys(), 60)
    lab.delete_all_slices(keep=(SLICE_B[0],))
    return lab.ensure_slice(*SLICE_B, quota_bps=QUOTA_BPS)


def test_a_probe_relayed_by_a_tenant_host_makes_no_link(lab, b_only):
    h1 = Endpoint(lab.network.hosts["h1"], "eth0", "h1")
    h4 = Endpoint(lab.network.hosts["h4"], "eth0", "h4")
    before = {s["id"]: s.get("trunkLinks") for s in lab.slices()}
    # s1/1 is in no slice: p4slice took its linkDiscovery config back, ONOS probes it again
    wait_for(lambda: spared_ports(lab), lambda p: f"{HOSTS['h1'][0]}/1" not in p, 30, "s1/1 probed again")
    seen = exchange([], [h1], expect=lambda c: any(is_probe(f.raw) for f in c["h1"]), timeout=15, quiet=0.1)
    probes = [f.raw for f in seen["h1"] if is_probe(f.raw)]
    assert probes, f"ONOS sent no LLDP/BDDP probe out of s1/1 (in no slice) within 15 s: {seen.describe()}"
    for _ in range(RELAYS):
        exchange([(h4, probes[:1])], [], timeout=1, quiet=0)
        time.sleep(1)
    links = link_keys(lab.get("/onos/v1/links"))
    assert links == trunk_link_keys(), f"ONOS learnt links from a relayed probe: {sorted(links)}"
    assert {s["id"]: s.get("trunkLinks") for s in lab.slices()} == before, "a slice changed its trunk"


def test_b_no_probe_leaves_an_access_port(lab, ab):
    access = sorted(f"{d}/{p}" for d, p in SLICE_A[2] + SLICE_B[2])
    spared = wait_for(lambda: spared_ports(lab), lambda p: all(cp in p for cp in access), 30,
                      "every access port's linkDiscovery set by p4slice")
    assert {cp: spared[cp] for cp in access} == {cp: {"enabled": False, "setBy": "org.p4slice"} for cp in access}
    assert all(port_number(cp.rsplit("/", 1)[1]) != 3 for cp in spared), f"a trunk port spared: {spared}"
    time.sleep(1)   # a probe ONOS sent before the config reached its LLDP provider is gone by now
    hosts = [Endpoint(lab.network.hosts[h], "eth0", h) for h in sorted(HOSTS)]
    seen = exchange([], hosts, timeout=3 * PROBE_RATE_S + 1, quiet=3 * PROBE_RATE_S + 1)
    probes = {h: [f.summary() for f in seen[h] if is_probe(f.raw)] for h in sorted(HOSTS)}
    assert probes == {h: [] for h in sorted(HOSTS)}, f"probes out of access ports: {probes}"
    wait_links(lab.rest, trunk_link_keys(), 10)     # the trunk is still probed and found
