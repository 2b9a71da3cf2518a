"""L2: the acl and the CPU port on bmv2 — what ONOS's packet requests and filters become.

Same single-slice switch as test_single_slice.py (h1 access, h2 trunk VLAN 110, h3 outside), plus
what p4slice's pipeliner writes for ONOS (``AclRuleTranslator``): LLDP -> ``punt_to_cpu``, ARP ->
``copy_to_cpu`` (with the CPU clone session), a DENY filter (UDP port 9) -> ``drop``, a TCP port
80 request -> ``copy_to_cpu``. Checked per frame: the packet-ins (payload as received, metadata
``ingress_port``), what leaves by which port, the slice counters (cell 10 and the no-slice cell 0);
and packet-outs leave by the requested port exactly as sent. IPv6 hosts: ONOS's NDP requests
(``requestIpv6ND``: ICMPv6 135/136, next header 58) -> ``copy_to_cpu`` on the acl's ``icmp_type``, so
ONOS learns IPv6-only hosts while their neighbour discovery and traffic stay in their slice.
"""

import queue
import time
from socket import AF_INET6, inet_ntop, inet_pton

import pytest
from p4.v1 import p4runtime_pb2
from scapy.layers.inet import IP, TCP, UDP
from scapy.layers.inet6 import ICMPv6EchoRequest, ICMPv6ND_NA, ICMPv6ND_NS, ICMPv6NDOptSrcLLAddr, IPv6
from scapy.layers.l2 import ARP, Ether
from scapy.utils6 import in6_getnsma, in6_getnsmac

from p4slice_harness.net.traffic import Capture, exchange, insert_vlan
from p4slice_harness.p4rt.entities import Ternary, update
from p4slice_harness.p4rt.install import install_plan
from p4slice_harness.plan import parse_plan
from tests.bmv2.single_slice import DEVICE, SLICE_ID, VLAN, single_slice_plan
from tests.bmv2.test_single_slice import delta, payload, raws, total, wait_for

pytestmark = [pytest.mark.bmv2, pytest.mark.timeout(300)]

CPU_PORT, CLONE_SESSION = 255, 511
ACL = "P4SliceIngress.acl"
IN_PORT_ID = OUT_PORT_ID = 1           # packet_in.ingress_port / packet_out.egress_port metadata ids
QUIET = 0.5
BROADCAST = "ff:ff:ff:ff:ff:ff"
NDP_NS, NDP_NA = 135, 136
V6 = {"h1": "2001:db8::1", "h2": "2001:db8::2", "h3": "2001:db8::3"}


@pytest.fixture(scope="module")
def tb(single_switch):
    c = single_switch.client
    install_plan(parse_plan(single_slice_plan()), {DEVICE: c})
    clone = p4runtime_pb2.PacketReplicationEngineEntry()
    clone.clone_session_entry.session_id = CLONE_SESSION
    clone.clone_session_entry.replicas.add(egress_port=CPU_PORT, instance=0)
    c.write([update("packet_replication_engine_entry", clone)])
    full16 = 0xFFFF
    c.insert_table_entry(ACL, {"eth_type": Ternary(0x88CC, full16)}, "P4SliceIngress.punt_to_cpu", priority=40000)
    c.insert_table_entry(ACL, {"eth_type": Ternary(0x0806, full16)}, "P4SliceIngress.copy_to_cpu", priority=40000)
    c.insert_table_entry(ACL, {"eth_type": Ternary(0x0800, full16), "ip_proto": Ternary(17, 0xFF),
                               "l4_dst_port": Ternary(9, full16)}, "acl_drop", priority=30000)
    c.insert_table_entry(ACL, {"ingress_port": Ternary(1, 0x1FF), "ip_proto": Ternary(6, 0xFF),
                               "l4_dst_port": Ternary(80, full16)}, "P4SliceIngress.copy_to_cpu", priority=30000)
    for icmp_type in (NDP_NS, NDP_NA):   # ONOS's host provider with requestIpv6ND (OnosTranslationTest)
        c.insert_table_entry(ACL, {"eth_type": Ternary(0x86DD, full16), "ip_proto": Ternary(58, 0xFF),
                                   "icmp_type": Ternary(icmp_type, 0xFF)}, "P4SliceIngress.copy_to_cpu",
                             priority=40000)
    return single_switch


def packet_ins(tb, n, timeout=5.0):
    """The next ``n`` packet-ins, then none for QUIET s; [(payload, ingress_port)]."""
    got = []
    deadline = time.monotonic() + timeout
    while len(got) < n and time.monotonic() < deadline:
        try:
            payload_, meta = tb.client.packet_ins.get(timeout=max(0.01, deadline - time.monotonic()))
            got.append((payload_, meta.get(IN_PORT_ID)))
        except queue.Empty:
            break
    try:
        extra = tb.client.packet_ins.get(timeout=QUIET)
        got.append((extra[0], extra[1].get(IN_PORT_ID)))
    except queue.Empty:
        pass
    return got


def counters_moved(tb, before):
    d = delta(before, tb.counters())
    return {k: {i: v for i, v in cells.items()} for k, cells in d.items()}


def send(tb, host, frames, expect=None):
    hosts = [tb.hosts[h] for h in ("h1", "h2", "h3")]
    return exchange([(tb.hosts[host], frames)], hosts, expect=wait_for(expect or {}), timeout=5, quiet=QUIET)


def lldp(src):
    return bytes(Ether(src=src, dst="01:80:c2:00:00:0e", type=0x88CC) / payload("lldp"))


def test_lldp_is_punted_from_a_slice_port_and_from_outside(tb):
    before = tb.counters()
    for host, port in (("h1", 1), ("h3", 3)):
        f = lldp(tb.macs[host])
        r = send(tb, host, [f])
        assert r["h1"] == [] and r["h2"] == [] and r["h3"] == [], r.describe()
        assert packet_ins(tb, 1) == [(f, port)]
    f = lldp(tb.macs["h1"])
    assert counters_moved(tb, before) == {"rx": {SLICE_ID: total([f]), 0: total([f])}, "tx": {}, "drop": {}}


def test_arp_is_copied_and_still_flooded_in_the_slice(tb):
    m1 = tb.macs["h1"]
    f = bytes(Ether(src=m1, dst=BROADCAST) / ARP(hwsrc=m1, psrc="10.0.0.1", pdst="10.0.0.2"))
    before = tb.counters()
    r = send(tb, "h1", [f], expect={"h2": 1})
    assert raws(r["h2"]) == [insert_vlan(f, VLAN)] and r["h3"] == [], r.describe()
    assert packet_ins(tb, 1) == [(f, 1)]
    assert counters_moved(tb, before) == {"rx": {SLICE_ID: total([f])}, "tx": {SLICE_ID: total([f])}, "drop": {}}


def test_arp_from_outside_reaches_onos_only(tb):
    m3 = tb.macs["h3"]
    f = bytes(Ether(src=m3, dst=BROADCAST) / ARP(hwsrc=m3, psrc="10.0.0.3", pdst="10.0.0.1"))
    before = tb.counters()
    r = send(tb, "h3", [f])
    assert r["h1"] == [] and r["h2"] == [], r.describe()
    assert packet_ins(tb, 1) == [(f, 3)]
    assert counters_moved(tb, before) == {"rx": {0: total([f])}, "tx": {}, "drop": {0: total([f])}}


def test_acl_drop_and_tcp_copy_use_the_l4_ports(tb):
    m1, m2 = tb.macs["h1"], tb.macs["h2"]
    ip = IP(src="10.0.0.1", dst="10.0.0.2")
    dropped = bytes(Ether(src=m1, dst=m2) / ip / UDP(sport=7, dport=9) / payload("discard"))
    passed = bytes(Ether(src=m1, dst=m2) / ip / UDP(sport=7, dport=10) / payload("udp-10"))
    copied = bytes(Ether(src=m1, dst=m2) / ip / TCP(sport=1234, dport=80, flags="S") / payload("http"))
    before = tb.counters()
    r = send(tb, "h1", [dropped, passed, copied], expect={"h2": 2})
    assert raws(r["h2"]) == [insert_vlan(passed, VLAN), insert_vlan(copied, VLAN)], r.describe()
    assert packet_ins(tb, 1) == [(copied, 1)]
    assert counters_moved(tb, before) == {"rx": {SLICE_ID: total([dropped, passed, copied])},
                                          "tx": {SLICE_ID: total([passed, copied])}, "drop": {}}


def test_packet_out_leaves_by_the_requested_port_unchanged(tb):
    m1, m2 = tb.macs["h1"], tb.macs["h2"]
    to_h2 = bytes(Ether(src=m1, dst=m2, type=0x88B5) / payload("packet-out-2"))
    to_h3 = insert_vlan(bytes(Ether(src=m1, dst=BROADCAST, type=0x88B5) / payload("packet-out-3")), 42)
    before = tb.counters()
    caps = {h: Capture(tb.hosts[h]).start() for h in ("h1", "h2", "h3")}
    try:
        tb.client.send_packet_out(to_h2, {OUT_PORT_ID: 2})
        tb.client.send_packet_out(to_h3, {OUT_PORT_ID: 3})
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not (caps["h2"].snapshot() and caps["h3"].snapshot()):
            time.sleep(0.05)
        time.sleep(QUIET)
    finally:
        got = {h: c.stop() for h, c in caps.items()}
    assert raws(got["h2"]) == [to_h2] and raws(got["h3"]) == [to_h3] and got["h1"] == [], got
    assert counters_moved(tb, before) == {"rx": {}, "tx": {}, "drop": {}}


def solicitation(tb, src, target):
    """A neighbour solicitation from ``src`` for ``target``'s address, to its solicited-node group."""
    group = in6_getnsma(inet_pton(AF_INET6, V6[target]))
    return bytes(Ether(src=tb.macs[src], dst=in6_getnsmac(group)) / IPv6(src=V6[src], dst=inet_ntop(AF_INET6, group),
                                                                      hlim=255)
                 / ICMPv6ND_NS(tgt=V6[target]) / ICMPv6NDOptSrcLLAddr(lladdr=tb.macs[src]))


def test_ndp_is_copied_and_stays_in_the_slice(tb):
    ns = solicitation(tb, "h1", "h2")
    na = bytes(Ether(src=tb.macs["h2"], dst=tb.macs["h1"]) / IPv6(src=V6["h2"], dst=V6["h1"], hlim=255)
               / ICMPv6ND_NA(tgt=V6["h2"], R=0, S=1, O=1))
    before = tb.counters()
    r = send(tb, "h1", [ns], expect={"h2": 1})
    assert raws(r["h2"]) == [insert_vlan(ns, VLAN)] and r["h3"] == [], r.describe()
    assert packet_ins(tb, 1) == [(ns, 1)]
    tagged_na = insert_vlan(na, VLAN)
    r = send(tb, "h2", [tagged_na], expect={"h1": 1})
    assert raws(r["h1"]) == [na] and r["h3"] == [], r.describe()
    assert packet_ins(tb, 1) == [(tagged_na, 2)]
    # counters add ingress lengths (see test_single_slice.py)
    assert counters_moved(tb, before) == {"rx": {SLICE_ID: total([ns, tagged_na])},
                                          "tx": {SLICE_ID: total([ns, tagged_na])}, "drop": {}}


def test_ipv6_traffic_crosses_its_slice_only_and_is_not_copied(tb):
    m1, m2 = tb.macs["h1"], tb.macs["h2"]
    ip = IPv6(src=V6["h1"], dst=V6["h2"])
    ping = bytes(Ether(src=m1, dst=m2) / ip / ICMPv6EchoRequest(id=7, seq=1, data=b"p4slice-v6"))
    udp = bytes(Ether(src=m1, dst=m2) / ip / UDP(sport=5001, dport=5002) / payload("udp-v6"))
    r = send(tb, "h1", [ping, udp], expect={"h2": 2})
    assert raws(r["h2"]) == [insert_vlan(ping, VLAN), insert_vlan(udp, VLAN)] and r["h3"] == [], r.describe()
    assert packet_ins(tb, 0) == [], "only NDP (135/136) is copied to ONOS"


def test_ndp_from_outside_every_slice_reaches_onos_only(tb):
    ns = solicitation(tb, "h3", "h1")
    before = tb.counters()
    r = send(tb, "h3", [ns])
    assert r["h1"] == [] and r["h2"] == [], r.describe()
    assert packet_ins(tb, 1) == [(ns, 3)]
    assert counters_moved(tb, before) == {"rx": {0: total([ns])}, "tx": {}, "drop": {0: total([ns])}}
