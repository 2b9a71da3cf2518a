"""(a) The lab itself: three ONOS nodes that see each other READY, three Atomix nodes, the app ACTIVE
and the devices available on every node, a master for each switch; slices A and B ACTIVE through any
node and passing traffic; each node's memory (RSS) with the app installed and slices present, within
the lab's budget (everything together within 8 GiB: the machine is shared with a compiler and others)."""

import re

import pytest

from p4slice_harness.cluster.drills import slices
from p4slice_harness.onos.assembly import APP
from p4slice_harness.onos.topology import S1, S2

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(900)]
BUDGET_MIB = 8192


def test_three_nodes_one_cluster(cluster, ab, figures):
    ids = {o.node_id for o in cluster.onos}
    for o in cluster.onos:
        view = cluster.cluster_view(o)
        assert view == {i: "READY" for i in ids}, f"node{o.member.index} sees {view}"
        assert o.app_state(APP) == "ACTIVE"
        listed = {s["name"]: s["state"] for s in slices(o).values()}
        assert listed == {ab["A"]["name"]: "ACTIVE", ab["B"]["name"]: "ACTIVE"}, f"node{o.member.index}: {listed}"
    assert all(a.running() for a in cluster.atomix), [a.id for a in cluster.atomix if not a.running()]
    storage = re.compile(r"AtomixManager .*storageNodes=\[DefaultControllerNode\{id=atomix-1, host="
                         + re.escape(cluster.layout.atomix[0].ip))
    for o in cluster.onos:                 # ONOS on the storage nodes, not on partitions of its own
        log = "".join(p.read_text(errors="replace") for p in sorted(o.log_path.parent.glob("karaf.log*")))
        assert "Bootstrapping ONOS cluster in test mode" not in log, f"node{o.member.index} runs without Atomix"
        assert storage.search(log), f"node{o.member.index}: AtomixManager did not log its cluster.json's storage"
    masters = {d: cluster.master_of(d) for d in (S1, S2)}
    assert all(m in ids for m in masters.values()), masters
    for src, dst in (("h1", "h3"), ("h2", "h4"), ("h1", "h5")):
        assert cluster.network.ping(src, dst, 3, 1.0).received > 0, f"{src} -> {dst} unanswered"
    assert cluster.network.ping("h1", "h4", 2, 0.5).received == 0, "h1 reaches h4 across slices"

    memory = cluster.memory()
    print(f"masters: {masters}")
    print("memory (RSS, MiB) with the app installed and slices A and B present: " +
          ", ".join(f"{k} {v}" for k, v in memory.items()))
    total = round(sum(v for v in memory.values() if v), 1)
    print(f"total {total} MiB; heaps: ONOS -Xmx{cluster.onos[0].heap}, Atomix -Xmx{cluster.atomix[0].heap}")
    figures["lab"] = {"memory_rss_mib": memory, "total_rss_mib": total, "onos_heap": cluster.onos[0].heap,
                      "atomix_heap": cluster.atomix[0].heap, "bring_up_s": cluster.timings, "masters": masters}
    assert all(memory[f"node{i}"] for i in (1, 2, 3)) and all(memory[f"atomix-{i}"] for i in (1, 2, 3)), memory
    assert total <= BUDGET_MIB, f"the lab takes {total} MiB, more than its {BUDGET_MIB} MiB budget: {memory}"
