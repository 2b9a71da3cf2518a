"""(g) One translation path: the plan exporter (``tools/``: the real slice manager on ONOS's test
adapters, its submissions translated by ONOS's PI translators) gives exactly what a real ONOS wrote.

With slices A and B ACTIVE and every lab host learned by ONOS, the lab is written as a scenario (its
devices, ports and trunk, the hosts ONOS knows where ONOS knows them, the two slices as ONOS
reports them) and exported. Both bmv2 are then read over P4Runtime beside ONOS (reads need no
arbitration): every entry of the slice tables, the slices' meter cells and multicast groups must
be exactly the exported plan's, nothing more and nothing less.
"""

import json

import pytest

from p4slice_harness import java_tools
from p4slice_harness.onos.topology import HOSTS, S1, S2, grpc_addresses
from p4slice_harness.onos.wait import wait_for
from p4slice_harness.p4rt.client import P4RuntimeClient
from p4slice_harness.p4rt.p4info import P4Info
from p4slice_harness.plan import load_plan
from tests.conftest import P4INFO_TXT

pytestmark = [pytest.mark.onos, pytest.mark.timeout(300)]


def lab_hosts(lab):
    """The hosts ONOS knows, at the lab ports where ONOS knows them."""
    declared = {(d.id, p) for d in lab.scenario.devices for p in d.ports}
    hosts = []
    for h in lab.hosts():
        for loc in h.get("locations", []):
            if (loc.get("elementId"), int(loc.get("port", -1))) in declared:
                hosts.append({"name": "h-" + h["mac"].replace(":", "").lower(), "mac": h["mac"],
                              "device": loc["elementId"], "port": int(loc["port"])})
    return hosts


def lab_scenario_json(lab, slices):
    """The lab and the slices as ONOS reports them, in the format of ``mininet-tests/scenarios``."""
    sc = lab.scenario
    return {
        "version": 1,
        "description": "the L3 lab as ONOS sees it",
        "devices": [{"id": d.id, "name": d.name,
                     "ports": [{"port": p, "speedBps": s} for p, s in sorted(d.ports.items())]}
                    for d in sc.devices],
        "links": [{"src": {"device": l.src.device, "port": l.src.port},
                   "dst": {"device": l.dst.device, "port": l.dst.port}} for l in sc.links],
        "hosts": lab_hosts(lab),
        "slices": [{"id": s["id"], "name": s["name"], "tenant": s["tenant"], "vlan": s["vlan"],
                    "quotaBps": s["quotaBps"], "burstBytes": s["burstBytes"],
                    "endpoints": [{"device": e["device"], "port": e["port"], "mode": e["mode"]}
                                  for e in s["endpoints"] if e["mode"] == "access"]}
                   for s in sorted(slices, key=lambda s: s["id"])],
    }


def entry_key(te):
    return (te.table_id, te.priority,
            tuple(sorted(m.SerializeToString(deterministic=True) for m in te.match)),
            te.action.SerializeToString(deterministic=True))


def close(a, b):
    return abs(a - b) <= max(1, 1e-4 * max(a, b))     # bmv2 reads some rates back rounded (512500 -> 512499)


def test_the_switches_hold_exactly_the_exported_plan(lab, ab, tmp_path):
    reason = java_tools.missing()
    if reason is not None:
        pytest.fail(f"the plan exporter cannot run: {reason}")
    for src, dst in (("h1", "h3"), ("h1", "h5"), ("h2", "h4")):
        lab.wait_ping(src, dst, 30)
    macs = {mac.lower() for _, _, mac in HOSTS.values()}
    wait_for(lambda: {h["mac"].lower() for h in lab.hosts()}, lambda got: macs <= got, 30,
             "ONOS knows every lab host", describe=lambda got: f"{sorted(got)}")

    scenario = tmp_path / "lab.json"
    scenario.write_text(json.dumps(lab_scenario_json(lab, [ab["A"], ab["B"]]), indent=2))
    plan_file = tmp_path / "lab.plan.json"
    run = java_tools.run(java_tools.PLAN_EXPORT, [str(scenario), "-o", str(plan_file)])
    assert run.returncode == 0, f"plan export failed ({run.returncode}):\n{run.stderr}"
    plan = load_plan(plan_file)
    p4info = P4Info.from_file(P4INFO_TXT)
    compiled = plan.compile(p4info)
    tables = sorted({e.table for e in plan.entries})
    assert "P4SliceIngress.l2_forward" in tables, tables

    for device in (S1, S2):
        want = {entry_key(u.entity.table_entry): path for path, u in compiled[device].entries}

        def held():
            client = P4RuntimeClient(grpc_addresses()[device], lab.scenario.device(device).device_id, p4info=p4info)
            client.connect(arbitrate=False)
            try:
                return {entry_key(te) for t in tables for te in client.read_table_entries(t)}
            finally:
                client.close()

        # ONOS may still be writing (host entries follow its host events): wait for the tables to settle
        got = wait_for(held, lambda got: got == set(want), 30, f"{device}'s slice tables equal the exported plan",
                       describe=lambda got: f"{len(got)} entries held, {len(want)} exported; "
                                            f"missing {sorted(want[k] for k in set(want) - got)}, "
                                            f"{len(got - set(want))} not in the plan")
        assert got == set(want)

        client = P4RuntimeClient(grpc_addresses()[device], lab.scenario.device(device).device_id, p4info=p4info)
        client.connect(arbitrate=False)
        try:
            for m in (m for m in plan.meters if m.device == device):
                cir, cburst, pir, pburst = client.read_meter(m.meter, m.index)
                assert all(close(a, b) for a, b in ((cir, m.cir), (cburst, m.cburst), (pir, m.pir),
                                                    (pburst, m.pburst))), \
                    f"{device} {m.meter}[{m.index}]: holds {(cir, cburst, pir, pburst)}, exported " \
                    f"{(m.cir, m.cburst, m.pir, m.pburst)}"
            for g in (g for g in plan.multicast_groups if g.device == device):
                assert client.read_multicast_group(g.id) == sorted(g.replicas), f"{device} group {g.id}"
        finally:
            client.close()
