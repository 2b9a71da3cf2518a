"""(f) A booked slot while ONOS runs: a reservation starting ~15 s from now and ending ~30 s later
goes SCHEDULED -> ACTIVE (its slice ACTIVE, its hosts ping) -> COMPLETED (its slice gone: not
listed, the hosts no longer reach each other). Slice B is removed first: the booking uses its ports."""

import time
from datetime import datetime, timedelta, timezone

import pytest

from p4slice_harness.onos.lab import QUOTA_BPS, SLICE_B
from p4slice_harness.onos.rest import slice_request
from p4slice_harness.onos.wait import RESERVATIONS, wait_reservation_state, wait_slice_gone, wait_slice_state

pytestmark = [pytest.mark.onos, pytest.mark.timeout(600)]
LEAD_S, LENGTH_S = 15, 30


def iso(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def test_reservation_lifecycle(lab, ab):
    lab.delete_slice(ab["B"]["id"])
    start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(seconds=LEAD_S)
    end = start + timedelta(seconds=LENGTH_S)
    req = slice_request("booked-b", SLICE_B[1], QUOTA_BPS, SLICE_B[2])
    r = lab.rest.call("POST", RESERVATIONS, {"tenant": SLICE_B[1], "start": iso(start), "end": iso(end), "slice": req})
    assert r.status == 201, f"POST reservation: HTTP {r.status}: {r.message()}"
    rid = r.body["id"]
    try:
        assert r.body["state"] == "SCHEDULED", r.body
        assert lab.slice_by_name("booked-b") is None
        assert lab.ping("h2", "h4", 2, 0.5) == 0, "h2 reaches h4 before the slot starts"

        seen = []
        active = wait_reservation_state(lab.rest, rid, ("ACTIVE",), LEAD_S + 45, seen=seen)
        print(f"reservation {rid}: {seen} at {time.strftime('%H:%M:%S')} (start {iso(start)})")
        sid = active["sliceId"]
        assert sid is not None, active
        wait_slice_state(lab.rest, sid, ("ACTIVE",), 30)
        lab.wait_ping("h2", "h4", 20)

        done = wait_reservation_state(lab.rest, rid, ("COMPLETED",), LENGTH_S + 60, seen=seen)
        assert seen[-1] == "COMPLETED" and "ACTIVE" in seen, seen
        wait_slice_gone(lab.rest, sid, 60)
        assert sid not in {s["id"] for s in lab.slices()}
        assert lab.ping("h2", "h4", 3, 0.5) == 0, "h2 still reaches h4 after the slot ended"
        assert done["state"] == "COMPLETED"
    finally:
        cur = lab.rest.call("GET", f"{RESERVATIONS}/{rid}")
        if cur.status == 200 and cur.body.get("state") in ("SCHEDULED", "ACTIVE"):
            lab.rest.call("DELETE", f"{RESERVATIONS}/{rid}")
