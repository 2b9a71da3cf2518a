"""The bounded waits of the L3 lab (p4slice_harness.onos.wait) with a fake clock and a fake ONOS REST."""

import pytest

from p4slice_harness.errors import HarnessError
from p4slice_harness.onos.rest import OnosError, Reply, all_pages
from p4slice_harness.onos.wait import (UnexpectedState, WaitTimeout, link_keys, port_number, wait_app_active,
                                       wait_devices_available, wait_for, wait_links, wait_reservation_state,
                                       wait_slice_gone, wait_slice_state, wait_slices_state)


class FakeClock:
    def __init__(self):
        self.now = 1000.0
        self.sleeps = []

    def __call__(self):
        return self.now

    def sleep(self, s):
        assert s > 0
        self.sleeps.append(s)
        self.now += s


class FakeRest:
    """Answers GET path with the next scripted (status, body) of that path (the last one repeats);
    an exception in the script is raised (ONOS unreachable)."""

    def __init__(self, script):
        self.script = {p: list(v) for p, v in script.items()}
        self.calls = []

    def call(self, method, path, body=None, **kw):
        self.calls.append((method, path))
        answers = self.script[path]
        a = answers.pop(0) if len(answers) > 1 else answers[0]
        if isinstance(a, Exception):
            raise a
        status, b = a
        return Reply(status, b, "" if b is None else str(b), 0.01)


FIRST_PAGE = "/onos/p4slice/slices?limit=1000&offset=0"


@pytest.fixture
def clock():
    return FakeClock()


def kw(clock):
    return {"clock": clock, "sleep": clock.sleep}


def test_wait_for_returns_the_first_good_value_and_sleeps_the_interval(clock):
    values = iter([1, 2, 3, 4])
    assert wait_for(lambda: next(values), lambda v: v >= 3, 10, "three", interval=0.5, **kw(clock)) == 3
    assert clock.sleeps == [0.5, 0.5]


def test_wait_for_times_out_with_what_and_the_last_value(clock):
    with pytest.raises(WaitTimeout, match=r"the answer: not within 2 s; last seen: 41"):
        wait_for(lambda: 41, lambda v: v == 42, 2, "the answer", interval=0.5, **kw(clock))
    assert clock.now == pytest.approx(1002.0)        # never sleeps past the deadline
    assert sum(clock.sleeps) == pytest.approx(2.0)


def test_wait_for_tolerates_onos_being_away_and_reports_the_error(clock):
    calls = []

    def probe():
        calls.append(1)
        raise OnosError("GET /x: cannot reach ONOS")
    with pytest.raises(WaitTimeout, match="last seen: error: GET /x: cannot reach ONOS"):
        wait_for(probe, bool, 1, "x", interval=0.25, **kw(clock))
    assert len(calls) == 5


def test_wait_for_runs_the_probe_once_with_a_zero_timeout_and_checks_its_arguments(clock):
    assert wait_for(lambda: "ok", bool, 0, "x", **kw(clock)) == "ok"
    with pytest.raises(HarnessError, match="interval > 0"):
        wait_for(lambda: 1, bool, 1, "x", interval=0, **kw(clock))
    with pytest.raises(ZeroDivisionError):           # not a tolerated error: propagates at once
        wait_for(lambda: 1 / 0, bool, 5, "x", **kw(clock))


def slice_answer(state, reason=None, status=200):
    return status, {"id": 7, "state": state, "reason": reason}


def test_wait_slice_state_polls_until_active_and_records_the_states(clock):
    rest = FakeRest({"/onos/p4slice/slices/7": [slice_answer("PROVISIONING")] * 3 + [slice_answer("ACTIVE")]})
    seen = []
    s = wait_slice_state(rest, 7, ("ACTIVE",), 10, seen=seen, interval=1, **kw(clock))
    assert s["state"] == "ACTIVE" and seen == ["PROVISIONING", "ACTIVE"] and clock.sleeps == [1, 1, 1]


def test_wait_slice_state_stops_at_failed_with_the_reason(clock):
    rest = FakeRest({"/onos/p4slice/slices/7": [slice_answer("PROVISIONING"),
                                                slice_answer("FAILED", "device:bmv2:s2 is not available")]})
    with pytest.raises(UnexpectedState, match=r"slice 7 is FAILED \(waiting for ACTIVE\): reason: device:bmv2:s2"):
        wait_slice_state(rest, 7, ("ACTIVE",), 60, interval=1, **kw(clock))
    assert clock.now == 1001


def test_wait_slice_state_can_wait_for_failed(clock):
    rest = FakeRest({"/onos/p4slice/slices/7": [slice_answer("PROVISIONING"), slice_answer("FAILED", "s2 down")]})
    assert wait_slice_state(rest, 7, ("FAILED",), 60, give_up=(), **kw(clock))["reason"] == "s2 down"


def test_wait_slice_state_tolerates_503_while_onos_restarts_then_times_out(clock):
    rest = FakeRest({"/onos/p4slice/slices/7": [(503, None), slice_answer("PROVISIONING")]})
    with pytest.raises(WaitTimeout, match="slice 7 ACTIVE: not within 5 s; last seen: state PROVISIONING, reason None"):
        wait_slice_state(rest, 7, ("ACTIVE",), 5, **kw(clock))


def test_wait_slices_state_one_request_per_poll(clock):
    listing = lambda *states: (200, {"slices": [{"id": i + 1, "state": s, "reason": None} for i, s in enumerate(states)]})
    rest = FakeRest({FIRST_PAGE: [listing("ACTIVE"), listing("ACTIVE", "PROVISIONING"),
                                              listing("ACTIVE", "ACTIVE")]})
    got = wait_slices_state(rest, [1, 2], ("ACTIVE",), 10, interval=1, **kw(clock))
    assert [s["id"] for s in got] == [1, 2] and len(rest.calls) == 3


def test_wait_slices_state_names_the_missing_ones_on_timeout(clock):
    rest = FakeRest({FIRST_PAGE: [(200, {"slices": [{"id": 1, "state": "PROVISIONING"}]})]})
    with pytest.raises(WaitTimeout, match=r"2 slice\(s\) ACTIVE: not within 3 s; last seen: 2 not yet: 1:PROVISIONING, 2:missing"):
        wait_slices_state(rest, [1, 2], ("ACTIVE",), 3, **kw(clock))


def test_wait_slice_gone_until_404(clock):
    rest = FakeRest({"/onos/p4slice/slices/7": [slice_answer("RELEASING"), slice_answer("RELEASING"),
                                                (404, {"code": 404, "message": "no slice with id 7"})]})
    wait_slice_gone(rest, 7, 10, interval=0.5, **kw(clock))
    assert len(rest.calls) == 3
    rest = FakeRest({"/onos/p4slice/slices/7": [slice_answer("RELEASING")]})
    with pytest.raises(WaitTimeout, match=r"released \(GET 404\): not within 2 s; last seen: HTTP 200, state RELEASING"):
        wait_slice_gone(rest, 7, 2, **kw(clock))


def test_wait_reservation_state_through_its_life(clock):
    r = lambda state: (200, {"id": 3, "state": state, "reason": None, "sliceId": 9 if state != "SCHEDULED" else None})
    rest = FakeRest({"/onos/p4slice/reservations/3": [r("SCHEDULED"), r("SCHEDULED"), r("ACTIVE"), r("ACTIVE"),
                                                      r("COMPLETED")]})
    seen = []
    assert wait_reservation_state(rest, 3, ("ACTIVE",), 30, seen=seen, **kw(clock))["sliceId"] == 9
    wait_reservation_state(rest, 3, ("COMPLETED",), 30, seen=seen, **kw(clock))
    assert seen == ["SCHEDULED", "ACTIVE", "COMPLETED"]
    rest = FakeRest({"/onos/p4slice/reservations/3": [r("CANCELLED")]})
    with pytest.raises(UnexpectedState, match="reservation 3 is CANCELLED"):
        wait_reservation_state(rest, 3, ("ACTIVE",), 30, **kw(clock))


def test_app_devices_and_links(clock):
    rest = FakeRest({"/onos/v1/applications/org.p4slice": [(404, None), (200, {"state": "INSTALLED"}),
                                                           (200, {"state": "ACTIVE"})],
                     "/onos/v1/devices/device:bmv2:s1": [(200, {"available": True})],
                     "/onos/v1/devices/device:bmv2:s2": [(404, None), (200, {"available": False}),
                                                         (200, {"available": True})]})
    assert wait_app_active(rest, "org.p4slice", 10, **kw(clock))["state"] == "ACTIVE"
    wait_devices_available(rest, ["device:bmv2:s1", "device:bmv2:s2"], 10, **kw(clock))
    rest = FakeRest({"/onos/v1/devices/device:bmv2:s2": [(200, {"available": False})]})
    with pytest.raises(WaitTimeout, match="last seen: unavailable: device:bmv2:s2"):
        wait_devices_available(rest, ["device:bmv2:s2"], 1, **kw(clock))


def test_port_numbers_as_onos_writes_them():
    assert [port_number(p) for p in (3, "3", "[s1-eth3](3)", "[a(b)](12)")] == [3, 3, 3, 12]
    with pytest.raises(HarnessError, match="not a port number: 'LOCAL'"):
        port_number("LOCAL")


def test_links():
    body = {"links": [{"src": {"device": "device:bmv2:s1", "port": "[s1-eth3](3)"},
                       "dst": {"device": "device:bmv2:s2", "port": "3"}}]}
    assert link_keys(body) == {"device:bmv2:s1/3-device:bmv2:s2/3"}
    assert link_keys(None) == set()
    clock = FakeClock()
    rest = FakeRest({"/onos/v1/links": [(200, {"links": []}), (200, body)]})
    wait_links(rest, {"device:bmv2:s1/3-device:bmv2:s2/3"}, 5, **kw(clock))
    with pytest.raises(WaitTimeout, match=r"link\(s\) device:bmv2:s2/3-device:bmv2:s1/3: not within 1 s"):
        wait_links(rest, {"device:bmv2:s2/3-device:bmv2:s1/3"}, 1, **kw(clock))


def test_all_pages_follows_next_offset_and_reads_an_unpaged_listing_as_one_page():
    page = lambda ids, nxt: (200, {"slices": [{"id": i} for i in ids], "nextOffset": nxt})
    rest = FakeRest({"/onos/p4slice/slices?state=ACTIVE&limit=2&offset=0": [page([1, 2], 2)],
                     "/onos/p4slice/slices?state=ACTIVE&limit=2&offset=2": [page([3], None)]})
    assert [s["id"] for s in all_pages(rest, "/onos/p4slice/slices?state=ACTIVE", "slices", limit=2)] == [1, 2, 3]
    old = FakeRest({FIRST_PAGE: [(200, {"slices": [{"id": 9}]})]})
    assert [s["id"] for s in all_pages(old, "/onos/p4slice/slices", "slices")] == [9]
    refused = FakeRest({FIRST_PAGE: [(400, {"code": 400, "message": "limit must be ..."})]})
    with pytest.raises(OnosError, match="HTTP 400: limit must be"):
        all_pages(refused, "/onos/p4slice/slices", "slices")
