"""(m) Links nobody can fake: ONOS sends its LLDP probes out of every port, tenants' access ports
included. A tenant's host h1 (s1/1) captures the probe ONOS sent out of s1/1 and its host h3 (s2/1)
sends it into s2/1 again, several times. p4slice's control-plane guard blocks the probe's packet-in
(s2/1 is not one of the infrastructure ports the lab declares), so ONOS learns no link s1/1-s2/1, and
no slice changes its trunk."""

import time

import pytest

from p4slice_harness.net.traffic import Endpoint, exchange
from p4slice_harness.onos.topology import trunk_link_keys
from p4slice_harness.onos.wait import link_keys

pytestmark = [pytest.mark.onos, pytest.mark.timeout(300)]
ETH_LLDP = b"\x88\xcc"
RELAYS = 5          # each a second apart: more than enough for ONOS's LLDP provider to take one


def is_probe(raw: bytes) -> bool:
    return len(raw) > 14 and raw[12:14] == ETH_LLDP


def test_a_probe_relayed_between_two_tenant_hosts_makes_no_link(lab, ab):
    hosts = {h: Endpoint(lab.network.hosts[h], "eth0", h) for h in ("h1", "h3")}
    before = {s["id"]: s.get("trunkLinks") for s in lab.slices()}
    # ONOS probes every port every few seconds (LLDP provider's probeRate, 3 s by default)
    seen = exchange([], [hosts["h1"]], expect=lambda c: any(is_probe(f.raw) for f in c["h1"]), timeout=15,
                    quiet=0.1)
    probes = [f.raw for f in seen["h1"] if is_probe(f.raw)]
    assert probes, f"ONOS sent no LLDP probe out of s1/1 within 15 s: {seen.describe()}"
    for _ in range(RELAYS):
        exchange([(hosts["h3"], probes[:1])], [], timeout=1, quiet=0)
        time.sleep(1)
    links = link_keys(lab.get("/onos/v1/links"))
    assert links == trunk_link_keys(), f"ONOS learnt links from a relayed probe: {sorted(links)}"
    assert {s["id"]: s.get("trunkLinks") for s in lab.slices()} == before, "a slice changed its trunk"
