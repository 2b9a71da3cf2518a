"""(f) One Atomix node killed (kill -9): the cluster keeps working on the other two (every ONOS node
READY and answering, a slice created through node 2 within RECOVERY_S becomes ACTIVE and is listed
by every node, another removed); the node restarted (its Raft logs kept) rejoins and nothing is
lost: every node lists exactly the slices expected, also once a *second* Atomix node is killed (the
restarted one must then carry the data with the last one).

A request that meets the moment an ONOS node's storage session moves off the dead node can fail:
such 5xx answers are retried (each second) and reported in the figures, not hidden; today the REST
API answers them 500 (a PrimitiveException of the store escapes), which the project's rule (never a
5xx) counts as a defect to fix."""

import time

import pytest

from p4slice_harness.cluster.drills import slices, virtual_slice
from p4slice_harness.onos.rest import SLICES
from p4slice_harness.onos.wait import wait_for, wait_slice_gone, wait_slice_state

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(900)]
RECOVERY_S = 60


def listing(cluster):
    return {o.member.index: {i: (s["name"], s["state"]) for i, s in slices(o).items()} for o in cluster.onos}


def test_one_atomix_node_lost_then_back(cluster, ab, figures):
    n1, n2 = cluster.node(1), cluster.node(2)
    doomed = n1.rest.request("POST", SLICES, virtual_slice("doomed", 1_000_000, 18))
    wait_slice_state(n1.rest, doomed["id"], ("ACTIVE",), 120)
    victim, second = cluster.atomix[2], cluster.atomix[0]
    victim.kill()
    t0 = time.monotonic()
    cluster.wait_cluster(timeout=60)
    failures = []                   # answers of the failover: 5xx while a session moves to the live nodes
    while True:
        r = n2.rest.call("POST", SLICES, virtual_slice("while-down", 1_000_000, 19), timeout=40)
        if r.status == 201 or r.status < 500 or time.monotonic() - t0 > RECOVERY_S:
            break
        failures.append(f"{round(time.monotonic() - t0, 1)} s: {r.status}: {r.message()[:160]}")
        time.sleep(1.0)
    assert r.status == 201, f"POST with {victim.id} down: HTTP {r.status}: {r.message()} (before: {failures})"
    created_s = time.monotonic() - t0
    wait_slice_state(n2.rest, r.body["id"], ("ACTIVE",), 120)
    active_s = time.monotonic() - t0
    d = cluster.node(3).rest.call("DELETE", f"{SLICES}/{doomed['id']}")
    assert d.status in (202, 204), f"DELETE with {victim.id} down: HTTP {d.status}: {d.message()}"
    wait_slice_gone(n1.rest, doomed["id"], 60)
    expected = {ab["A"]["id"]: (ab["A"]["name"], "ACTIVE"), ab["B"]["id"]: (ab["B"]["name"], "ACTIVE"),
                r.body["id"]: ("while-down", "ACTIVE")}
    wait_for(lambda: listing(cluster), lambda v: all(x == expected for x in v.values()), 60,
             "every node lists A, B and while-down ACTIVE", interval=1.0)

    t1 = time.monotonic()
    victim.start()
    victim.wait_ready(180)
    rejoin_s = time.monotonic() - t1
    second.kill()
    try:
        cluster.wait_cluster(timeout=60)
        after = wait_for(lambda: listing(cluster), lambda v: all(x == expected for x in v.values()), 60,
                         f"every node lists A, B and while-down ACTIVE on {victim.id} and atomix-2",
                         interval=1.0)
    finally:
        second.start()
        second.wait_ready(180)
    result = {"killed": victim.id, "post_201_after_kill_s": round(created_s, 2), "answers_5xx_before": failures,
              "active_after_kill_s": round(active_s, 2), "restarted_ready_s": round(rejoin_s, 1),
              "listed_with_atomix_1_down_after_restart": {k: sorted(v) for k, v in after.items()}}
    figures["atomix_node"] = result
    for k, v in result.items():
        print(f"{k}: {v}")
