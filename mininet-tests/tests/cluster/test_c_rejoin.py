"""(c) A killed node restarts (its state kept) and rejoins: every node sees three READY nodes again,
the app is ACTIVE on it and it lists the same slices; and nothing is duplicated or removed on the
switches: what both switches hold (every slice table entry and multicast group, read over
P4Runtime) is the same before the kill, while the node is down, and after it rejoined and the app's
periodic work had time to run: read every 2 s from the restart until two reconcile periods after
the app is ACTIVE on the node again."""

import threading
import time

import pytest

from p4slice_harness.cluster.drills import slices, switch_states
from p4slice_harness.onos.assembly import APP
from p4slice_harness.onos.topology import S1, S2
from p4slice_harness.onos.wait import wait_for

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(900)]
SETTLE_S = 25            # the app reconciles every 10 s


def settled_states(cluster, p4info, timeout=90):
    """The switches' state once two reads 3 s apart agree."""
    prev = [None]

    def probe():
        now = switch_states(cluster, p4info)
        same, prev[0] = now == prev[0], now
        return same, now
    return wait_for(probe, lambda v: v[0], timeout, "the switches' entries settled", interval=3.0,
                    describe=lambda v: "still changing")[1]


class Watch(threading.Thread):
    """Reads both switches every ``period`` s until stopped: every difference from ``want`` seen."""

    def __init__(self, cluster, p4info, want, period=2.0):
        super().__init__(daemon=True)
        self.args, self.want, self.period = (cluster, p4info), want, period
        self.seen, self.reads, self.last = [], 0, None
        self.halt = threading.Event()

    def run(self):
        while not self.halt.is_set():
            try:
                now = switch_states(*self.args)
            except Exception as e:           # a read refused while ONOS re-pushes a pipeline is a finding too
                self.seen.append(f"read failed: {e}")
            else:
                self.reads, self.last = self.reads + 1, now
                diff = {d: self.want[d].difference(now[d]) for d in self.want if self.want[d] != now[d]}
                if diff and diff not in self.seen:
                    self.seen.append(diff)
            self.halt.wait(self.period)

    def stop(self):
        self.halt.set()
        self.join(timeout=30)
        return self.seen


def test_killed_node_rejoins_and_changes_nothing(cluster, ab, p4info, figures):
    before = settled_states(cluster, p4info)
    listed = {i: (s["name"], s["state"]) for i, s in slices(cluster.node(1)).items()}
    victim = cluster.node_of(cluster.master_of(S1))
    survivors = [o for o in cluster.onos if o is not victim]
    victim.kill()
    wait_for(lambda: cluster.master_of(S1, via=survivors[0]), lambda m: m != victim.node_id, 60,
             "a surviving node masters s1", interval=0.5)
    down = settled_states(cluster, p4info)
    watch = Watch(cluster, p4info, before)
    watch.start()
    t0 = time.monotonic()
    victim.start(clean=False)
    rest_s = time.monotonic() - t0
    cluster.wait_cluster()
    rejoined_s = time.monotonic() - t0
    cluster.wait_app_everywhere([victim])
    app_s = time.monotonic() - t0
    wait_for(lambda: {i: (s["name"], s["state"]) for i, s in slices(victim).items()}, lambda v: v == listed, 120,
             f"node{victim.member.index} lists the slices ACTIVE", interval=1.0)
    wait_for(lambda: time.monotonic() - t0, lambda t: t >= app_s + SETTLE_S, SETTLE_S + 5,
             f"{SETTLE_S} s of watching the switches after the rejoin", interval=1.0)
    seen_after, after = watch.stop(), watch.last
    masters = {d: cluster.master_of(d) for d in (S1, S2)}
    result = {"victim": victim.node_id, "rest_up_s": round(rest_s, 1), "cluster_ready_s": round(rejoined_s, 1),
              "app_active_s": round(app_s, 1), "masters_after": masters,
              "entries": {d: len(st.entries) for d, st in after.items()},
              "groups": {d: len(st.groups) for d, st in after.items()},
              "changed_while_down": {d: before[d].difference(down[d]) for d in before},
              "switch_reads_from_restart_on": watch.reads, "changed_from_restart_on": seen_after}
    figures["rejoin"] = result
    for k, v in result.items():
        print(f"{k}: {v}")
    assert victim.app_state(APP) == "ACTIVE"
    assert not any(result["changed_while_down"].values()), result["changed_while_down"]
    assert not seen_after, f"the switches changed after the rejoin: {seen_after}"
    assert all(st.slice_ids() == {ab["A"]["id"], ab["B"]["id"]} for st in after.values()), \
        {d: st.slice_ids() for d, st in after.items()}
