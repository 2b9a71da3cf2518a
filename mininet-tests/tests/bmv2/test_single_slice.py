"""L2: one slice on one bmv2 switch, installed from a plan, checked with real frames and counters.

Topology (tests/bmv2/conftest.py): h1 - port 1 (access, untagged), h2 - port 2 (trunk, VLAN 110),
h3 - port 3 (outside the slice). Slice 10 / VLAN 110 is installed with plan.py from the plan
in tests/bmv2/single_slice.py.

Counter expectations follow bmv2's counter semantics: a counter cell adds the packet's *ingress*
length (bmv2 ``Counter::increment_counter`` uses ``Packet::get_ingress_length()``), in the
egress pipeline too; so slice_tx_counter bytes are the ingress sizes of the copies that left,
not their (re-tagged) egress sizes. Every test checks the exact deltas of cell 10 and that no
other cell but 0 (the program's "no slice" cell, not part of the contract) moved.
"""

import time

import pytest
from scapy.layers.inet import IP, TCP, UDP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether

from p4slice_harness.net.traffic import Capture, Sender, eth_frame, exchange, insert_vlan, strip_vlan
from p4slice_harness.p4rt.install import install_plan, remove_plan
from p4slice_harness.plan import parse_plan
from tests.bmv2.single_slice import (ACCESS_PORT, DEVICE, GENEROUS_METER, OTHER_VLAN, SLICE_ID, TRUNK_PORT, VLAN,
                                     single_slice_plan)

pytestmark = [pytest.mark.bmv2, pytest.mark.timeout(300)]

EXP_TYPE = 0x88B5          # IEEE local experimental ethertype: no L3 processing involved
BROADCAST = "ff:ff:ff:ff:ff:ff"
UNKNOWN_MAC = "02:00:00:00:00:99"
SILENCE = 1.0              # seconds of capture after sending frames that must be dropped
QUIET = 0.5                # extra capture time after the expected frames arrived


@pytest.fixture(scope="module")
def tb(single_switch):
    """The testbed with the single-slice plan installed."""
    report = install_plan(parse_plan(single_slice_plan()), {DEVICE: single_switch.client})
    assert (report.groups, report.meters, report.entries) == (1, 1, 6)
    return single_switch


def payload(tag: str, size: int = 46) -> bytes:
    body = f"p4slice-test:{tag}:".encode()
    return body + b"." * max(0, size - len(body))


def frame(src, dst, tag, vlan=None, size=46, pcp=0):
    return eth_frame(dst, src, EXP_TYPE, payload(tag, size), vlan=vlan, pcp=pcp)


def wait_for(counts):
    """expect-predicate for exchange(): at least counts[label] frames at each label."""
    return lambda captured: all(len(captured[l]) >= n for l, n in counts.items())


def raws(frames):
    return [f.raw for f in frames]


# -- counters ----------------------------------------------------------------------------------------

def delta(before, after):
    """{"rx"|"tx"|"drop": {index: (dpackets, dbytes)}} for the cells that changed."""
    out = {}
    for k in before:
        cells = {}
        for idx, (p, b) in after[k].items():
            p0, b0 = before[k].get(idx, (0, 0))
            if (p, b) != (p0, b0):
                cells[idx] = (p - p0, b - b0)
        out[k] = cells
    return out


def assert_slice_counters(tb, before, rx=(0, 0), tx=(0, 0), drop=(0, 0)):
    """Cell SLICE_ID moved by exactly rx/tx/drop (packets, bytes); no other cell but 0 moved."""
    d = delta(before, tb.counters())
    got = {k: d[k].get(SLICE_ID, (0, 0)) for k in ("rx", "tx", "drop")}
    assert got == {"rx": rx, "tx": tx, "drop": drop}, f"slice {SLICE_ID} counter deltas (packets, bytes); all: {d}"
    others = {k: {i: v for i, v in cells.items() if i not in (0, SLICE_ID)} for k, cells in d.items()}
    assert others == {"rx": {}, "tx": {}, "drop": {}}, f"cells of other slices moved: {others}"
    return d


def total(frames):
    return (len(frames), sum(len(f) for f in frames))


# -- installation ---------------------------------------------------------------------------------------

def test_plan_installed_and_read_back(tb):
    c = tb.client
    assert len(c.read_table_entries("P4SliceIngress.slice_classifier")) == 2
    assert len(c.read_table_entries("P4SliceIngress.l2_forward")) == 2
    assert len(c.read_table_entries("P4SliceEgress.egress_vlan")) == 2
    for empty in ("P4SliceIngress.acl", "P4SliceIngress.l3_forward_v4", "P4SliceIngress.l3_forward_v6"):
        assert c.read_table_entries(empty) == [], f"{empty} should be empty"
    # the entries read back are the ones written (the server answers in canonical form)
    expected = parse_plan(single_slice_plan()).compile(c.p4info)[DEVICE]
    written = sorted(u.entity.table_entry.SerializeToString(deterministic=True) for _, u in expected.entries)
    read = []
    for table in ("P4SliceIngress.slice_classifier", "P4SliceIngress.l2_forward", "P4SliceEgress.egress_vlan"):
        for e in c.read_table_entries(table):
            e.ClearField("counter_data")        # direct counter data comes along with classifier entries
            read.append(e.SerializeToString(deterministic=True))
    assert sorted(read) == written
    assert c.read_multicast_group(SLICE_ID) == [(ACCESS_PORT, 0), (TRUNK_PORT, 0)]
    g = GENEROUS_METER
    assert c.read_meter("P4SliceIngress.slice_meter", SLICE_ID) == (g["cir"], g["cburst"], g["pir"], g["pburst"])


# -- (a) access -> trunk ----------------------------------------------------------------------------------

def test_a_untagged_from_access_port_leaves_trunk_tagged(tb):
    h1, h2, h3 = tb.hosts["h1"], tb.hosts["h2"], tb.hosts["h3"]
    m1, m2 = tb.macs["h1"], tb.macs["h2"]
    sent = [
        frame(m1, m2, "a-raw"),
        frame(m1, m2, "a-big", size=1000),
        bytes(Ether(src=m1, dst=m2) / IP(src="10.0.0.1", dst="10.0.0.2") / UDP(sport=1234, dport=5678)
              / payload("a-udp4")),
        bytes(Ether(src=m1, dst=m2) / IP(src="10.0.0.1", dst="10.0.0.2") / TCP(sport=1234, dport=80, flags="S")
              / payload("a-tcp4")),
        bytes(Ether(src=m1, dst=m2) / IPv6(src="fd00::1", dst="fd00::2") / UDP(sport=1, dport=2) / payload("a-udp6")),
    ]
    before = tb.counters()
    r = exchange([(h1, sent)], [h1, h2, h3], expect=wait_for({"h2": len(sent)}), timeout=10, quiet=QUIET)
    assert raws(r["h2"]) == [insert_vlan(f, VLAN) for f in sent], r.describe()
    assert all(f.vlan == VLAN for f in r["h2"])
    assert r["h1"] == [] and r["h3"] == [], r.describe()
    assert_slice_counters(tb, before, rx=total(sent), tx=total(sent))


# -- (b) trunk -> access ----------------------------------------------------------------------------------

def test_b_tagged_from_trunk_leaves_access_port_untagged(tb):
    h1, h2, h3 = tb.hosts["h1"], tb.hosts["h2"], tb.hosts["h3"]
    m1, m2 = tb.macs["h1"], tb.macs["h2"]
    sent = [
        frame(m2, m1, "b-raw", vlan=VLAN),
        frame(m2, m1, "b-big", vlan=VLAN, size=1200),
        bytes(Ether(src=m2, dst=m1) / IP(src="10.0.0.2", dst="10.0.0.1") / UDP(sport=5678, dport=1234)
              / payload("b-udp4")),
    ]
    sent[2] = insert_vlan(sent[2], VLAN)
    before = tb.counters()
    r = exchange([(h2, sent)], [h1, h2, h3], expect=wait_for({"h1": len(sent)}), timeout=10, quiet=QUIET)
    assert raws(r["h1"]) == [strip_vlan(f) for f in sent], r.describe()
    assert all(f.vlan is None for f in r["h1"])
    assert r["h2"] == [] and r["h3"] == [], r.describe()
    assert_slice_counters(tb, before, rx=total(sent), tx=total(sent))


# -- (c) flooding ------------------------------------------------------------------------------------------

def test_c_broadcast_from_access_floods_to_trunk_only(tb):
    h1, h2, h3 = tb.hosts["h1"], tb.hosts["h2"], tb.hosts["h3"]
    sent = [frame(tb.macs["h1"], BROADCAST, "c-bcast"),
            frame(tb.macs["h1"], UNKNOWN_MAC, "c-unknown-unicast")]   # l2_forward miss -> flood()
    before = tb.counters()
    r = exchange([(h1, sent)], [h1, h2, h3], expect=wait_for({"h2": len(sent)}), timeout=10, quiet=SILENCE)
    assert raws(r["h2"]) == [insert_vlan(f, VLAN) for f in sent], r.describe()
    assert r["h3"] == [], "flooded copy left by a port outside the slice\n" + r.describe()
    assert r["h1"] == [], "flooded copy went back out of its ingress port\n" + r.describe()
    # one copy per frame left the switch (to h2); the copy to the ingress port was dropped, uncounted
    assert_slice_counters(tb, before, rx=total(sent), tx=total(sent))


def test_c_broadcast_from_trunk_floods_to_access_only(tb):
    h1, h2, h3 = tb.hosts["h1"], tb.hosts["h2"], tb.hosts["h3"]
    sent = [frame(tb.macs["h2"], BROADCAST, "c-bcast-trunk", vlan=VLAN)]
    before = tb.counters()
    r = exchange([(h2, sent)], [h1, h2, h3], expect=wait_for({"h1": 1}), timeout=10, quiet=SILENCE)
    assert raws(r["h1"]) == [strip_vlan(sent[0])], r.describe()
    assert r["h2"] == [] and r["h3"] == [], r.describe()
    assert_slice_counters(tb, before, rx=total(sent), tx=total(sent))


# -- (d) wrong VLAN on the trunk ------------------------------------------------------------------------------

def test_d_other_vlan_or_untagged_on_trunk_is_dropped(tb):
    h1, h2, h3 = tb.hosts["h1"], tb.hosts["h2"], tb.hosts["h3"]
    m1, m2 = tb.macs["h1"], tb.macs["h2"]
    dropped = [frame(m2, m1, "d-vlan111", vlan=OTHER_VLAN),
               frame(m2, BROADCAST, "d-vlan111-bcast", vlan=OTHER_VLAN),
               frame(m2, m1, "d-untagged-on-trunk")]            # (port 2, vlan 0) is not in the slice
    before = tb.counters()
    r = exchange([(h2, dropped)], [h1, h2, h3], timeout=10, quiet=SILENCE)
    assert r["h1"] == [] and r["h2"] == [] and r["h3"] == [], r.describe()
    assert_slice_counters(tb, before)          # nothing in cell 10
    # liveness: the same port still forwards the slice's own VLAN right after
    ok = [frame(m2, m1, "d-control", vlan=VLAN)]
    r = exchange([(h2, ok)], [h1], expect=wait_for({"h1": 1}), timeout=10, quiet=QUIET)
    assert raws(r["h1"]) == [strip_vlan(ok[0])], r.describe()


# -- (e) port outside the slice -----------------------------------------------------------------------------

def test_e_frames_from_port_outside_slice_are_dropped(tb):
    h1, h2, h3 = tb.hosts["h1"], tb.hosts["h2"], tb.hosts["h3"]
    m3 = tb.macs["h3"]
    dropped = [frame(m3, tb.macs["h1"], "e-untagged"),
               frame(m3, tb.macs["h2"], "e-tagged-110", vlan=VLAN),
               frame(m3, BROADCAST, "e-bcast"),
               frame(m3, BROADCAST, "e-bcast-110", vlan=VLAN)]
    before = tb.counters()
    r = exchange([(h3, dropped)], [h1, h2, h3], timeout=10, quiet=SILENCE)
    assert r["h1"] == [] and r["h2"] == [] and r["h3"] == [], r.describe()
    assert_slice_counters(tb, before)


# -- (f) counters over a mixed batch --------------------------------------------------------------------------

def test_f_counters_equal_traffic_and_ignore_denied_frames(tb):
    h1, h2, h3 = tb.hosts["h1"], tb.hosts["h2"], tb.hosts["h3"]
    m1, m2, m3 = tb.macs["h1"], tb.macs["h2"], tb.macs["h3"]
    from_h1 = [frame(m1, m2, f"f-h1-{i}", size=60 + 97 * i) for i in range(7)]
    from_h2 = [frame(m2, m1, f"f-h2-{i}", vlan=VLAN, size=80 + 131 * i) for i in range(5)]
    denied = [frame(m2, m1, "f-111", vlan=OTHER_VLAN, size=300), frame(m3, m1, "f-h3", size=500)]
    before = tb.counters()
    r = exchange([(h1, from_h1), (h2, from_h2), (h2, denied[:1]), (h3, denied[1:])], [h1, h2, h3],
                 expect=wait_for({"h1": len(from_h2), "h2": len(from_h1)}), timeout=10, quiet=SILENCE)
    assert sorted(raws(r["h2"])) == sorted(insert_vlan(f, VLAN) for f in from_h1), r.describe()
    assert sorted(raws(r["h1"])) == sorted(strip_vlan(f) for f in from_h2), r.describe()
    assert r["h3"] == [], r.describe()
    # received by the hosts: 7 frames at h2 (+4 bytes tag each), 5 at h1 (-4 bytes each)
    assert total(raws(r["h2"])) == (7, total(from_h1)[1] + 7 * 4)
    assert total(raws(r["h1"])) == (5, total(from_h2)[1] - 5 * 4)
    # counted: everything of the slice, at its ingress size; the denied frames nowhere in cell 10
    slice_frames = from_h1 + from_h2
    assert_slice_counters(tb, before, rx=total(slice_frames), tx=total(slice_frames))


# -- meter ------------------------------------------------------------------------------------------------------

def _stable_counters(tb, settle=0.5, timeout=30.0):
    """Counters once cell SLICE_ID of rx/tx/drop stopped moving for ``settle`` seconds."""
    deadline = time.monotonic() + timeout
    last = tb.counters()
    while time.monotonic() < deadline:
        time.sleep(settle)
        cur = tb.counters()
        if all(cur[k].get(SLICE_ID) == last[k].get(SLICE_ID) for k in cur):
            return cur
        last = cur
    pytest.fail(f"slice counters still moving after {timeout}s")


def test_meter_drops_above_quota(tb):
    """Quota 20000 B/s (bursts 2000 B); 300 frames of 1000 B offered at ~2 MB/s.

    The frames are paced 0.5 ms apart: a completely unpaced burst loses most frames inside bmv2
    before its ingress pipeline (measured: ~33 of 300 processed, kernel veth counters show no
    drop), which would leave the meter little to do; those losses are counted nowhere."""
    h1, h2, h3 = tb.hosts["h1"], tb.hosts["h2"], tb.hosts["h3"]
    rate, burst, n, size, gap, lag = 20_000, 2_000, 300, 1000, 0.0005, 0.5
    client = tb.client
    client.write_meter("P4SliceIngress.slice_meter", SLICE_ID, cir=rate, cburst=burst, pir=rate, pburst=burst)
    try:
        assert client.read_meter("P4SliceIngress.slice_meter", SLICE_ID) == (rate, burst, rate, burst)
        blast = [frame(tb.macs["h1"], tb.macs["h2"], f"m-{i}", size=size - 14) for i in range(n)]
        assert all(len(f) == size for f in blast)
        before = tb.counters()
        with Capture(h2) as cap2, Capture(h3) as cap3, Sender(h1) as sender:
            t0 = time.monotonic()
            sender.send(blast, interval=gap)
            send_time = time.monotonic() - t0
            after = _stable_counters(tb)
            time.sleep(QUIET)
            at_h2, at_h3 = cap2.snapshot(), cap3.snapshot()
        d = delta(before, after)
        rx, tx, drop = (d[k].get(SLICE_ID, (0, 0)) for k in ("rx", "tx", "drop"))
        info = f"n={n} rx={rx} tx={tx} drop={drop} captured at h2={len(at_h2)} sending took {send_time:.3f}s"
        print("meter:", info)
        assert drop[0] > 0, "meter dropped nothing: " + info
        assert rx[0] == tx[0] + drop[0], "rx != tx + drop (packets): " + info
        assert rx[1] == tx[1] + drop[1], "rx != tx + drop (bytes): " + info
        assert rx == (rx[0], rx[0] * size) and 0 < rx[0] <= n, info
        # what passed is what the quota allows: the burst plus the rate over the sending time
        # (plus `lag` s for bmv2 to work through its queue) plus one frame
        assert tx[1] <= burst + rate * (send_time + lag) + size, "meter let too much through: " + info
        # every frame the meter passed reached h2, tagged; nothing leaked to h3
        assert len(at_h2) == tx[0], info
        assert all(f.vlan == VLAN for f in at_h2) and at_h3 == [], info
        others = {k: {i: v for i, v in cells.items() if i not in (0, SLICE_ID)} for k, cells in d.items()}
        assert others == {"rx": {}, "tx": {}, "drop": {}}
    finally:
        g = GENEROUS_METER
        client.write_meter("P4SliceIngress.slice_meter", SLICE_ID, g["cir"], g["cburst"], g["pir"], g["pburst"])


# -- removal (last: leaves the switch without the slice) ----------------------------------------------------

def test_z_remove_plan_leaves_nothing_and_traffic_is_denied(tb):
    remove_plan(parse_plan(single_slice_plan()), {DEVICE: tb.client})
    c = tb.client
    for table in ("P4SliceIngress.slice_classifier", "P4SliceIngress.l2_forward", "P4SliceEgress.egress_vlan"):
        assert c.read_table_entries(table) == [], f"{table} not empty after remove_plan"
    assert c.read_multicast_group(SLICE_ID) is None
    assert c.read_meter("P4SliceIngress.slice_meter", SLICE_ID) == (0, 0, 0, 0)   # back to unconfigured
    h1, h2, h3 = tb.hosts["h1"], tb.hosts["h2"], tb.hosts["h3"]
    before = tb.counters()
    r = exchange([(h1, [frame(tb.macs["h1"], tb.macs["h2"], "z-after-removal")])], [h1, h2, h3], quiet=SILENCE)
    assert r["h1"] == [] and r["h2"] == [] and r["h3"] == [], r.describe()
    assert_slice_counters(tb, before)
