"""(i) Tenants in a real ONOS 2.7, as a university's users meet them. A university's users are p4slice's,
not ONOS's: the lab creates alice (tenant itb) and bob (tenant ui) through p4slice's REST
``POST /onos/p4slice/tenants/{tenant}/users`` as the operator ``onos``; they have no Karaf account. The
lab adds Karaf users to the assembly's ``etc/users.properties`` (a marked block, removed when the module
ends) for ONOS users of no tenant: carol and dave with only ONOS's ``viewer`` role; the stock ``karaf``
user is an ONOS admin. The netcfg names the tenants (no user names) and the operators (``onos``).

- alice creates, updates, books, extends, cancels and deletes her own slices over p4slice's REST;
- alice and bob have no account in ONOS: ONOS's REST ``/onos/v1`` answers them 401, ONOS's GUI login
  (``POST /onos/ui/j_security_check``) fails and ``GET /onos/ui/`` gives them no websocket token, and a
  websocket to ``/onos/ui/websock/core`` cannot deactivate org.p4slice (it stays ACTIVE);
- bob, alice, carol and the unlisted admin karaf are refused each other's slices and bookings, with
  messages that name nobody else's; only an operator manages the tenants' users;
- a GUI websocket opened without the login cookie and authenticated with a valid token (ONOS names its
  user "unknown") sees and changes nothing, while the same socket with onos's cookie sees the slices; dave
  (an ONOS viewer, no operator), who gets a token at ``/onos/ui/``, sees no slice over it;
- alice uses the tenant portal /onos/p4slice/ui/ in headless Chromium: her slices, a slice created
  through the form and ACTIVE, a booking through the form, both released through it.

Every request and answer is printed as a transcript line (``pytest -s``). Screenshots: reports/gui/."""

import base64
import http.cookiejar
import json
import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from p4slice_harness.devtools import Chromium, chromium_binary
from p4slice_harness.onos.rest import OnosRest, slice_request
from p4slice_harness.onos.topology import S1, S2
from p4slice_harness.onos.wait import wait_for, wait_slice_gone, wait_slice_state

pytestmark = [pytest.mark.onos, pytest.mark.timeout(900)]

BASE = "http://127.0.0.1:8181"
GUI = BASE + "/onos/ui/"
PORTAL = BASE + "/onos/p4slice/ui/"
P4S = "/onos/p4slice"
NETCFG = "/onos/v1/network/configuration"
SHOTS = Path(os.environ.get("P4S_REPORT_DIR") or Path(__file__).resolve().parents[2] / "reports") / "gui"
PASSWORDS = {"onos": "rocks", "karaf": "karaf", "alice": "alice-l3-pw", "bob": "bob-l3-pw", "carol": "carolpw",
             "dave": "davepw"}
# the tenants' users, p4slice's own (created through REST, no Karaf account)
TENANT_USERS = {"alice": "itb", "bob": "ui"}
USERS_BEGIN = "# >>> p4slice L3 tenants (mininet-tests/tests/onos/test_i_tenants.py; removed when it ends)"
USERS_END = "# <<< p4slice L3 tenants"
USERS_BLOCK = [
    "carol = carolpw,_g_:p4sliceviewers",
    "dave = davepw,_g_:p4sliceviewers",
    "_g_\\:p4sliceviewers = group,viewer",
]
TENANTS = {"itb": {"name": "ITB", "maxSlices": 6, "maxBookingHours": 4, "maxLeadDays": 30},
           "ui": {"name": "UI"}}
NO_SCOPE = " is neither a p4slice operator nor a tenant's user and may not change anything"
# netcfg-only ports of the lab that no other test uses
ALICE_PORTS, BOB_PORTS, PORTAL_PORTS, BOOKED_PORT = ((S1, 14), (S2, 14)), ((S1, 15), (S2, 15)), \
    ((S1, 16), (S2, 16)), (S1, 17)
BOBS_BOOKED_PORT = (S2, 17)


def transcript(who, method, path, reply):
    print(f"[transcript] {who}: {method} {path} -> {reply.status} {reply.text.strip()[:300]}")


def rest(who):
    return OnosRest(BASE, who, PASSWORDS[who], timeout=20.0)


def call(who, method, path, body=None):
    reply = rest(who).call(method, path, body)
    transcript(who, method, path, reply)
    return reply


def iso(t):
    return t.isoformat().replace("+00:00", "Z")


def write_users(path: Path, block):
    """The assembly's users.properties without the lab's block, plus ``block`` (none if empty)."""
    lines, inside = [], False
    for line in path.read_text().splitlines():
        if line == USERS_BEGIN:
            inside = True
        elif line == USERS_END:
            inside = False
        elif not inside:
            lines.append(line)
    if block:
        lines += [USERS_BEGIN, *block, USERS_END]
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture(scope="module")
def tenancy(lab):
    """The lab's ONOS users in etc/users.properties, tenants and operators in netcfg, the tenants' users in
    p4slice's store (created over REST by the operator); all removed afterwards."""
    users = lab.onos.karaf / "etc" / "users.properties"
    write_users(users, USERS_BLOCK)
    try:
        lab.wait_p4slice_rest(60)
        onos = rest("onos")
        onos.request("POST", NETCFG, {"apps": {"org.p4slice": {"tenants": TENANTS,
                                                                "operators": {"users": ["onos"]}}}})
        for name, tenant in TENANT_USERS.items():
            created = call("onos", "POST", f"{P4S}/tenants/{tenant}/users",
                           {"name": name, "password": PASSWORDS[name]})
            assert created.status == 201, created.text
        assert call("onos", "GET", f"{P4S}/tenants/itb/users").body == {"users": ["alice"]}
        # Karaf reads users.properties at each login: wait until carol is known
        wait_for(lambda: rest("carol").call("GET", P4S + "/slices").status, lambda s: s == 200, 60,
                 "carol authenticated by ONOS", interval=1.0)
        yield
    finally:
        onos = rest("onos")
        for s in onos.call("GET", P4S + "/slices").body["slices"]:
            if s["name"].startswith("i-"):
                onos.call("DELETE", f"{P4S}/slices/{s['id']}")
        for r in onos.call("GET", P4S + "/reservations").body["reservations"]:
            if r["slice"]["name"].startswith("i-") and r["state"] in ("SCHEDULED", "ACTIVE"):
                onos.call("DELETE", f"{P4S}/reservations/{r['id']}")
        for name, tenant in TENANT_USERS.items():
            call("onos", "DELETE", f"{P4S}/tenants/{tenant}/users/{name}")
        onos.call("DELETE", NETCFG + "/apps/org.p4slice/tenants")
        # the lab's own operators block (its netcfg), as the other modules expect it
        onos.call("POST", NETCFG, {"apps": {"org.p4slice": {"operators": {"users": ["onos"]}}}})
        write_users(users, [])


def test_a_tenant_user_runs_its_experiment_over_rest(lab, tenancy):
    created = call("alice", "POST", P4S + "/slices", slice_request("i-alice-1", "itb", 4_000_000, ALICE_PORTS))
    assert created.status == 201, created.text
    sid = created.body["id"]
    try:
        assert wait_slice_state(rest("alice"), sid, ("ACTIVE",), 120)["tenant"] == "itb"
        updated = call("alice", "PUT", f"{P4S}/slices/{sid}",
                       slice_request("i-alice-1", "itb", 6_000_000, ALICE_PORTS))
        assert updated.status == 200 and updated.body["quotaBps"] == 6_000_000, updated.text
        wait_slice_state(rest("alice"), sid, ("ACTIVE",), 120)
        start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=2)
        booked = call("alice", "POST", P4S + "/reservations",
                      {"tenant": "itb", "start": iso(start), "end": iso(start + timedelta(hours=1)),
                       "slice": slice_request("i-alice-slot", "itb", 2_000_000, (BOOKED_PORT,))})
        assert booked.status == 201 and booked.body["state"] == "SCHEDULED", booked.text
        rid = booked.body["id"]
        extended = call("alice", "PUT", f"{P4S}/reservations/{rid}", {"end": iso(start + timedelta(hours=2))})
        assert extended.status == 200 and extended.body["end"] == iso(start + timedelta(hours=2)), extended.text
        too_long = call("alice", "PUT", f"{P4S}/reservations/{rid}", {"end": iso(start + timedelta(hours=5))})
        assert too_long.status == 409 and "at most 4 h" in too_long.message(), too_long.text
        listed = call("alice", "GET", P4S + "/reservations")
        assert [r["id"] for r in listed.body["reservations"] if r["tenant"] != "itb"] == []
        assert call("alice", "DELETE", f"{P4S}/reservations/{rid}").status == 204
        audit = call("onos", "GET", P4S + "/audit?limit=20").body["entries"]
        mine = [(e["action"], e["result"].split(":")[0]) for e in audit if e["user"] == "alice"]
        assert ("slice.create", "OK") in mine and ("reservation.extend", "OK") in mine, mine
    finally:
        removed = call("alice", "DELETE", f"{P4S}/slices/{sid}")
        assert removed.status in (202, 204), removed.text
    wait_slice_gone(rest("alice"), sid, 120)
    assert call("alice", "GET", f"{P4S}/slices/{sid}").status == 404


def test_a_tenant_user_has_no_account_in_onos(lab, tenancy):
    before = rest("onos").request("GET", NETCFG + "/apps/org.p4slice")
    for who in TENANT_USERS:
        for method, path, body in (("GET", "/onos/v1/devices", None), ("GET", "/onos/v1/flows", None),
                                   ("GET", NETCFG, None),
                                   ("DELETE", NETCFG + "/apps/org.p4slice/tenants", None),
                                   ("POST", NETCFG, {"apps": {"org.p4slice": {"operators": {"users": [who]}}}}),
                                   ("DELETE", "/onos/v1/applications/org.p4slice/active", None)):
            reply = call(who, method, path, body)
            assert reply.status == 401, reply.text
        # p4slice's own REST serves it
        assert call(who, "GET", P4S + "/slices").status == 200
        # ONOS's GUI: its login fails and its page carries no websocket token
        status, page, cookie = gui_page(who, "")
        assert "onosAuth=" not in page, page[:300]
        # a websocket of ONOS's GUI cannot reach ONOS's handlers (no token, no session)
        tried = socket_try_deactivate(cookie)
        print(f"[transcript] {who}: GUI websocket appManagementRequest deactivate org.p4slice -> {tried}")
    assert rest("onos").request("GET", NETCFG + "/apps/org.p4slice") == before
    assert lab.onos.app_state("org.p4slice") == "ACTIVE"
    assert call("alice", "GET", P4S + "/slices").status == 200
    audit = call("alice", "GET", P4S + "/audit")
    assert (audit.status, audit.message()) == (403, "the audit log is for operators; user alice is not one")
    # a wrong password and an unknown user are answered alike
    wrong = OnosRest(BASE, "alice", "not-her-password", timeout=20.0).call("GET", P4S + "/slices")
    unknown = OnosRest(BASE, "mallory", PASSWORDS["alice"], timeout=20.0).call("GET", P4S + "/slices")
    print(f"[transcript] alice (wrong password) / mallory: GET {P4S}/slices -> {wrong.status} / {unknown.status}")
    assert (wrong.status, wrong.text) == (unknown.status, unknown.text) and wrong.status == 401
    # only an operator manages the tenants' users; nobody else learns anything
    not_operator = "only a p4slice operator manages tenants' users"
    for who in ("alice", "bob", "carol", "karaf"):
        # users of no scope are refused every change before the resource, by p4slice's authorization filter
        change = not_operator if who in TENANT_USERS else f"user {who}" + NO_SCOPE
        for method, path, body, message in (
                ("GET", f"{P4S}/tenants/itb/users", None, not_operator),
                ("POST", f"{P4S}/tenants/itb/users", {"name": "eve", "password": "eve-l3-pw"}, change),
                ("DELETE", f"{P4S}/tenants/itb/users/alice", None, change)):
            reply = call(who, method, path, body)
            assert (reply.status, reply.message()) == (403, message), reply.text
    assert call("onos", "GET", f"{P4S}/tenants/itb/users").body == {"users": ["alice"]}


def test_other_tenants_and_users_of_no_scope_are_refused(lab, tenancy):
    bobs = call("bob", "POST", P4S + "/slices", slice_request("i-bob-1", "ui", 3_000_000, BOB_PORTS))
    assert bobs.status == 201, bobs.text
    sid = bobs.body["id"]
    try:
        shape = slice_request("i-bob-1", "ui", 9_000_000, BOB_PORTS)
        for who, method, path, body, status, message in (
                ("alice", "GET", f"{P4S}/slices/{sid}", None, 404, f"no slice with id {sid}"),
                ("alice", "DELETE", f"{P4S}/slices/{sid}", None, 404, f"no slice with id {sid}"),
                ("alice", "PUT", f"{P4S}/slices/{sid}", shape, 404, f"no slice with id {sid}"),
                ("alice", "GET", f"{P4S}/slices/{sid}/stats", None, 404, f"no slice with id {sid}"),
                # what each switch holds of it: refused with the words of an unknown id
                ("alice", "GET", f"{P4S}/slices/{sid}/devices", None, 404, f"no slice with id {sid}"),
                ("alice", "GET", f"{P4S}/slices/4093/devices", None, 404, "no slice with id 4093"),
                ("alice", "POST", P4S + "/slices", shape, 403,
                 "user alice acts for tenant itb and may not create a slice of tenant ui"),
                ("carol", "DELETE", f"{P4S}/slices/{sid}", None, 403, "user carol" + NO_SCOPE),
                ("karaf", "DELETE", f"{P4S}/slices/{sid}", None, 403, "user karaf" + NO_SCOPE),
                # a refusal names the port, never the other tenant's slice holding it
                ("alice", "POST", P4S + "/slices", slice_request("i-alice-x", "itb", 1_000_000, BOB_PORTS[:1]), 409,
                 f"port {BOB_PORTS[0][0]}/{BOB_PORTS[0][1]} is the access port of another slice; an access port"
                 " belongs to one slice only"),
                ("carol", "GET", P4S + "/capacity", None, 403,
                 "the capacity of the testbed is for operators and tenants' users; user carol is neither"),
                ("carol", "GET", P4S + "/fairness/history", None, 403,
                 "the fairness history of the testbed is for operators and tenants' users; user carol is neither")):
            reply = call(who, method, path, body)
            assert (reply.status, reply.message()) == (status, message), reply.text
        held = call("onos", "POST", P4S + "/slices", slice_request("i-onos-x", "itb", 1_000_000, BOB_PORTS[:1]))
        assert (held.status, held.message()) == (409, f"port {BOB_PORTS[0][0]}/{BOB_PORTS[0][1]} is the access"
                                                 f" port of slice {sid} (ui/i-bob-1); an access port belongs to one"
                                                 " slice only"), held.text
        # another tenant's booking: the slot is refused, its holder (tenant, slice, booking) is never named
        start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=5)
        slot = {"start": iso(start), "end": iso(start + timedelta(hours=1))}
        bobs_slot = call("bob", "POST", P4S + "/reservations",
                         {"tenant": "ui", **slot, "slice": slice_request("i-bob-slot", "ui", 1_000_000,
                                                                         (BOBS_BOOKED_PORT,))})
        assert bobs_slot.status == 201, bobs_slot.text
        rid = bobs_slot.body["id"]
        try:
            clash = call("alice", "POST", P4S + "/reservations",
                         {"tenant": "itb", **slot, "slice": slice_request("i-alice-clash", "itb", 1_000_000,
                                                                          (BOBS_BOOKED_PORT,))})
            assert clash.status == 409 and "another" in clash.message(), clash.text
            assert not any(name in clash.message() for name in ("ui/", "i-bob", "bob", f"reservation {rid}")), \
                clash.text
            for method, path in (("GET", f"{P4S}/reservations/{rid}"), ("DELETE", f"{P4S}/reservations/{rid}")):
                reply = call("alice", method, path)
                assert (reply.status, reply.message()) == (404, f"no reservation with id {rid}"), reply.text
            assert rid not in [r["id"] for r in call("alice", "GET", P4S + "/reservations").body["reservations"]]
        finally:
            assert call("bob", "DELETE", f"{P4S}/reservations/{rid}").status == 204
        for who in ("carol", "karaf"):          # an empty first page: no slice, and none counted
            page = call(who, "GET", P4S + "/slices").body
            assert (page["slices"], page["total"]) == ([], 0), page
        assert sid not in [s["id"] for s in call("alice", "GET", P4S + "/slices").body["slices"]]
        assert sid in [s["id"] for s in call("onos", "GET", P4S + "/slices").body["slices"]]
        kept = rest("onos").request("GET", f"{P4S}/slices/{sid}")
        assert kept["quotaBps"] == 3_000_000 and kept["tenant"] == "ui"
    finally:
        assert call("bob", "DELETE", f"{P4S}/slices/{sid}").status in (202, 204)
        wait_slice_gone(rest("bob"), sid, 120)


# -- ONOS's classic GUI: login form, page, websocket ------------------------------------------------------

def gui_page(user, page="index.html"):
    """Logs into ONOS's classic GUI (its login form) and fetches its page (``index.html``, or ``""``: the
    directory, which ONOS 2.7 serves to any signed-in user): (status, page, cookie header)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form = urllib.parse.urlencode({"j_username": user, "j_password": PASSWORDS[user]}).encode()
    login = None
    try:
        opener.open(GUI + page, timeout=20).read()
        with opener.open(GUI + "j_security_check", form, timeout=20) as r:
            login = f"{r.status} {r.geturl()}"
        with opener.open(GUI + page, timeout=20) as r:
            status, text = r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode(errors="replace")
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    print(f"[transcript] {user}: GUI login POST /onos/ui/j_security_check -> {login}, GET /onos/ui/{page} -> "
          f"{status}, websocket token {'present' if 'onosAuth=' in text else 'absent'}")
    return status, text, cookie


def socket_try_deactivate(cookie):
    """Opens ONOS's GUI websocket with the cookie and a made-up token and asks ONOS to deactivate
    org.p4slice; returns what happened (the app's state is for the caller to check)."""
    websocket = pytest.importorskip("websocket", reason="websocket-client is missing (requirements.txt)")
    headers = [f"Cookie: {cookie}"] if cookie else []
    try:
        ws = websocket.create_connection(BASE.replace("http", "ws") + "/onos/ui/websock/core", timeout=20,
                                         header=headers)
    except Exception as e:          # refused at the handshake: nothing was sent
        return f"handshake refused ({type(e).__name__}: {e})"
    answers = []
    try:
        ws.send(json.dumps({"event": "authentication", "payload": {"token": "not-a-token"}}))
        ws.send(json.dumps({"event": "appManagementRequest",
                            "payload": {"action": "deactivate", "name": "org.p4slice"}}))
        ws.settimeout(3)
        try:
            while len(answers) < 5:
                answers.append(json.loads(ws.recv()).get("event"))
        except Exception:
            pass
    finally:
        ws.close()
    time.sleep(2)
    return f"answers {answers}"


def gui_token(page):
    m = re.search(r"onosAuth='([^']+)'", page)
    assert m, "no onosAuth token in ONOS's GUI page"
    return m.group(1)


def socket_exchange(token, cookie, events):
    """Opens the GUI's websocket (with the cookie, or without one), authenticates with the token, sends each
    (event, payload, answer event) and returns the answers' payloads."""
    websocket = pytest.importorskip("websocket", reason="websocket-client is missing (requirements.txt)")
    headers = [f"Cookie: {cookie}"] if cookie else []
    ws = websocket.create_connection(BASE.replace("http", "ws") + "/onos/ui/websock/core", timeout=20,
                                     header=headers)
    try:
        ws.send(json.dumps({"event": "authentication", "payload": {"token": token}}))
        answers = []
        for event, payload, answer in events:
            ws.send(json.dumps({"event": event, "payload": payload}))
            deadline = time.monotonic() + 20
            while True:
                assert time.monotonic() < deadline, f"no {answer} to {event}"
                m = json.loads(ws.recv())
                if m.get("event") == "error":
                    raise AssertionError(f"the GUI refused the socket: {m}")
                if m.get("event") == answer:
                    answers.append(m["payload"])
                    break
        return answers
    finally:
        ws.close()


def test_a_gui_socket_without_a_login_sees_and_changes_nothing(lab, tenancy):
    bobs = call("bob", "POST", P4S + "/slices", slice_request("i-bob-gui", "ui", 3_000_000, BOB_PORTS))
    assert bobs.status == 201, bobs.text
    sid = bobs.body["id"]
    try:
        status, page, _ = gui_page("onos")
        assert status == 200
        seen, released = socket_exchange(gui_token(page), None, [
            ("p4sliceSlicesRequest", {}, "p4sliceSlicesResponse"),
            ("p4sliceRelease", {"id": sid}, "p4sliceActionResult")])
        print(f"[transcript] cookie-less GUI socket (user 'unknown'): p4sliceSlicesRequest -> {seen}; "
              f"p4sliceRelease {{\"id\": {sid}}} -> {released}")
        assert (seen["slices"], seen.get("total"), seen.get("error")) == ([], 0, None), seen
        assert (released["ok"], released["code"], released["message"]) == (False, 404, f"no slice with id {sid}")
        assert rest("onos").request("GET", f"{P4S}/slices/{sid}")["state"] != "RELEASING"
        # the same socket with the operator's login cookie sees the slice
        status, page, cookie = gui_page("onos")
        (listed,) = socket_exchange(gui_token(page), cookie, [("p4sliceSlicesRequest", {}, "p4sliceSlicesResponse")])
        print(f"[transcript] GUI socket with onos's login cookie: p4sliceSlicesRequest -> slices "
              f"{[s['id'] for s in listed['slices']]}")
        assert sid in [s["id"] for s in listed["slices"]]
    finally:
        assert call("bob", "DELETE", f"{P4S}/slices/{sid}").status in (202, 204)
        wait_slice_gone(rest("bob"), sid, 120)


def test_an_onos_viewer_sees_nothing_over_the_gui_socket(lab, tenancy):
    bobs = call("bob", "POST", P4S + "/slices", slice_request("i-bob-dave", "ui", 3_000_000, BOB_PORTS))
    assert bobs.status == 201, bobs.text
    sid = bobs.body["id"]
    try:
        # ONOS 2.7 serves /onos/ui/ (not index.html) with the socket's token to any signed-in user
        status, page, cookie = gui_page("dave", "")
        if "onosAuth=" not in page:
            pytest.skip(f"ONOS gave dave no GUI token (GET /onos/ui/ -> {status}): nothing reaches p4slice's view")
        seen, released = socket_exchange(gui_token(page), cookie, [
            ("p4sliceSlicesRequest", {}, "p4sliceSlicesResponse"),
            ("p4sliceRelease", {"id": sid}, "p4sliceActionResult")])
        print(f"[transcript] dave (ONOS viewer) GUI socket: p4sliceSlicesRequest -> {seen}; "
              f"p4sliceRelease {{\"id\": {sid}}} -> {released}")
        assert (seen["slices"], seen.get("total"), seen.get("error")) == ([], 0, None), seen
        assert (released["ok"], released["code"]) == (False, 404), released
        assert rest("onos").request("GET", f"{P4S}/slices/{sid}")["state"] != "RELEASING"
    finally:
        assert call("bob", "DELETE", f"{P4S}/slices/{sid}").status in (202, 204)
        wait_slice_gone(rest("bob"), sid, 120)


# -- the tenant portal in headless Chromium ---------------------------------------------------------------

@pytest.fixture(scope="module")
def alices_browser(tenancy):
    pytest.importorskip("websocket", reason="websocket-client is missing (mininet-tests/requirements.txt)")
    if not chromium_binary():
        pytest.skip("chromium is missing (apt-get install chromium, or set P4S_CHROMIUM)")
    with Chromium(1400, 1000) as b:
        auth = base64.b64encode(f"alice:{PASSWORDS['alice']}".encode()).decode()
        b.cmd("Network.enable")
        b.cmd("Network.setExtraHTTPHeaders", headers={"Authorization": "Basic " + auth})
        yield b


def test_the_portal_serves_a_tenant_user_in_a_browser(lab, tenancy, alices_browser):
    b = alices_browser
    rows = "#slices tbody tr"
    # another tenant's slice exists all along: the portal never shows it
    bobs = call("bob", "POST", P4S + "/slices", slice_request("i-bob-portal", "ui", 1_000_000, BOB_PORTS))
    assert bobs.status == 201, bobs.text
    try:
        portal_session(b, rows, bobs.body["id"])
    finally:
        assert call("bob", "DELETE", f"{P4S}/slices/{bobs.body['id']}").status in (202, 204)
        wait_slice_gone(rest("bob"), bobs.body["id"], 120)


def portal_session(b, rows, bobs_id):
    b.navigate(PORTAL + "?refresh=1000")
    who = b.wait_for("(document.getElementById('p4s-portal-user') || {}).textContent", 60, "the portal page")
    print(f"[transcript] alice (portal in headless Chromium): GET /onos/p4slice/ui/ -> {who!r}")
    assert who == "Signed in as alice for tenant itb (ITB)"
    b.wait_for("document.getElementById('updated').textContent !== 'not loaded yet'", 30, "the first refresh")
    tenants = b.evaluate(f"Array.from(document.querySelectorAll('{rows} td.tenant')).map(function (c) {{"
                         f" return c.textContent; }})")
    print(f"[transcript] alice (portal in headless Chromium): tenants of the slices shown -> {sorted(set(tenants))}")
    assert set(tenants) <= {"itb"}, tenants
    assert b.evaluate("document.getElementById('f-tenant').value") == "itb"
    created = None
    try:
        b.type("#f-name", "i-portal")
        b.type("#f-quota", "2M")
        b.type("#f-endpoints", ", ".join(f"{d}/{p} access" for d, p in PORTAL_PORTS))
        b.click("#create")
        b.wait_for("document.getElementById('message-status').textContent === '201'", 30, "the creation")
        created = rest("onos").request("GET", P4S + "/slices?tenant=itb")["slices"]
        created = next(s for s in created if s["name"] == "i-portal")
        print(f"[transcript] alice (portal form): create i-portal -> 201, slice {created['id']}")
        row = f"{rows}[data-slice-id=\"{created['id']}\"]"
        b.wait_for(f"(document.querySelector('{row} td.state') || {{}}).textContent === 'ACTIVE'", 120,
                   "i-portal ACTIVE in the portal")
        b.wait_for("document.querySelectorAll('#capacity-ports tbody tr').length > 0", 30, "the capacity")
        shown = b.evaluate(f"Array.from(document.querySelectorAll('{rows}')).map(function (r) {{"
                           f" return r.getAttribute('data-slice-id') + ' '"
                           f" + (r.querySelector('td.tenant') || {{}}).textContent; }})")
        print(f"[transcript] alice (portal in headless Chromium): slices shown -> {shown}; "
              f"ui's slice {bobs_id} not among them")
        assert f"{created['id']} itb" in shown and all(r.endswith(" itb") for r in shown), shown
        assert str(bobs_id) not in [r.split()[0] for r in shown], shown
        SHOTS.mkdir(parents=True, exist_ok=True)
        print(f"screenshot {b.screenshot(SHOTS / 'p4slice-portal-alice-slices.png')}")
        b.wait_for("/^(window |No fairness report: )/.test(document.getElementById('fairness-summary').textContent)",
                   60, "the fairness panel")
        start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=3)
        b.type("#r-name", "i-portal-slot")
        b.type("#r-quota", "1M")
        b.type("#r-start", iso(start))
        b.type("#r-end", iso(start + timedelta(hours=1)))
        b.type("#r-endpoints", f"{BOOKED_PORT[0]}/{BOOKED_PORT[1]} access")
        b.click("#reserve")
        b.wait_for("document.getElementById('r-message-status').textContent === '201'", 30, "the booking")
        booking = next(r for r in rest("alice").request("GET", P4S + "/reservations")["reservations"]
                       if r["slice"]["name"] == "i-portal-slot")
        print(f"[transcript] alice (portal form): book i-portal-slot -> 201, reservation {booking['id']}")
        b.wait_for(f"!!document.querySelector('#reservations tbody tr[data-reservation-id=\"{booking['id']}\"]')",
                   30, "the booking in the portal")
        print(f"screenshot {b.screenshot(SHOTS / 'p4slice-portal-alice-booking.png')}")
        cancel = f"button[data-cancel=\"{booking['id']}\"]"
        b.click(cancel)
        b.click(cancel)
        wait_for(lambda: rest("alice").request("GET", f"{P4S}/reservations/{booking['id']}")["state"],
                 lambda s: s == "CANCELLED", 30, "the booking cancelled through the portal")
        release = f"button[data-release=\"{created['id']}\"]"
        b.click(release)
        b.click(release)
        b.wait_for(f"document.querySelector('{row}') === null", 120, "i-portal gone from the portal")
        print(f"[transcript] alice (portal form): cancel reservation {booking['id']} -> CANCELLED; "
              f"release slice {created['id']} -> gone")
        created = None
        assert b.console_errors == [], b.console_errors
    finally:
        if created is not None:
            rest("onos").call("DELETE", f"{P4S}/slices/{created['id']}")
