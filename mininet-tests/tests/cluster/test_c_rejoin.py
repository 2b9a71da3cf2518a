"""(c) A killed node restarts (its state kept) and rejoins: every node sees three READY nodes again,
the app is ACTIVE on it and it lists the same slices; and nothing is duplicated or removed on the
switches: what both switches hold (every slice table entry and multicast group, read over
P4Runtime) is the same before the kill, while the node is down, and after it rejoined and the app's
periodic work had time to run (two reconcile periods)."""

import time

import pytest

from p4slice_harness.cluster.drills import slices, switch_states
from p4slice_harness.onos_l3 import APP
from p4slice_harness.onos_topo import S1, S2
from p4slice_harness.onos_wait import wait_for

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(900)]
SETTLE_S = 25            # the app reconciles every 10 s


def settled_states(cluster, p4info, timeout=60):
    """The switches' state once two reads 5 s apart agree."""
    last = [switch_states(cluster, p4info)]

    def probe():
        time.sleep(5)
        now = switch_states(cluster, p4info)
        same, last[0] = now == last[0], now
        return same, now
    return wait_for(probe, lambda v: v[0], timeout, "the switches' entries settled", interval=0.1,
                    describe=lambda v: "still changing")[1]


def test_killed_node_rejoins_and_changes_nothing(cluster, ab, p4info, figures):
    before = settled_states(cluster, p4info)
    listed = {i: (s["name"], s["state"]) for i, s in slices(cluster.node(1)).items()}
    victim = cluster.node_of(cluster.master_of(S1))
    survivors = [o for o in cluster.onos if o is not victim]
    victim.kill()
    wait_for(lambda: cluster.master_of(S1, via=survivors[0]), lambda m: m != victim.node_id, 60,
             "a surviving node masters s1", interval=0.5)
    down = settled_states(cluster, p4info)
    t0 = time.monotonic()
    victim.start(clean=False)
    rest_s = time.monotonic() - t0
    cluster.wait_cluster()
    rejoined_s = time.monotonic() - t0
    cluster.wait_app_everywhere([victim])
    app_s = time.monotonic() - t0
    wait_for(lambda: {i: (s["name"], s["state"]) for i, s in slices(victim).items()}, lambda v: v == listed, 120,
             f"node{victim.member.index} lists the slices ACTIVE", interval=1.0)
    time.sleep(SETTLE_S)
    after = settled_states(cluster, p4info)
    masters = {d: cluster.master_of(d) for d in (S1, S2)}
    result = {"victim": victim.node_id, "rest_up_s": round(rest_s, 1), "cluster_ready_s": round(rejoined_s, 1),
              "app_active_s": round(app_s, 1), "masters_after": masters,
              "entries": {d: len(st.entries) for d, st in after.items()},
              "groups": {d: len(st.groups) for d, st in after.items()},
              "changed_while_down": {d: before[d].difference(down[d]) for d in before},
              "changed_after_rejoin": {d: before[d].difference(after[d]) for d in before}}
    figures["rejoin"] = result
    for k, v in result.items():
        print(f"{k}: {v}")
    assert victim.app_state(APP) == "ACTIVE"
    assert not any(result["changed_while_down"].values()), result["changed_while_down"]
    assert not any(result["changed_after_rejoin"].values()), result["changed_after_rejoin"]
    assert all(st.slice_ids() == {ab["A"]["id"], ab["B"]["id"]} for st in after.values()), \
        {d: st.slice_ids() for d, st in after.items()}
