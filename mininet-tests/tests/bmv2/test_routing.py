"""L2: routing inside a slice on bmv2 -- l3_forward_v4 and the IPv4 checksum after the TTL decrement.

Same single-slice switch as test_single_slice.py (h1 access, h2 trunk VLAN 110, h3 outside), plus
one route: slice 10, 10.9.0.0/16 -> port 2 (h2), MACs rewritten. The checksum is updated in the
P4 program as one operation per branch (``hc - 0xfeff`` when the high byte is 0xff or hc is
0xfeff, else ``hc + 0x0100``: the form Tofino accepts); each routed frame must leave with TTL - 1
and exactly the checksum a full recomputation gives, also for packets with IP options and for
checksums on both branches. A routed packet with TTL 1 is dropped.
"""

import pytest
from scapy.layers.inet import IP, UDP
from scapy.layers.l2 import Ether
from scapy.utils import checksum

from p4slice_harness.net.traffic import insert_vlan
from p4slice_harness.p4rt.encoding import mac_to_int
from p4slice_harness.p4rt.entities import Lpm
from p4slice_harness.p4rt.install import install_plan
from p4slice_harness.plan import parse_plan
from tests.bmv2.single_slice import DEVICE, SLICE_ID, VLAN, single_slice_plan
from tests.bmv2.test_acl_cpu import send
from tests.bmv2.test_single_slice import payload, raws

pytestmark = [pytest.mark.bmv2, pytest.mark.timeout(300)]

ROUTER_MAC, NEXT_HOP_MAC = "02:00:00:00:aa:01", "02:00:00:00:00:02"
DST = "10.9.0.5"


@pytest.fixture(scope="module")
def tb(single_switch):
    c = single_switch.client
    install_plan(parse_plan(single_slice_plan()), {DEVICE: c})
    c.insert_table_entry("P4SliceIngress.l3_forward_v4", {"slice_id": SLICE_ID, "ipv4_dst": Lpm(0x0A090000, 16)},
                         "P4SliceIngress.route", {"port": 2, "src_mac": mac_to_int(ROUTER_MAC), "dst_mac": mac_to_int(NEXT_HOP_MAC)})
    return single_switch


def packet(tb, ttl, ident=1, options=None):
    ip = IP(src="10.0.0.1", dst=DST, ttl=ttl, id=ident, **({"options": options} if options else {}))
    return Ether(src=tb.macs["h1"], dst=ROUTER_MAC) / ip / UDP(sport=5000, dport=5001) / payload("routed")


def expected(frame):
    """The frame as the router sends it: MACs rewritten, TTL - 1, checksum recomputed, VLAN 110 pushed."""
    out = frame.copy()
    out[Ether].src, out[Ether].dst = ROUTER_MAC, NEXT_HOP_MAC
    out[IP].ttl -= 1
    del out[IP].chksum
    return insert_vlan(bytes(Ether(bytes(out))), VLAN)


def ident_for_high_byte_ff(tb, ttl):
    """An IP id for which the packet's checksum (before routing) has 0xff as its high byte."""
    header = bytearray(bytes(packet(tb, ttl, 0)[IP])[:20])
    header[10:12] = b"\0\0"
    for ident in range(65536):
        header[4:6] = ident.to_bytes(2, "big")
        if checksum(bytes(header)) >> 8 == 0xFF:
            return ident
    raise AssertionError("no IP id gives a checksum with high byte 0xff")


def test_routed_packets_leave_with_ttl_minus_one_and_a_valid_checksum(tb):
    frames = [packet(tb, 64), packet(tb, 2, ident=4321), packet(tb, 64, options=b"\x01\x01\x01\x00"),
              packet(tb, 64, ident=ident_for_high_byte_ff(tb, 64))]
    assert IP(bytes(frames[3][IP])).chksum >> 8 == 0xFF      # the hc - 0xfeff branch is taken
    r = send(tb, "h1", [bytes(f) for f in frames], expect={"h2": len(frames)})
    assert raws(r["h2"]) == [expected(f) for f in frames], r.describe()
    assert r["h1"] == [] and r["h3"] == [], r.describe()
    for raw in raws(r["h2"]):
        ip = Ether(raw)[IP]
        sent = ip.chksum
        del ip.chksum
        assert IP(bytes(ip)).chksum == sent, f"checksum {sent:#06x} of {ip.summary()} is not the recomputed one"


def test_routed_packet_with_ttl_one_is_dropped(tb):
    r = send(tb, "h1", [bytes(packet(tb, 1))])
    assert r["h1"] == [] and r["h2"] == [] and r["h3"] == [], r.describe()
