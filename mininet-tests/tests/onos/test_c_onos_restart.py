"""(c) ONOS restarted with its state kept (the switches keep running): the slices come back ACTIVE
by themselves (never FAILED on the way), ONOS has every flow and group of them on both switches, confirmed
(the switches kept their entries, so pings alone would pass before ONOS reconnects), pings work again,
and karaf.log has no refusal about
MeterManager's userDefinedIndex (the app needs no component setting)."""

import pytest

from p4slice_harness.errors import HarnessError
from p4slice_harness.onos.assembly import METER_MANAGER
from p4slice_harness.onos.topology import S1, S2
from p4slice_harness.onos.wait import wait_devices_available, wait_for

pytestmark = [pytest.mark.onos, pytest.mark.timeout(900)]


def states(items):
    return sorted({i["state"] for i in items})


def test_onos_restart_restores_the_slices(lab, ab):
    ids = [ab["A"]["id"], ab["B"]["id"]]
    lab.wait_ping("h1", "h3", 10)
    n_flows = {d: len(lab.flows(d)) for d in (S1, S2)}
    mark = lab.onos.mark()
    took = lab.restart_onos(keep_state=True)
    print(f"ONOS back (app ACTIVE) {took:.1f} s after start")
    listed = {s["id"]: s for s in lab.slices()}
    assert set(ids) <= set(listed), f"after the restart ONOS lists slices {sorted(listed)}, expected {ids}"
    history = {i: [] for i in ids}          # every state each slice showed, polled twice a second

    def poll():
        now = {s["id"]: s for s in lab.slices()}
        for i in ids:
            st = now[i]["state"] if i in now else "MISSING"
            if not history[i] or history[i][-1][0] != st:
                history[i].append((st, now.get(i, {}).get("reason")))
        return now
    wait_for(poll, lambda now: all(i in now and now[i]["state"] == "ACTIVE" for i in ids), 180,
             "slices A and B ACTIVE after the restart", interval=0.5,
             describe=lambda now: str({i: history[i] for i in ids}))
    wait_devices_available(lab.rest, [S1, S2], 60)
    # the switches kept their entries, so pings alone would pass before the new ONOS instance has even
    # reconnected; restored means: ONOS has every flow and group of the slices on each switch, confirmed
    for d in (S1, S2):
        wait_for(lambda: lab.flows(d), lambda fs: len(fs) >= n_flows[d] and states(fs) == ["ADDED"], 120,
                 f"{n_flows[d]}+ flows on {d} after the restart, all ADDED",
                 describe=lambda fs: f"{len(fs)} flows, states {states(fs)}")
        wait_for(lambda: lab.groups(d), lambda gs: bool(gs) and states(gs) == ["ADDED"], 120,
                 f"groups on {d} after the restart, all ADDED",
                 describe=lambda gs: f"{len(gs)} groups, states {states(gs)}")
    print(f"states after the restart: { {i: [st for st, _ in h] for i, h in history.items()} }")
    problems = []                           # every check runs; all that failed are reported together
    failed = {i: h for i, h in history.items() if any(st == "FAILED" for st, _ in h)}
    if failed:
        why = lab.onos.grep(r"org\.p4slice|p4slice", mark, level="WARN") + lab.onos.grep("p4slice", mark, level="ERROR")
        problems.append(f"slices went FAILED on the way back to ACTIVE: {failed}\nkaraf.log (p4slice WARN/ERROR "
                        f"since the restart):\n" + "\n".join(line[:300] for line in why[:10]))
    for src, dst in (("h1", "h3"), ("h2", "h4"), ("h1", "h5")):
        try:
            lab.wait_ping(src, dst, 60)
        except HarnessError as e:
            problems.append(str(e))
    refusals = lab.onos.grep("userDefinedIndex", mark)
    if refusals:
        problems.append("karaf.log after the restart:\n" + "\n".join(refusals[:5]))
    if lab.onos.component_config(METER_MANAGER).get("userDefinedIndex") != "false":
        problems.append("MeterManager userDefinedIndex is not false")
    assert not problems, "\n".join(problems)
