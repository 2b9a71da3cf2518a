"""(b) Quotas bmv2 cannot store exactly (4.1 Mbit/s, 8.008 Mbit/s: the meter rates read back from
the switch differ from the ones written): the slices become ACTIVE, are still ACTIVE 40 s later
(longer than ONOS's 30 s meter poll) and the traffic is limited at the quota. One slice is created
at 8 Mbit/s and changed by PUT (200, PROVISIONING or ACTIVE), the other POSTed."""

import time

import pytest

from p4slice_harness.onos.lab import SLICE_A, SLICE_B
from p4slice_harness.onos.rest import SLICES, slice_request
from p4slice_harness.onos.wait import wait_slice_state
from tests.onos.test_a_operator_path import PROMPT_S, TOLERANCE, needs_iperf3

pytestmark = [pytest.mark.onos, pytest.mark.timeout(600)]
Q_PUT, Q_POST = 4_100_000, 8_008_000
OBSERVE_S = 40.0


def test_quotas_that_do_not_round_trip(lab):
    lab.delete_all_slices()
    created = []
    try:
        x = lab.create_slice(slice_request("q-4m1", SLICE_A[1], 8_000_000, SLICE_A[2]))
        created.append(x["id"])
        r = lab.rest.call("PUT", f"{SLICES}/{x['id']}", slice_request("q-4m1", SLICE_A[1], Q_PUT, SLICE_A[2]))
        assert r.status == 200, f"PUT quota {Q_PUT}: HTTP {r.status}: {r.message()}"
        assert r.elapsed < PROMPT_S and r.body["state"] in ("PROVISIONING", "ACTIVE"), (r.elapsed, r.body)
        y = lab.post_slice(slice_request("q-8m008", SLICE_B[1], Q_POST, SLICE_B[2]))
        assert y.status == 201, f"POST quota {Q_POST}: HTTP {y.status}: {y.message()}"
        created.append(y.body["id"])
        ids = {x["id"]: Q_PUT, y.body["id"]: Q_POST}
        for sid, q in ids.items():
            s = wait_slice_state(lab.rest, sid, ("ACTIVE",), 60)
            assert s["quotaBps"] == q

        history = {sid: [] for sid in ids}
        deadline = time.monotonic() + OBSERVE_S
        while time.monotonic() < deadline:          # observe: every poll must read ACTIVE
            for s in lab.slices():
                if s["id"] in history and (not history[s["id"]] or history[s["id"]][-1] != s["state"]):
                    history[s["id"]].append(s["state"])
            time.sleep(1.0)
        final = {s["id"]: s for s in lab.slices()}
        for sid in ids:
            assert history[sid] == ["ACTIVE"], f"slice {sid} went {history[sid]} (reason {final[sid]['reason']})"
            assert final[sid]["state"] == "ACTIVE"

        needs_iperf3()
        lab.wait_ping("h1", "h3", 10)
        lab.wait_ping("h2", "h4", 10)
        got = lab.udp_frame_rates([("h1", "h3", 2 * Q_PUT), ("h2", "h4", 2 * Q_POST)])
        for rate, q in zip(got, (Q_PUT, Q_POST)):
            assert abs(rate / q - 1) <= TOLERANCE, f"quota {q}: offered 2x, delivered {rate:.0f} bit/s"
    finally:
        for sid in created:
            lab.delete_slice(sid)
