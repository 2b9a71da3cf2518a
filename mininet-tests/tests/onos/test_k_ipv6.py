"""(k) IPv6 hosts: ONOS's NDP packet requests (``requestIpv6ND`` of the host provider: ICMPv6 135/136)
are acl entries on the ``icmp_type`` (ONOS refuses none of this test's requests), so a neighbour
solicitation is copied to ONOS while it floods within its slice (slice A: h3 gets it; slice B's h2
and h4 do not); ONOS learns the IPv6-only host that sent it, and slice A gets its ``l2_forward``
entries on both switches."""

from contextlib import contextmanager
from socket import AF_INET6, inet_ntop, inet_pton

import pytest
from scapy.layers.inet6 import ICMPv6ND_NS, ICMPv6NDOptSrcLLAddr, IPv6
from scapy.layers.l2 import Ether
from scapy.utils6 import in6_getnsma, in6_getnsmac

from p4slice_harness.net.traffic import Endpoint, exchange
from p4slice_harness.onos.topology import S1, S2
from p4slice_harness.onos.wait import wait_for
from tests.onos.test_g_unicast import l2_macs

pytestmark = [pytest.mark.onos, pytest.mark.timeout(300)]
HOST_PROVIDER = "org.onosproject.provider.host.impl.HostLocationProvider"
ACL = "P4SliceIngress.acl"  # tableName of the acl's flows
V6_MAC, V6_IP, TARGET = "00:00:00:00:00:61", "2001:db8::61", "2001:db8::3"


def icmp_type_entries(flows):
    """The ICMPv6 types matched by the ADDED acl entries among ONOS's flows (the pipeliner keeps the
    objective's criteria, ICMPV6_TYPE among them)."""
    out = set()
    for flow in flows:
        if flow.get("tableName") != ACL or flow.get("state") != "ADDED":
            continue
        for criterion in flow.get("selector", {}).get("criteria", []):
            if criterion.get("type") == "ICMPV6_TYPE":
                out.add(int(criterion.get("icmpv6Type")))
    return out


def solicitation():
    group = in6_getnsma(inet_pton(AF_INET6, TARGET))
    return bytes(Ether(src=V6_MAC, dst=in6_getnsmac(group))
                 / IPv6(src=V6_IP, dst=inet_ntop(AF_INET6, group), hlim=255)
                 / ICMPv6ND_NS(tgt=TARGET) / ICMPv6NDOptSrcLLAddr(lladdr=V6_MAC))


@contextmanager
def ndp_requested(lab, wait_s: float = 75):
    """ONOS asked for NDP packets (the host provider's requestIpv6ND) until the block ends; entered once
    its acl entries on the ICMPv6 types 135/136 are ADDED on both switches."""
    lab.rest.request("POST", f"/onos/v1/configuration/{HOST_PROVIDER}", {"requestIpv6ND": "true"})
    try:
        for device in (S1, S2):
            # ADDED only once ONOS's flow poll (fallbackFlowPollFrequency, 30 s by default) has read them back
            wait_for(lambda: icmp_type_entries(lab.flows(device)), lambda got: {135, 136} <= got, wait_s,
                     f"NDP acl entries on {device}", describe=lambda got: f"{sorted(got)}")
        yield
    finally:
        lab.rest.request("POST", f"/onos/v1/configuration/{HOST_PROVIDER}", {"requestIpv6ND": "false"})


def test_an_ipv6_only_host_is_learned_and_gets_its_unicast_entries(lab, ab):
    mark = lab.onos.mark()      # the NDP requests of this test (an earlier one may have made and restarted some)
    try:
        with ndp_requested(lab):
            assert lab.onos.grep(r"ICMPV6_TYPE", mark, level="WARN") == [], "ONOS's NDP requests were refused"
            hosts = {h: Endpoint(lab.network.hosts[h], "eth0", h) for h in ("h1", "h2", "h3", "h4")}
            ns = solicitation()
            result = exchange([(hosts["h1"], [ns])], [hosts["h2"], hosts["h3"], hosts["h4"]],
                              expect=lambda c: any(f.raw == ns for f in c["h3"]), timeout=5, quiet=0.5)
            assert [f.raw for f in result["h3"] if f.raw == ns] == [ns], result.describe()
            assert not any(f.raw == ns for f in result["h2"] + result["h4"]), "slice B saw slice A's NDP"

            host = wait_for(lambda: lab.host_by_mac(V6_MAC),
                            lambda h: h is not None and V6_IP in h.get("ipAddresses", []), 30, f"ONOS learning {V6_IP}",
                            describe=lambda h: f"{h}")
            assert host["ipAddresses"] == [V6_IP], f"an IPv6-only host: {host}"
            assert [(loc["elementId"], str(loc["port"])) for loc in host["locations"]] == [(S1, "1")], host
            want = V6_MAC.replace(":", "")
            for device in (S1, S2):
                wait_for(lambda: l2_macs(lab.flows(device)), lambda got: want in got, 30,
                         f"l2_forward entry of {V6_MAC} on {device}", describe=lambda got: f"{sorted(got)}")
    finally:
        host = lab.host_by_mac(V6_MAC)
        if host is not None:
            lab.remove_host(host)
