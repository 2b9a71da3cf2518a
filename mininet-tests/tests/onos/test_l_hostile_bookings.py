"""(l) What a hostile tenant can do to another tenant's bookings in a real ONOS 2.7, over REST as the
tenants' users would, with slots of seconds:

- a rename: alice renames the slice of her booking while it runs; at its end the slice is still
  released and bob's booking of the same port right after hers starts (it used to FAIL on "port ... is
  the access port of another slice");
- a reshape over the cap: alice's booked 1 Mbit/s slice PUT to 19 Mbit/s counts at 19 against her
  20 Mbit/s ``maxBps``, so a second 19 Mbit/s slice is refused (409);
- starving: alice POSTs and DELETEs a slice on another port of the same switch every second; bob's
  booking still starts (it used to wait for every RELEASING slice on the switch, for ever);
- a booked VLAN: bob books an explicit VLAN, the next one automatic allocation would hand out; alice's
  slice gets another, her explicit request for it is refused, and bob's booking starts with it.

The tenants' users are p4slice's own, created over REST by the operator (fixture ``tenant_users``); they
have no ONOS account. Every request and
answer is printed as a transcript line (``pytest -s``)."""

import time
from datetime import datetime, timedelta, timezone

import pytest

from p4slice_harness.onos.rest import OnosRest, slice_request
from p4slice_harness.onos.topology import S1, S2
from p4slice_harness.onos.wait import wait_for, wait_reservation_state, wait_slice_gone, wait_slice_state

pytestmark = [pytest.mark.onos, pytest.mark.timeout(600)]

BASE = "http://127.0.0.1:8181"
P4S = "/onos/p4slice"
NETCFG = "/onos/v1/network/configuration"
MBPS = 1_000_000
PREFIX = "l-"
# netcfg-only ports of the lab that no other test uses
PORT_A, PORT_B = (S1, 12), (S1, 13)
PORT_C, PORT_D = (S2, 12), (S2, 13)
# tenants of this module only: the suite's own slices (tenants itb and ui) count against no cap of theirs
TENANTS = {"litb": {"name": "ITB (hostile bookings)", "maxBps": 20 * MBPS},
           "lui": {"name": "UI (hostile bookings)"}}
TENANT_OF = {"alice": "litb", "bob": "lui"}
PASSWORDS = {"onos": "rocks", "alice": "alice-l3-pw", "bob": "bob-l3-pw"}


def rest(who):
    return OnosRest(BASE, who, PASSWORDS[who], timeout=20.0)


def call(client, who, method, path, body=None):
    reply = client.call(method, path, body)
    print(f"[transcript] {who}: {method} {path} -> {reply.status} {reply.text.strip()[:300]}")
    return reply


def iso(t):
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class Tenant:
    """A tenant's user over REST."""

    def __init__(self, who, tenant, client):
        self.who, self.tenant, self.client = who, tenant, client

    def call(self, method, path, body=None):
        return call(self.client, self.who, method, path, body)

    def book(self, name, port, start, seconds, quota=MBPS, **fields):
        reply = self.call("POST", P4S + "/reservations",
                          {"tenant": self.tenant, "start": iso(start), "end": iso(start + timedelta(seconds=seconds)),
                           "slice": slice_request(name, self.tenant, quota, (port,), **fields)})
        assert reply.status == 201, reply.text
        return reply.body["id"]

    def reservation(self, rid):
        reply = self.call("GET", f"{P4S}/reservations/{rid}")
        assert reply.status == 200, reply.text
        return reply.body


@pytest.fixture(scope="module")
def tenant_users(lab):
    """alice (tenant litb, maxBps 20 Mbit/s) and bob (tenant lui), p4slice's own tenants' users created over
    REST by the operator (no ONOS account, docs/tenants.md), the tenants and operators in netcfg; all
    removed afterwards, with whatever this module left booked."""
    onos = rest("onos")
    try:
        lab.wait_p4slice_rest(60)
        onos.request("POST", NETCFG, {"apps": {"org.p4slice": {"tenants": TENANTS,
                                                                "operators": {"users": ["onos"]}}}})
        for who, tenant in TENANT_OF.items():
            created = onos.call("POST", f"{P4S}/tenants/{tenant}/users", {"name": who, "password": PASSWORDS[who]})
            assert created.status == 201, created.text
            wait_for(lambda: rest(who).call("GET", P4S + "/slices").status, lambda s: s == 200, 60,
                     f"{who} authenticated by p4slice", interval=1.0)
        yield {"alice": Tenant("alice", "litb", rest("alice")), "bob": Tenant("bob", "lui", rest("bob"))}
    finally:
        listed = onos.call("GET", P4S + "/reservations?limit=1000")
        for r in (listed.body or {}).get("reservations", []):
            if r["slice"]["name"].startswith(PREFIX) and r["state"] in ("SCHEDULED", "ACTIVE"):
                onos.call("DELETE", f"{P4S}/reservations/{r['id']}")
        for s in onos.call("GET", P4S + "/slices").body["slices"]:
            if s["name"].startswith(PREFIX) or s["tenant"] in TENANTS and s["name"].startswith("renamed"):
                onos.call("DELETE", f"{P4S}/slices/{s['id']}")
        for who, tenant in TENANT_OF.items():
            onos.call("DELETE", f"{P4S}/tenants/{tenant}/users/{who}")
        onos.call("DELETE", NETCFG + "/apps/org.p4slice/tenants")
        # the lab's own operators block (its netcfg), as the other modules expect it
        onos.call("POST", NETCFG, {"apps": {"org.p4slice": {"operators": {"users": ["onos"]}}}})


def soon(seconds):
    return datetime.now(timezone.utc).replace(microsecond=0) + timedelta(seconds=seconds)


def test_a_renamed_booking_slice_is_released_and_the_next_booking_starts(lab, tenant_users):
    alice, bob = tenant_users["alice"], tenant_users["bob"]
    start = soon(12)
    first = alice.book("l-first", PORT_A, start, 15)
    second = bob.book("l-second", PORT_A, start + timedelta(seconds=15), 15)
    active = wait_reservation_state(alice.client, first, ("ACTIVE",), 60)
    sid = active["sliceId"]
    wait_slice_state(alice.client, sid, ("ACTIVE",), 60)
    renamed = alice.call("PUT", f"{P4S}/slices/{sid}", slice_request("renamed-first", "litb", MBPS, (PORT_A,)))
    assert renamed.status == 200 and renamed.body["name"] == "renamed-first", renamed.text
    seen = []
    started = wait_reservation_state(bob.client, second, ("ACTIVE", "FAILED", "COMPLETED"), 90, seen=seen)
    assert started["state"] == "ACTIVE", started
    assert alice.reservation(first)["state"] == "COMPLETED"
    wait_slice_gone(alice.client, sid, 60)
    wait_slice_state(bob.client, started["sliceId"], ("ACTIVE",), 60)
    assert bob.call("DELETE", f"{P4S}/reservations/{second}").status == 204


def test_b_reshaping_a_booked_slice_counts_at_its_new_quota(lab, tenant_users):
    alice = tenant_users["alice"]
    rid = alice.book("l-shaped", PORT_C, soon(12), 60)
    sid = wait_reservation_state(alice.client, rid, ("ACTIVE",), 60)["sliceId"]
    wait_slice_state(alice.client, sid, ("ACTIVE",), 60)
    grown = alice.call("PUT", f"{P4S}/slices/{sid}", slice_request("l-shaped", "litb", 19 * MBPS, (PORT_C,)))
    assert grown.status == 200, grown.text
    more = alice.call("POST", P4S + "/slices", slice_request("l-more", "litb", 19 * MBPS, (PORT_D,)))
    assert more.status == 409, more.text
    assert "may hold at most 20000000 bit/s" in more.text and "total 38000000" in more.text, more.text
    assert not [s for s in alice.call("GET", P4S + "/slices").body["slices"] if s["name"] == "l-more"]
    over = alice.call("PUT", f"{P4S}/slices/{sid}", slice_request("l-shaped", "litb", 21 * MBPS, (PORT_C,)))
    assert over.status == 409, over.text
    assert alice.call("DELETE", f"{P4S}/reservations/{rid}").status == 204
    wait_slice_gone(alice.client, sid, 60)


def test_c_churn_on_another_port_of_the_switch_does_not_starve_a_booking(lab, tenant_users):
    alice, bob = tenant_users["alice"], tenant_users["bob"]
    start = soon(10)
    rid = bob.book("l-starved", PORT_A, start, 20)
    deadline = time.monotonic() + 45
    state, churned = "SCHEDULED", 0
    while state == "SCHEDULED" and time.monotonic() < deadline:
        made = alice.call("POST", P4S + "/slices", slice_request("l-churn", "litb", MBPS, (PORT_B,)))
        if made.status == 201:
            churned += 1
            alice.call("DELETE", f"{P4S}/slices/{made.body['id']}")
        time.sleep(1.0)
        state = bob.reservation(rid)["state"]
    print(f"alice churned {churned} slices; bob's booking {rid}: {state}")
    assert churned > 0
    assert state == "ACTIVE", bob.reservation(rid)
    assert bob.call("DELETE", f"{P4S}/reservations/{rid}").status == 204


def test_d_a_booked_vlan_is_never_handed_to_another_tenant(lab, tenant_users):
    alice, bob = tenant_users["alice"], tenant_users["bob"]
    used = {s["vlan"] for s in rest("onos").call("GET", P4S + "/slices").body["slices"]}
    vlan = next(v for v in range(100, 4000) if v not in used)
    rid = bob.book("l-vlan", PORT_C, soon(15), 20, vlan=vlan)
    mine = alice.call("POST", P4S + "/slices", slice_request("l-any", "litb", MBPS, (PORT_D,)))
    assert mine.status == 201, mine.text
    try:
        assert mine.body["vlan"] != vlan, mine.body
        taken = alice.call("POST", P4S + "/slices", slice_request("l-taken", "litb", MBPS, (PORT_B,), vlan=vlan))
        assert taken.status == 409 and f"VLAN {vlan} is not available" in taken.text, taken.text
        started = wait_reservation_state(bob.client, rid, ("ACTIVE", "FAILED"), 60)
        assert started["state"] == "ACTIVE", started
        assert wait_slice_state(bob.client, started["sliceId"], ("ACTIVE",), 60)["vlan"] == vlan
    finally:
        alice.call("DELETE", f"{P4S}/slices/{mine.body['id']}")
        bob.call("DELETE", f"{P4S}/reservations/{rid}")
