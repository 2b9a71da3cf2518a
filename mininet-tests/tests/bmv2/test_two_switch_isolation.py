"""L2: the testbed's shape — two bmv2 switches joined by a trunk, eight hosts, four slices — with the
entries ONOS would write.

Scenario ``scenarios/two-switch-four-slices.json``: s1 and s2 joined by s1:5 <-> s2:5; hN on s1
port N and hN+4 on s2 port N (N = 1..4); slice 10·k (VLAN 110, 120, 130, 140) joins hk with hk+4.
Installed plan: ``scenarios/plans/two-switch-four-slices.onos.plan.json`` — the output of ONOS's
own PI translators run over every flow rule, meter and group the real slice manager submits when it
creates those slices (the plan exporter of ``tools/``; Java test ``CommittedPlansTest`` fails when
it is stale).

What is shown: intra-slice traffic works across the trunk (ICMP echo answered by the far host's
kernel; unicast and broadcast frames delivered untagged), the trunk carries each slice under its
own VLAN, no frame ever reaches a host of another slice (unicast to a foreign MAC, broadcast,
frames tagged with another slice's VLAN), the counters of each slice count exactly its own frames,
and releasing the slices leaves both switches' tables and groups empty.
"""

import time

import pytest

from p4slice_harness.net.traffic import Endpoint, eth_frame, exchange
from p4slice_harness.p4rt.install import remove_plan
from tests.bmv2.conftest import running_scenario

pytestmark = [pytest.mark.bmv2, pytest.mark.timeout(600)]

SCENARIO = "two-switch-four-slices"
EXP_TYPE = 0x88B5
BROADCAST = "ff:ff:ff:ff:ff:ff"
SLICES = {10: ("h1", "h5"), 20: ("h2", "h6"), 30: ("h3", "h7"), 40: ("h4", "h8")}
S1, S2 = "device:bmv2:s1", "device:bmv2:s2"


@pytest.fixture(scope="module")
def bed(tmp_path_factory):
    with running_scenario(tmp_path_factory, SCENARIO) as (tb, plan, report):
        # 4 slices x 2 switches: one group and one meter cell each; 48 table entries
        assert (report.groups, report.meters, report.entries) == (8, 8, 48)
        yield tb, plan


def host_of(tb, name):
    return tb.scenario.host(name)


def frame(tb, src, dst_mac, tag, vlan=None):
    body = f"p4slice-iso:{tag}".encode()
    return eth_frame(dst_mac, host_of(tb, src).mac, EXP_TYPE, body, vlan=vlan)


def all_hosts(tb):
    return [tb.endpoint(h.name) for h in tb.scenario.hosts]


def trunk(tb):
    """Capture point on the inter-switch link: s2's end of it (inside s2's namespace)."""
    return Endpoint(tb.net.namespaces["s2"], "s2-eth5", "trunk")


def ours(frames, tag):
    return [f for f in frames if f"p4slice-iso:{tag}".encode() in f.raw]


@pytest.mark.parametrize("slice_id", sorted(SLICES))
def test_intra_slice_ping_across_the_trunk(bed, slice_id):
    tb, _ = bed
    a, b = SLICES[slice_id]
    r = tb.ping(a, b, count=5, timeout=2.0)
    assert r.received == 5, f"slice {slice_id}: {a} -> {b}: {r.received}/5 answered"


@pytest.mark.parametrize("src,dst", [("h1", "h6"), ("h1", "h2"), ("h2", "h5"), ("h3", "h8"), ("h8", "h3"),
                                     ("h7", "h5")])
def test_cross_slice_ping_fails(bed, src, dst):
    tb, _ = bed
    r = tb.ping(src, dst, count=3, timeout=0.5, interval=0.0)
    assert r.received == 0, f"{src} ({tb.scenario.slice_of_host(src).id}) reached {dst}: {r.rtts}"


@pytest.mark.parametrize("slice_id", sorted(SLICES))
def test_slice_frames_stay_in_the_slice_and_cross_the_trunk_tagged(bed, slice_id):
    tb, _ = bed
    spec = tb.scenario.slice(slice_id)
    src, dst = SLICES[slice_id]
    tag_u, tag_b = f"u{slice_id}", f"b{slice_id}"
    sends = [(tb.endpoint(src), [frame(tb, src, host_of(tb, dst).mac, tag_u), frame(tb, src, BROADCAST, tag_b)])]
    res = exchange(sends, all_hosts(tb) + [trunk(tb)],
                   expect=lambda c: len(ours(c[dst], tag_u)) >= 1 and len(ours(c[dst], tag_b)) >= 1, timeout=5)
    got = ours(res[dst], tag_u) + ours(res[dst], tag_b)
    assert len(got) == 2 and all(f.vlan is None for f in got), res.describe()
    on_trunk = ours(res["trunk"], tag_u) + ours(res["trunk"], tag_b)
    assert [f.vlan for f in on_trunk] == [spec.vlan, spec.vlan], res.describe()
    for h in tb.scenario.hosts:
        if h.name not in (src, dst):
            assert not ours(res[h.name], tag_u) and not ours(res[h.name], tag_b), \
                f"slice {slice_id} frame reached {h.name}:\n{res.describe()}"


def test_unicast_to_another_slices_host_never_arrives(bed):
    """h1 (slice 10) addresses h6's MAC (slice 20): flooded inside slice 10 only (h5), never to h6."""
    tb, _ = bed
    res = exchange([(tb.endpoint("h1"), [frame(tb, "h1", host_of(tb, "h6").mac, "x16")])], all_hosts(tb),
                   quiet=1.0)
    assert not ours(res["h6"], "x16"), res.describe()
    assert [h for h in res.captured if ours(res[h], "x16")] == ["h5"], res.describe()


def test_frames_tagged_with_another_slices_vlan_are_dropped(bed):
    """A host on an access port cannot hop slices by tagging its frames with another slice's VLAN."""
    tb, _ = bed
    frames = [frame(tb, "h1", BROADCAST, f"v{v}", vlan=v) for v in (120, 130, 140, 110)]
    res = exchange([(tb.endpoint("h1"), frames)], all_hosts(tb), quiet=1.0)
    leaked = {h: len(ours(res[h], "v120") + ours(res[h], "v130") + ours(res[h], "v140") + ours(res[h], "v110"))
              for h in res.captured}
    assert sum(leaked.values()) == 0, res.describe()


def test_counters_count_each_slice_separately(bed):
    tb, _ = bed
    before = {d: tb.counters(d) for d in (S1, S2)}
    n = {10: 3, 20: 5, 30: 7, 40: 9}
    sends = [(tb.endpoint(src), [frame(tb, src, host_of(tb, dst).mac, f"c{sid}")] * n[sid])
             for sid, (src, dst) in SLICES.items()]
    exchange(sends, [tb.endpoint(dst) for _, dst in SLICES.values()],
             expect=lambda c: all(len(ours(c[dst], f"c{sid}")) >= n[sid] for sid, (_, dst) in SLICES.items()),
             timeout=10)
    time.sleep(0.3)
    after = {d: tb.counters(d) for d in (S1, S2)}
    for d in (S1, S2):
        for sid in SLICES:
            for kind in ("rx", "tx"):
                delta = after[d][kind].get(sid, (0, 0))[0] - before[d][kind].get(sid, (0, 0))[0]
                assert delta == n[sid], f"{d} slice {sid} {kind}: {delta} packets, sent {n[sid]}"
            drops = after[d]["drop"].get(sid, (0, 0))[0] - before[d]["drop"].get(sid, (0, 0))[0]
            assert drops == 0, f"{d} slice {sid}: {drops} drops"


def test_release_leaves_no_entries_behind(bed):
    """Runs last: removing the plan empties every table and the multicast groups of both switches."""
    tb, plan = bed
    remove_plan(plan, tb.clients)
    p4info = tb.clients[S1].p4info
    for d in (S1, S2):
        c = tb.clients[d]
        for table in p4info.table_names:
            assert c.read_table_entries(table) == [], f"{d} {table} not empty after release"
        for sid in SLICES:
            assert c.read_multicast_group(sid) is None, f"{d} group {sid} left after release"
            # a meter cell without config reads back as all zeros (bmv2: unconfigured = no metering)
            assert c.read_meter("P4SliceIngress.slice_meter", sid) == (0, 0, 0, 0), f"{d} meter {sid} kept"
    assert tb.ping("h1", "h5", count=2, timeout=0.5).received == 0
