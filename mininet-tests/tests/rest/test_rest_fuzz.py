"""The REST API against hostile input and across tenants, through the dev server (the real web
application, codecs and services over ONOS's test adapters) on 127.0.0.1 and a free port.

- Two tenants (itb: alice, ui: bob), a user of no tenant (carol) and the default operator (onos/rocks):
  what each sees and may do (the two-tenant walk-through of the README, as HTTP requests).
- Bad slice requests built by the harness's one builder (which checks nothing): the server's status
  and message, and no slice changed.
- Schemathesis fuzzes every operation of the generated swagger document (web/target/swagger.json, which
  the dev server serves at /apidoc/swagger.json), as the operator and as a tenant's user, bounded in
  examples and time: no answer may be a 5xx, and every error must be a JSON body with a "message".
  The figures (requests sent, statuses) are printed and written to reports/rest-fuzz-<user>.json.

Skipped (with the reason) only where Java or the built dev server is missing; a missing fuzzer is a
failure (`make venv-fuzz` installs it)."""

import json
import os
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from p4slice_harness import devserver
from p4slice_harness.onos.rest import slice_request
from p4slice_harness.paths import HARNESS_DIR, report_dir

SCHEMATHESIS = Path(os.environ.get("P4S_SCHEMATHESIS", HARNESS_DIR / ".venv-fuzz/bin/schemathesis"))
MAX_EXAMPLES = int(os.environ.get("P4S_FUZZ_EXAMPLES", "20"))
MAX_SECONDS = int(os.environ.get("P4S_FUZZ_SECONDS", "60"))
REPORTS = report_dir()

TENANTS = {
    "itb": {"name": "ITB", "users": ["alice"], "maxSlices": 4, "maxBps": 40000000, "maxBookingHours": 48,
            "maxLeadDays": 90},
    "ui": {"name": "UI", "users": ["bob"], "maxSlices": 2, "maxBps": 20000000, "maxBookingHours": 24,
           "maxLeadDays": 30},
}
USERS = ["alice:alicepw:admin", "bob:bobpw:admin", "carol:carolpw"]
PASSWORDS = {"onos": "rocks", "alice": "alicepw", "bob": "bobpw", "carol": "carolpw"}
S1 = "device:bmv2:s1"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    reason = devserver.skip_reason()
    if reason:
        pytest.skip(reason)
    s = devserver.DevServer(users=USERS, netcfg={"apps": {"org.p4slice": {"tenants": TENANTS}}},
                            workdir=tmp_path_factory.mktemp("devserver"))
    yield s
    s.stop()


def call(server, who, method, path, body=None):
    """(status, parsed JSON body) of one request as ``who``."""
    r = server.rest(who, PASSWORDS[who]).call(method, path, body)
    return r.status, r.body


def on_s1(name, tenant, port, quota=8000000):
    """A slice request of one access port of s1."""
    return slice_request(name, tenant, quota, [(S1, port)])


# What the harness's builder no longer checks, refused by the server (which is the only judge)
BAD_REQUESTS = {
    "zero quota": (slice_request("a", "itb", 0, [(S1, 1)]), "quotaBps must be > 0, got 0"),
    "fractional quota": (slice_request("a", "itb", 4.1e6, [(S1, 1)]), '"quotaBps" must be an integer, got 4100000.0'),
    "boolean quota": (slice_request("a", "itb", True, [(S1, 1)]), '"quotaBps" must be an integer, got true'),
    "quota as text": (slice_request("a", "itb", "8000000", [(S1, 1)]),
                      '"quotaBps" must be an integer, got "8000000"'),
    "no tenant": (slice_request("a", "", 1000000, [(S1, 1)]), "tenant must not be empty"),
    "no name": (slice_request("", "itb", 1000000, [(S1, 1)]), "slice name must not be empty"),
    "no endpoint": (slice_request("a", "itb", 1000000, []), "a slice needs at least one endpoint"),
    "unknown mode": (slice_request("a", "itb", 1000000, [(S1, 1)], mode="tagged"),
                     'endpoint mode must be "access" or "trunk", got "tagged"'),
    "port as text": (slice_request("a", "itb", 1000000, [(S1, "1")]), '"port" must be an integer, got "1"'),
}


@pytest.mark.parametrize("who", ["alice", "onos"])
@pytest.mark.parametrize("case", sorted(BAD_REQUESTS))
def test_a_bad_slice_request_gets_the_servers_message_and_changes_nothing(server, who, case):
    body, message = BAD_REQUESTS[case]
    before = call(server, "onos", "GET", "/slices")
    assert call(server, who, "POST", "/slices", body) == (400, {"code": 400, "message": message})
    assert call(server, "onos", "GET", "/slices") == before


def test_tenants_see_and_touch_only_their_own(server):
    status, itb = call(server, "alice", "POST", "/slices", on_s1("itb-lab1", "itb", 1))
    assert status == 201, itb
    status, ui = call(server, "bob", "POST", "/slices", on_s1("ui-lab1", "ui", 2))
    assert status == 201, ui
    # each tenant lists its own; the operator all; a user of no tenant nothing
    assert [s["id"] for s in call(server, "alice", "GET", "/slices")[1]["slices"]] == [itb["id"]]
    assert [s["id"] for s in call(server, "bob", "GET", "/slices")[1]["slices"]] == [ui["id"]]
    assert {s["id"] for s in call(server, "onos", "GET", "/slices")[1]["slices"]} >= {itb["id"], ui["id"]}
    assert call(server, "carol", "GET", "/slices")[1] == {"slices": []}
    # another tenant's slice does not exist for bob; naming another tenant is forbidden
    status, body = call(server, "bob", "DELETE", f"/slices/{itb['id']}")
    assert (status, body) == (404, {"code": 404, "message": f"no slice with id {itb['id']}"})
    status, body = call(server, "bob", "PUT", f"/slices/{itb['id']}", on_s1("itb-lab1", "ui", 1))
    assert status == 404, body
    status, body = call(server, "alice", "PUT", f"/slices/{itb['id']}", on_s1("itb-lab1", "ui", 1))
    assert status == 403 and "may not" in body["message"], body
    assert call(server, "bob", "GET", "/slices?tenant=itb")[0] == 403
    # caps: ui may hold 20 Mbit/s in total
    status, body = call(server, "bob", "POST", "/slices", on_s1("ui-lab2", "ui", 3, quota=15000000))
    assert status == 409 and "at most 20000000 bit/s" in body["message"], body
    # the slice is still there, unchanged
    status, body = call(server, "alice", "GET", f"/slices/{itb['id']}")
    assert status == 200 and body["quotaBps"] == 8000000 and body["tenant"] == "itb"
    # the audit log: operators only; it has the refusals too
    assert call(server, "alice", "GET", "/audit")[0] == 403
    status, audit = call(server, "onos", "GET", "/audit")
    assert status == 200
    results = [(e["user"], e["action"], e["result"].split(":")[0]) for e in audit["entries"]]
    assert ("bob", "slice.remove", "404 NOT_FOUND") in results
    assert ("bob", "slice.create", "409 CONFLICT") in results
    assert ("alice", "slice.create", "OK") in results
    # bookings have a horizon: 400 with the range for a time the store cannot hold
    booking = {"tenant": "itb", "start": "+999999999-01-01T00:00:00Z", "end": "+999999999-01-01T01:00:00Z",
               "slice": on_s1("slot", "itb", 4)}
    status, body = call(server, "alice", "POST", "/reservations", booking)
    assert status == 400 and "from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z" in body["message"], body
    for sid, who in ((itb["id"], "alice"), (ui["id"], "bob")):
        assert call(server, who, "DELETE", f"/slices/{sid}")[0] in (202, 204)


def har_entries(path):
    with open(path) as f:
        return json.load(f)["log"]["entries"]


def bad_error(entry):
    """Why an error answer is not a JSON body with a message, or None."""
    response = entry["response"]
    text = response.get("content", {}).get("text") or ""
    try:
        body = json.loads(text)
    except ValueError:
        return f"not JSON: {text[:200]!r}"
    if not isinstance(body, dict) or not isinstance(body.get("message"), str) or not body["message"]:
        return f"no message: {text[:200]!r}"
    return None


@pytest.mark.parametrize("who", ["onos", "alice"])
def test_fuzzing_finds_no_server_error(server, who, tmp_path):
    assert SCHEMATHESIS.exists(), f"{SCHEMATHESIS} is missing: run `make -C mininet-tests venv-fuzz`"
    har = tmp_path / "fuzz.har"
    cmd = [str(SCHEMATHESIS), "run", server.swagger_url, "--url", server.base,
           "--auth", f"{who}:{PASSWORDS[who]}", "--checks", "not_a_server_error",
           "--max-examples", str(MAX_EXAMPLES), "--max-time", str(MAX_SECONDS), "--workers", "1",
           "--request-timeout", "20", "--seed", "14", "--no-color",
           "--report", "har", "--report-har-path", str(har)]
    env = dict(os.environ, NO_PROXY="127.0.0.1", no_proxy="127.0.0.1", SCHEMATHESIS_TELEMETRY="false")
    run = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=MAX_SECONDS + 240)
    output = run.stdout[-6000:] + run.stderr[-2000:]
    assert har.exists(), f"no HAR report; schemathesis said:\n{output}"
    entries = har_entries(har)
    statuses = Counter(e["response"]["status"] for e in entries)
    server_errors = [e for e in entries if e["response"]["status"] >= 500]
    bad = [(e["request"]["method"], e["request"]["url"], e["response"]["status"], bad_error(e))
           for e in entries if e["response"]["status"] >= 400 and bad_error(e)]
    summary = {"user": who, "requests": len(entries), "serverErrors": len(server_errors),
               "errorsWithoutJsonMessage": len(bad), "statuses": {str(k): v for k, v in sorted(statuses.items())},
               "maxExamples": MAX_EXAMPLES, "maxSeconds": MAX_SECONDS, "exitCode": run.returncode}
    REPORTS.mkdir(exist_ok=True)
    (REPORTS / f"rest-fuzz-{who}.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"\nschemathesis as {who}: {len(entries)} requests, statuses {dict(sorted(statuses.items()))}, "
          f"5xx: {len(server_errors)}, errors without a JSON message: {len(bad)}")
    assert entries, f"schemathesis sent nothing:\n{output}"
    assert not server_errors, [(e["request"]["method"], e["request"]["url"], e["response"]["status"],
                                e["response"].get("content", {}).get("text", "")[:300]) for e in server_errors[:10]]
    assert not bad, bad[:10]
    assert run.returncode == 0, output
    assert "Traceback" not in server.log(), server.log()[-3000:]
