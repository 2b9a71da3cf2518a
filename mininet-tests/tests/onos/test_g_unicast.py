"""(g) Unicast from ONOS's host facts: once ONOS has learned h1, h3 and h5 (slice A) from their ARP,
the app writes their ``l2_forward`` entries on both switches, and a frame from h1 to h3 reaches h3
and not h5, the slice's third host (before, every frame was flooded inside its slice)."""

import pytest

from p4slice_harness.net.traffic import Endpoint, eth_frame, exchange
from p4slice_harness.onos.topology import HOSTS, S1, S2
from p4slice_harness.onos.wait import wait_for

pytestmark = [pytest.mark.onos, pytest.mark.timeout(300)]
L2_FORWARD = "P4SliceIngress.l2_forward"
MARK = b"p4slice-unicast-check"
EXPERIMENTAL_ETHERTYPE = 0x88B5


def l2_macs(flows):
    """The destination MACs (lower-case, no colons) of the l2_forward entries among ONOS's flows."""
    macs = set()
    for flow in flows:
        if flow.get("tableName") != L2_FORWARD:     # ONOS's flow JSON: tableId is a number, tableName the PI name
            continue
        for criterion in flow.get("selector", {}).get("criteria", []):
            for match in criterion.get("matches", []):
                if match.get("field") == "eth_dst":
                    macs.add(str(match.get("value")).lower().lstrip("0x").rjust(12, "0"))
    return macs


def test_unicast_to_a_known_host_is_not_flooded(lab, ab):
    for src, dst in (("h1", "h3"), ("h1", "h5"), ("h3", "h5")):
        lab.wait_ping(src, dst, 30)
    want = {HOSTS[h][2].replace(":", "") for h in ("h1", "h3", "h5")}
    for device in (S1, S2):
        wait_for(lambda: l2_macs(lab.flows(device)), lambda got: want <= got, 30,
                 f"l2_forward entries of h1, h3, h5 on {device}", describe=lambda got: f"{sorted(got)}")

    hosts = {h: Endpoint(lab.network.hosts[h], "eth0", h) for h in ("h1", "h3", "h5")}
    frame = eth_frame(HOSTS["h3"][2], HOSTS["h1"][2], EXPERIMENTAL_ETHERTYPE, MARK)
    result = exchange([(hosts["h1"], [frame] * 5)], [hosts["h3"], hosts["h5"]],
                      expect=lambda c: sum(MARK in f.raw for f in c["h3"]) >= 5, timeout=5, quiet=0.5)
    at_h3 = sum(MARK in f.raw for f in result["h3"])
    at_h5 = sum(MARK in f.raw for f in result["h5"])
    assert at_h3 == 5, f"h3 received {at_h3} of 5 frames addressed to it:\n{result.describe()}"
    assert at_h5 == 0, f"h5 received {at_h5} frames addressed to h3 (flooded):\n{result.describe()}"
