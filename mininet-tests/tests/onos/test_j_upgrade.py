"""(j) An upgrade of the .oar in place keeps what the stores hold: ONOS is started clean with the
previous release's .oar ($P4S_PREVIOUS_OAR, e.g. app/target/p4slice-app-1.0.0-SNAPSHOT.oar built from
the previous release's commit; clean, because this release's values are not readable by an earlier
one), slices A and B are created with it and ACTIVE, and a booking is made for later (SCHEDULED);
then this release's .oar replaces it (ONOS uninstalls the app and
installs the new one: its distributed maps stay, written by the previous release's classes). The new
app activates, lists A and B ACTIVE and the booking SCHEDULED, unchanged, the hosts of A ping, and
``GET /slices/{id}/devices`` lists A and B ACTIVE on both switches (the outcomes recorded anew).
Skipped with the reason without $P4S_PREVIOUS_OAR.

What ONOS 2.7 itself does not renew in place: the ``Device`` objects of its device store keep the
driver they were bound to when they were made, merged from the previous release's pipeconf, so ONOS's
own translation of flow rules (``PiUtils.getInterpreterOrNull``: ``device.as(PiPipelineInterpreter)``)
would use the previous release's interpreter. The previous release's interpreter does not map
``ICMPV6_TYPE``, so ONOS's NDP packet requests could not be translated after the upgrade ("The following
criteria cannot be translated for table 'P4SliceIngress.acl': ICMPV6_TYPE") until ONOS restarted. The
new release stamps itself in each of its devices' annotations (``p4sliceRelease``) when it activates,
which makes ONOS build new device objects bound to the new driver: the second test checks the stamp
and that ONOS's NDP requests reach both switches after the upgrade, with no ONOS restart.

After an in-place upgrade that changes the P4 program, on bmv2, a slice's floods reached every port
twice (4 copies at the other switch's host) until p4slice renewed its groups: bmv2's replication engine
keeps its multicast groups across a pipeline push while its P4Runtime server forgets them, and a group
inserted again is attached beside the old one (``TargetFacts.groupsOutliveThePipeline`` in the pipeconf).
The third test checks that a flood reaches each host once right after the upgrade, the fourth that it
still does after an ONOS restart with state kept (which also leaves the lab as the next tests expect it)."""

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from p4slice_harness.onos.assembly import PREREQUISITE_APPS
from p4slice_harness.onos.lab import QUOTA_BPS, SLICE_A, SLICE_B
from p4slice_harness.onos.rest import APPLICATIONS, RESERVATIONS, slice_request
from p4slice_harness.onos.topology import S1, S2, trunk_link_keys
from p4slice_harness.onos.wait import wait_devices_available, wait_for, wait_links, wait_slices_state
from p4slice_harness.net.traffic import Endpoint, eth_frame, exchange
from tests.onos.test_k_ipv6 import ndp_requested

pytestmark = [pytest.mark.onos, pytest.mark.timeout(900)]
APP = "org.p4slice"
UPGRADED = {}                  # set by the upgrade test once it passed: the later tests build on it
NDP_WAIT_S = 75                # ONOS lists an entry ADDED at its flow poll (30 s) after the write


def previous_oar():
    path = os.environ.get("P4S_PREVIOUS_OAR")
    if not path or not Path(path).is_file():
        pytest.skip(f"no previous release's .oar to upgrade from (P4S_PREVIOUS_OAR={path!r})")
    return Path(path)


def replace_app(lab, oar):
    """What `onos-app reinstall!` does: uninstall the app (its maps stay), install and activate the .oar."""
    r = lab.rest.call("DELETE", f"{APPLICATIONS}/{APP}", timeout=120)
    assert r.status in (200, 204), f"uninstall {APP}: HTTP {r.status}: {r.message()}"
    wait_for(lambda: lab.onos.app_state(APP), lambda s: s is None, 120, f"{APP} uninstalled", interval=1.0)
    lab.onos.install_oar(oar)
    lab.wait_p4slice_rest(120)


def clean_onos_with(lab, oar):
    """ONOS started clean (the switches keep running), its prerequisite apps and the .oar, the lab's netcfg."""
    mark = lab.onos.mark()
    lab.onos.stop()
    lab.onos.start(clean=True)
    for app in PREREQUISITE_APPS:
        lab.onos.activate(app)
    lab.onos.install_oar(oar)
    lab.reload_bmv2_drivers_if_lost(mark)
    lab.wait_p4slice_rest(120)
    lab.push_netcfg()
    wait_devices_available(lab.rest, [S1, S2], 120)
    wait_links(lab.rest, trunk_link_keys(), 90)


def test_upgrade_in_place_keeps_slices_and_bookings(lab):
    clean_onos_with(lab, previous_oar())
    a = lab.ensure_slice(*SLICE_A, quota_bps=QUOTA_BPS)
    b = lab.ensure_slice(*SLICE_B, quota_bps=QUOTA_BPS)
    wait_slices_state(lab.rest, [a["id"], b["id"]], ("ACTIVE",), 120)
    start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(hours=2)
    # on declared-only ports 10 (free: a standing slice such as B holds its ports at every slot)
    booked = slice_request("later", SLICE_B[1], QUOTA_BPS, ((S1, 10), (S2, 10)))
    r = lab.rest.call("POST", RESERVATIONS, {"tenant": SLICE_B[1], "start": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                            "end": (start + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                                            "slice": booked})
    assert r.status == 201, f"booking with the previous release: HTTP {r.status}: {r.message()}"
    before_slices = {s["id"]: (s["name"], s["vlan"], s["quotaBps"]) for s in lab.slices()}
    before_booking = r.body

    replace_app(lab, lab.oar)

    after = wait_slices_state(lab.rest, [a["id"], b["id"]], ("ACTIVE",), 180)
    print(f"after the upgrade: {after}")
    assert {s["id"]: (s["name"], s["vlan"], s["quotaBps"]) for s in lab.slices()} == before_slices
    got = lab.rest.call("GET", f"{RESERVATIONS}/{before_booking['id']}")
    assert got.status == 200, f"the booking after the upgrade: HTTP {got.status}: {got.message()}"
    assert got.body["state"] == "SCHEDULED"
    assert (got.body["start"], got.body["end"]) == (before_booking["start"], before_booking["end"])
    lab.wait_ping("h1", "h3", 60)
    # the previous release's device outcomes (another map, another format) are not read: the restore
    # at activation records each switch's outcome anew, in this release's map
    for sid in (a["id"], b["id"]):
        wait_for(lambda: lab.get(f"/onos/p4slice/slices/{sid}/devices"),
                 lambda body: [(d["device"], d["state"]) for d in body["devices"]]
                 == [(S1, "ACTIVE"), (S2, "ACTIVE")],
                 60, f"slice {sid} ACTIVE on {S1} and {S2} after the upgrade")
    lab.rest.call("DELETE", f"{RESERVATIONS}/{before_booking['id']}")
    UPGRADED["done"] = True


def ndp_entries_on_both_switches(lab):
    """ONOS's acl entries for its NDP requests ADDED on both switches (test_k's ``ndp_requested``)."""
    if not UPGRADED:
        pytest.skip("the in-place upgrade did not run or did not pass")
    with ndp_requested(lab, NDP_WAIT_S):
        pass


def test_after_the_upgrade_onos_translates_with_the_new_interpreter(lab):
    if not UPGRADED:
        pytest.skip("the in-place upgrade did not run or did not pass")
    for device in (S1, S2):
        r = lab.rest.call("GET", f"/onos/v1/devices/{device}")
        assert r.status == 200, f"GET devices/{device}: HTTP {r.status}: {r.message()}"
        stamp = r.body.get("annotations", {}).get("p4sliceRelease", "")
        assert stamp.startswith("1.0.0") and " built " in stamp, f"{device}'s annotations: {r.body.get('annotations')}"
    ndp_entries_on_both_switches(lab)


def flood_copies(lab) -> int:
    """How many copies of one broadcast frame h1 sends in slice A reach h3 (its one other host there)."""
    frame = eth_frame("ff:ff:ff:ff:ff:ff", "00:00:00:00:00:61", 0x88B5, b"p4slice upgrade flood probe")
    hosts = {h: Endpoint(lab.network.hosts[h], "eth0", h) for h in ("h1", "h3")}
    result = exchange([(hosts["h1"], [frame])], [hosts["h3"]], timeout=3, quiet=2.5)
    return sum(1 for f in result.captured["h3"] if f.raw == frame)


def test_after_the_upgrade_a_flood_reaches_each_host_once(lab):
    if not UPGRADED:
        pytest.skip("the in-place upgrade did not run or did not pass")
    assert flood_copies(lab) == 1


def test_after_an_onos_restart_a_flood_reaches_each_host_once(lab):
    """An ONOS restart with state kept leaves one copy too (and the lab as the next tests expect it)."""
    if not UPGRADED:
        pytest.skip("the in-place upgrade did not run or did not pass")
    took = lab.restart_onos(keep_state=True)
    print(f"ONOS back (app ACTIVE) {took:.1f} s after start")
    wait_devices_available(lab.rest, [S1, S2], 120)
    wait_slices_state(lab.rest, [s["id"] for s in lab.slices()], ("ACTIVE",), 120)
    assert wait_for(lambda: flood_copies(lab), lambda n: n == 1, 60, "one copy of a flood at h3", interval=1.0) == 1
