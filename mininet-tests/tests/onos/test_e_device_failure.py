"""(e) One device fails while the other is healthy: with s2's simple_switch_grpc killed, s1 keeps
its entries (ONOS's flows of s1 unchanged and ADDED) and slice A still carries h1 <-> h5 on s1; a
new slice that needs s2 is answered at once (< 2 s) and ends FAILED with a reason naming s2; once
s2 runs again, every slice is ACTIVE again without operator action and h1 <-> h3 pings."""

import time

import pytest

from p4slice_harness.onos.rest import slice_request
from p4slice_harness.onos.topology import S1, S2, trunk_link_keys
from p4slice_harness.onos.wait import wait_for, wait_links, wait_slice_state, wait_slices_state
from tests.onos.test_a_operator_path import PROMPT_S

pytestmark = [pytest.mark.onos, pytest.mark.timeout(900)]
OBSERVE_S = 15.0


def flow_states(lab, device):
    return {f["id"]: f["state"] for f in lab.flows(device)}


def test_failure_of_one_device(lab, ab):
    lab.wait_ping("h1", "h5", 10)
    before = wait_for(lambda: flow_states(lab, S1), lambda fs: fs and set(fs.values()) == {"ADDED"}, 30,
                      "flows of s1 all ADDED")
    new_id = None
    lab.network.kill_switch(S2)
    try:
        wait_for(lambda: lab.device_available(S2), lambda up: not up, 60, "ONOS sees s2 unavailable")
        deadline = time.monotonic() + OBSERVE_S
        while time.monotonic() < deadline:            # observe s1 for a while: nothing may change there
            now = flow_states(lab, S1)
            assert now == before, (f"flows of s1 changed while s2 was down: removed "
                                   f"{sorted(set(before) - set(now))[:5]}, added {sorted(set(now) - set(before))[:5]}, "
                                   f"states {sorted(set(now.values()))}")
            time.sleep(1.0)
        assert lab.ping("h1", "h5") == 3, "slice A on s1 (h1 <-> h5) stopped while s2 was down"
        assert lab.ping("h5", "h1") == 3

        r = lab.post_slice(slice_request("needs-s2", "itb", 1_000_000, [(S2, 10), (S2, 11)]))
        assert r.elapsed < PROMPT_S, f"POST took {r.elapsed:.2f} s with s2 down"
        assert r.status == 201, f"POST a slice on s2 while s2 is down: HTTP {r.status}: {r.message()}"
        new_id = r.body["id"]
        failed = wait_slice_state(lab.rest, new_id, ("FAILED",), 90, give_up=())
        assert failed["reason"] and "s2" in failed["reason"], failed
    finally:
        lab.network.start_switch(S2)
    wait_for(lambda: lab.device_available(S2), bool, 120, "s2 available again")
    wait_links(lab.rest, trunk_link_keys(), 60)         # ONOS finds the trunk again by itself
    ids = [s["id"] for s in lab.slices()]
    assert new_id is None or new_id in ids
    wait_slices_state(lab.rest, ids, ("ACTIVE",), 180, give_up=(), interval=1.0)
    lab.wait_ping("h1", "h3", 60)
    assert lab.ping("h3", "h1") == 3
    if new_id is not None:
        lab.delete_slice(new_id)
