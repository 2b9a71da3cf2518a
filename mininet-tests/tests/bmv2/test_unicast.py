"""Unicast from the hosts ONOS knows, on real bmv2 (marker ``bmv2``).

Scenario ``two-switch-three-host-slice``: slice 10 joins h1 and h2 on s1 with h3 on s2, slice 20
joins h4 (s1) and h5 (s2). Installed plan: ``scenarios/plans/two-switch-three-host-slice.onos.plan.json``,
what the real slice manager makes ONOS write for the scenario (its unicast ``l2_forward`` entries
come from the host service, as in ONOS). What is shown: a frame addressed to a known host of the
slice reaches that host and no other host of the slice (a third host does not see it; a frame
between two hosts of s1 does not cross the trunk), while a frame to an unknown address still
floods inside the slice only.
"""

import pytest

from p4slice_harness.net.traffic import Endpoint, eth_frame, exchange
from tests.bmv2.conftest import running_scenario

pytestmark = [pytest.mark.bmv2, pytest.mark.timeout(300)]

SCENARIO = "two-switch-three-host-slice"
EXP_TYPE = 0x88B5
SLICE_10 = ("h1", "h2", "h3")
UNKNOWN = "02:00:00:00:99:99"


@pytest.fixture(scope="module")
def bed(tmp_path_factory):
    with running_scenario(tmp_path_factory, SCENARIO) as (tb, plan, report):
        # slice 10: 3 hosts x 2 switches unicast entries, slice 20: 2 x 2; groups and meters per switch
        assert (report.groups, report.meters, report.entries) == (4, 4, 28)
        yield tb


def frame(tb, src, dst_mac, tag):
    return eth_frame(dst_mac, tb.scenario.host(src).mac, EXP_TYPE, f"p4slice-uc:{tag}".encode())


def ours(frames, tag):
    return [f for f in frames if f"p4slice-uc:{tag}".encode() in f.raw]


def captures(tb):
    """Every host, and the trunk at both ends (each end sees the frames arriving from the other switch)."""
    return [tb.endpoint(h.name) for h in tb.scenario.hosts] + [
        Endpoint(tb.net.namespaces["s2"], "s2-eth5", "trunk-to-s2"), Endpoint(tb.net.namespaces["s1"], "s1-eth5",
                                                                             "trunk-to-s1")]


@pytest.mark.parametrize("src,dst", [("h1", "h3"), ("h3", "h1"), ("h1", "h2"), ("h2", "h1"), ("h3", "h2")])
def test_unicast_reaches_the_addressed_host_only(bed, src, dst):
    tb = bed
    tag = f"{src}{dst}"
    frames = [frame(tb, src, tb.scenario.host(dst).mac, f"{tag}-{i}") for i in range(5)]
    res = exchange([(tb.endpoint(src), frames)], captures(tb),
                   expect=lambda c: len(ours(c[dst], tag)) >= 5, timeout=5, quiet=0.5)
    assert len(ours(res[dst], tag)) == 5, res.describe()
    third = [h for h in SLICE_10 if h not in (src, dst)]
    for h in third + ["h4", "h5"]:
        assert not ours(res[h], tag), f"{src} -> {dst}: {h} received the frames:\n{res.describe()}"
    on_s1 = tb.scenario.host(src).device == tb.scenario.host(dst).device
    crossed = len(ours(res["trunk-to-s2"], tag)) + len(ours(res["trunk-to-s1"], tag))
    assert crossed == (0 if on_s1 else 5), f"{src} -> {dst}: {crossed} frames on the trunk:\n{res.describe()}"


def test_unknown_destination_floods_inside_the_slice_only(bed):
    tb = bed
    res = exchange([(tb.endpoint("h1"), [frame(tb, "h1", UNKNOWN, "flood")])], captures(tb),
                   expect=lambda c: ours(c["h2"], "flood") and ours(c["h3"], "flood"), timeout=5, quiet=0.5)
    assert [h for h in ("h1", "h2", "h3", "h4", "h5") if ours(res[h], "flood")] == ["h2", "h3"], res.describe()
