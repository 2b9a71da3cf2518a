"""(d) A switch restarted under ONOS: s1's simple_switch_grpc is SIGKILLed and started again with
the same command (empty, --no-p4). With no operator action, within a bounded time: the pipeline is
back, pings work in both slices, ONOS's flows and groups on s1 are all ADDED, the meter holds the
quota again, and the copy-to-CPU path works (a host removed from ONOS is learned again from its ARP)."""

import pytest

from p4slice_harness.onos.lab import QUOTA_BPS
from p4slice_harness.onos.topology import HOSTS, S1
from p4slice_harness.onos.wait import port_number, wait_for, wait_slices_state
from tests.onos.test_a_operator_path import TOLERANCE, needs_iperf3

pytestmark = [pytest.mark.onos, pytest.mark.timeout(900)]
RECOVERY_S = 120.0


def states(items):
    return sorted({i["state"] for i in items})


def test_switch_restart_recovers_by_itself(lab, ab):
    lab.wait_ping("h1", "h3", 10)
    n_flows = len(lab.flows(S1))
    lab.network.kill_switch(S1)
    try:
        wait_for(lambda: lab.device_available(S1), lambda up: not up, 60, "ONOS sees s1 unavailable")
    finally:
        lab.network.start_switch(S1)
    wait_for(lambda: lab.device_available(S1), bool, RECOVERY_S, "s1 available again")
    took = lab.wait_ping("h1", "h3", RECOVERY_S)
    print(f"h1 -> h3 answered {took:.1f} s after s1 was available again")
    lab.wait_ping("h2", "h4", 30)
    lab.wait_ping("h1", "h5", 30)
    # while s1 was away a slice may have been FAILED; without operator action it must be ACTIVE again
    wait_slices_state(lab.rest, [ab["A"]["id"], ab["B"]["id"]], ("ACTIVE",), RECOVERY_S, give_up=(), interval=1.0)
    flows = wait_for(lambda: lab.flows(S1), lambda fs: len(fs) >= n_flows and states(fs) == ["ADDED"], 60,
                     f"{n_flows}+ flows on s1, all ADDED",
                     describe=lambda fs: f"{len(fs)} flows, states {states(fs)}")
    assert flows
    groups = wait_for(lambda: lab.groups(S1), lambda gs: gs and states(gs) == ["ADDED"], 60,
                      "groups on s1 all ADDED", describe=lambda gs: f"{len(gs)} groups, states {states(gs)}")
    assert groups

    # copy-to-CPU: h5 (on s1) forgotten by ONOS, then learned again from its own ARP
    mac = HOSTS["h5"][2]
    host = wait_for(lambda: lab.host_by_mac(mac), bool, 30, "ONOS knows h5")
    r = lab.remove_host(host)
    assert r.status in (200, 204), f"DELETE host {host['id']}: HTTP {r.status}: {r.message()}"
    wait_for(lambda: lab.host_by_mac(mac), lambda h: h is None, 15, "h5 removed from ONOS")
    lab.network.flush_neighbours("h5")
    lab.wait_ping("h5", "h1", 15)
    again = wait_for(lambda: lab.host_by_mac(mac), bool, 30, "h5 learned again from its ARP")
    assert (S1, HOSTS["h5"][1]) in {(l["elementId"], port_number(l["port"])) for l in again["locations"]}

    needs_iperf3()
    got = lab.udp_frame_rate("h1", "h3", 2 * QUOTA_BPS)
    assert abs(got / QUOTA_BPS - 1) <= TOLERANCE, f"after the restart: offered 2x quota, delivered {got:.0f} bit/s"
